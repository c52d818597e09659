import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../../../scripts/precompress.mjs';
import { buildApp } from '../app.ts';
import { memoryBus } from '../bus/event-bus.ts';
import { createClock } from '../clock/server-clock.ts';
import { loadCompanyConfig } from '../config/load-company-config.ts';
import type { Database } from '../db/database.ts';
import { openTestDatabase } from '../testing/create-test-app.ts';
import { LOADER_MAX_AGE_SECONDS } from './static.routes.ts';

// A widget dist as the build leaves it: the loader, the fixed-name app entry, a hashed chunk and a page,
// compressed by the same build step (scripts/precompress.mjs) that `npm run build` runs.
const dist = mkdtempSync(path.join(os.tmpdir(), 'portico-static-'));
const script = (name: string) => Array.from({ length: 400 }, (_, i) => `export const ${name}${i} = () => "${name} line ${i}";`).join('\n');
const FILES: Record<string, string> = {
  'portico.js': script('loader'),
  'chunks/app.js': script('app'),
  'chunks/select-plan-screen-AbC123_x.js': script('screen'),
  'index.html': `<!doctype html><html lang="en"><head><title>demo</title></head><body>${'<p>demo</p>'.repeat(200)}</body></html>`,
  // The operator console's build (vite.console.config.ts): its page and a hashed asset.
  'console/index.html': `<!doctype html><html lang="en"><head><title>Portico console</title><script type="module" src="/console/assets/index-AbCd1234.js"></script></head><body>${'<div id="console"></div>'.repeat(50)}</body></html>`,
  'console/assets/index-AbCd1234.js': script('console'),
};

let app: FastifyInstance;
let database: Database;
beforeAll(async () => {
  for (const [file, text] of Object.entries(FILES)) {
    mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
    writeFileSync(path.join(dist, file), text);
  }
  await precompress(dist);
  database = await openTestDatabase();
  app = await buildApp({ config: loadCompanyConfig(), database, bus: memoryBus(), clock: createClock({ adjustable: true }), widgetDist: dist });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
const decode = { br: brotliDecompressSync, gzip: gunzipSync, identity: (b: Buffer) => b } as const;

describe('widget files go out compressed at build time (issue 6 item 7)', () => {
  const cases = [
    { acceptEncoding: 'gzip, deflate, br', expected: 'br' },
    { acceptEncoding: 'gzip', expected: 'gzip' },
    { acceptEncoding: '', expected: 'identity' },
  ] as const;
  for (const url of ['/portico.js', '/chunks/app.js', '/chunks/select-plan-screen-AbC123_x.js', '/']) {
    for (const { acceptEncoding, expected } of cases) {
      it(`${url} with Accept-Encoding "${acceptEncoding}" is sent ${expected} and decodes to the built file`, async () => {
        const res = await get(url, acceptEncoding ? { 'accept-encoding': acceptEncoding } : {});
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding'] ?? 'identity').toBe(expected);
        expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
        expect(res.headers['content-type']).toMatch(url === '/' ? /text\/html/ : /javascript/);
        const file = FILES[url === '/' ? 'index.html' : url.slice(1)]!;
        // The very bytes compressed at build time, not a per-request compression.
        const built = path.join(dist, url === '/' ? 'index.html' : url.slice(1));
        if (expected !== 'identity') expect(res.rawPayload.equals(readFileSync(`${built}.${expected === 'br' ? 'br' : 'gz'}`))).toBe(true);
        expect(decode[expected](res.rawPayload).toString()).toBe(file);
      });
    }
  }
});

describe('cache headers of the widget files', () => {
  it('a hashed chunk is immutable for a year', async () => {
    const res = await get('/chunks/select-plan-screen-AbC123_x.js', { 'accept-encoding': 'br' });
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
  it('the loader is cached briefly and then revalidated with its ETag (304, no body)', async () => {
    const res = await get('/portico.js', { 'accept-encoding': 'br' });
    expect(res.headers['cache-control']).toBe(`public, max-age=${LOADER_MAX_AGE_SECONDS}`);
    expect(res.headers.etag).toBeTruthy();
    const again = await get('/portico.js', { 'accept-encoding': 'br', 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });
  it('the app entry (a fixed name) and the pages are revalidated on every use', async () => {
    expect((await get('/chunks/app.js')).headers['cache-control']).toBe('no-cache');
    expect((await get('/')).headers['cache-control']).toBe('no-cache');
  });
  it('scripts are public to any host page and carry nosniff but not the document-only headers', async () => {
    const js = await get('/chunks/app.js', { 'accept-encoding': 'br' });
    expect(js.headers['access-control-allow-origin']).toBe('*');
    expect(js.headers['x-content-type-options']).toBe('nosniff');
    expect(js.headers['content-security-policy']).toBeUndefined();
    expect(js.headers['x-frame-options']).toBeUndefined();
    const page = await get('/', { 'accept-encoding': 'br' });
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
  });
});

describe('the widget code is answered from memory (widget-code.ts)', () => {
  it('each encoding has its own ETag, and a matching one gets 304 for that encoding', async () => {
    const br = await get('/chunks/app.js', { 'accept-encoding': 'br' });
    const gz = await get('/chunks/app.js', { 'accept-encoding': 'gzip' });
    expect(br.headers.etag).not.toBe(gz.headers.etag);
    expect((await get('/chunks/app.js', { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) })).statusCode).toBe(304);
    expect((await get('/chunks/app.js', { 'accept-encoding': 'gzip', 'if-none-match': String(br.headers.etag) })).statusCode).toBe(200);
  });

  it('names outside the build, or reaching out of chunks/, are refused with the one error shape', async () => {
    for (const url of ['/chunks/nope-12345678.js', '/chunks/..%2Fportico.js', '/chunks/..%2F..%2Fpackage.json', '/chunks/app.js%00.js', '/chunks/app.js.br']) {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(res.statusCode, url).toBe(url.includes('%00') ? 400 : 404);
      expect(res.headers['access-control-allow-origin'], url).toBeUndefined();
      expect(res.json(), url).toEqual(expect.objectContaining({ ErrorCode: expect.any(String) }));
    }
  });

  it('a HEAD asks without the body', async () => {
    const res = await app.inject({ method: 'HEAD', url: '/portico.js', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.rawPayload.length).toBe(0);
  });

  it('in development, a rebuilt file is served at the next request (the kept copy is read again)', async () => {
    const before = await get('/chunks/app.js');
    expect(before.body).toBe(FILES['chunks/app.js']);
    const rebuilt = script('rebuilt');
    writeFileSync(path.join(dist, 'chunks/app.js'), rebuilt);
    try {
      const after = await get('/chunks/app.js');
      expect(after.body).toBe(rebuilt);
      expect(after.headers.etag).not.toBe(before.headers.etag);
    } finally {
      writeFileSync(path.join(dist, 'chunks/app.js'), FILES['chunks/app.js']!);
    }
    expect((await get('/chunks/app.js')).body).toBe(FILES['chunks/app.js']);
  });

  it('in production (no demo pages) only the widget code is served', async () => {
    const prod = await buildApp({ config: loadCompanyConfig(), database, bus: memoryBus(), clock: createClock({ adjustable: true }), widgetDist: dist, serveDemo: false });
    try {
      expect((await prod.inject({ method: 'GET', url: '/chunks/app.js' })).statusCode).toBe(200);
      expect((await prod.inject({ method: 'GET', url: '/portico.js' })).statusCode).toBe(200);
      expect((await prod.inject({ method: 'GET', url: '/index.html' })).statusCode).toBe(404);
      expect((await prod.inject({ method: 'GET', url: '/' })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});

describe('build-time compression (scripts/precompress.mjs)', () => {
  it('writes .br and .gz copies that decode to the file', () => {
    const file = path.join(dist, 'chunks/app.js');
    expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(FILES['chunks/app.js']);
    expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(FILES['chunks/app.js']);
  });
});

describe('the operator console at /console/ (console-app.ts)', () => {
  it('serves its page (strict CSP, revalidated) and its hashed assets (a year), compressed at build time, in production too', async () => {
    const prod = await buildApp({ config: loadCompanyConfig(), database, bus: memoryBus(), clock: createClock({ adjustable: true }), widgetDist: dist, serveDemo: false });
    try {
      const page = await prod.inject({ method: 'GET', url: '/console/', headers: { 'accept-encoding': 'br' } });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(page.rawPayload).toString()).toBe(FILES['console/index.html']);
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
      expect(page.headers['cache-control']).toBe('no-cache');
      const asset = await prod.inject({ method: 'GET', url: '/console/assets/index-AbCd1234.js', headers: { 'accept-encoding': 'gzip' } });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(gunzipSync(asset.rawPayload).toString()).toBe(FILES['console/assets/index-AbCd1234.js']);
      // Without the slash, the same page; outside the build, nothing.
      expect((await prod.inject({ method: 'GET', url: '/console' })).body).toBe(FILES['console/index.html']);
      expect((await prod.inject({ method: 'GET', url: '/console/assets/nope-12345678.js' })).statusCode).toBe(404);
      expect((await prod.inject({ method: 'GET', url: '/console/..%2F..%2Fpackage.json' })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
