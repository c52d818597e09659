import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readEnv } from './config/env.ts';
import { DEMO_CONFIG_PATH } from './paths.ts';
import { startServer } from './start-server.ts';
import { startupSummary } from './startup-summary.ts';
import { freshPostgresDatabase } from './testing/fresh-postgres.ts';
import { spawnServer } from './testing/spawn-server.ts';

const root = mkdtempSync(path.join(os.tmpdir(), 'portico-production-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

// A built widget folder with the loader, a chunk and the demo pages the build copies beside them.
const widgetDist = path.join(root, 'widget');
mkdirSync(path.join(widgetDist, 'chunks'), { recursive: true });
for (const [file, text] of Object.entries({
  'portico.js': 'export {};', 'chunks/app-abcdefgh.js': 'export {};', 'index.html': '<!doctype html><title>demo</title>',
  'hostile.html': '<!doctype html><title>hostile</title>', 'hostile.css': '', 'account.html': '<!doctype html><title>account</title>',
  'harness.html': '<!doctype html><title>harness</title>', 'harness.js': '', 'harness.css': '', 'demo-mode.js': '', 'site.js': '', 'site.css': '',
})) writeFileSync(path.join(widgetDist, file), text);

// Named explicitly, as production requires; its text matches the install-time PGlite template, so
// no test start pays for initdb. Its site origin is '${PUBLIC_URL}': the demo company's website is the
// pages this server serves, so it follows PORTICO_PUBLIC_URL (OWN_ORIGIN below).
const configFile = DEMO_CONFIG_PATH;
const OWN_ORIGIN = 'http://portico.internal:8080';
// The demo company's captcha is ALTCHA, whose signing key production requires.
const CAPTCHA_KEY = 'production-test-captcha-key-0123456789';
// Seals the token signing keys; production refuses to start without it.
const KEY_ENCRYPTION_KEY = 'production-test-key-encryption-key-0123456789';

const pgUrl = process.env.TEST_DATABASE_URL;

async function serverIn(mode: 'production' | 'development', name: string) {
  const database = pgUrl ? await freshPostgresDatabase(pgUrl) : undefined;
  const server = await startServer(readEnv({
    PORT: '0', LOG_LEVEL: 'silent', NODE_ENV: mode, PORTICO_CONFIG: configFile, PORTICO_PUBLIC_URL: OWN_ORIGIN, PORTICO_CAPTCHA_HMAC_KEY: CAPTCHA_KEY,
    PORTICO_KEY_ENCRYPTION_KEY: KEY_ENCRYPTION_KEY,
    PORTICO_DATA_DIR: path.join(root, name), ...(database ? { DATABASE_URL: database.url } : {}),
  }), { widgetDist });
  return { server, async close() { await server.close(); await database?.drop(); } };
}

/** Status of a GET, with the body read: an unread body keeps the connection busy and the server's close waiting. */
async function statusOf(url: string): Promise<number> {
  const res = await fetch(url);
  await res.arrayBuffer();
  return res.status;
}

async function corsAllows(url: string, origin: string): Promise<boolean> {
  const res = await fetch(`${url}/api/v1/widgets/auth/init`, { headers: { origin } });
  await res.arrayBuffer();
  return res.headers.get('access-control-allow-origin') === origin;
}

describe(`production is not the demo (${pgUrl ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('refuses to start without an explicit company config, before touching the data folder', async () => {
    expect(() => readEnv({ NODE_ENV: 'production' })).toThrow(/PORTICO_CONFIG: required when NODE_ENV=production/);
    const dataDir = path.join(root, 'refused');
    const server = spawnServer({ NODE_ENV: 'production', PORTICO_DATA_DIR: dataDir });
    expect(await server.outcome).toEqual({ ready: false, code: 1 });
    expect(server.stderr()).toContain('PORTICO_CONFIG: required when NODE_ENV=production');
    // The demo company (and its live coupons) was not loaded into the folder a later start would use.
    expect(existsSync(path.join(dataDir, 'pglite'))).toBe(false);
  }, 120_000);

  it('refuses to start without PORTICO_KEY_ENCRYPTION_KEY (tokens would be signed under the public development key)', async () => {
    const dataDir = path.join(root, 'no-key-encryption');
    const server = spawnServer({ NODE_ENV: 'production', PORTICO_CONFIG: configFile, PORTICO_CAPTCHA_HMAC_KEY: CAPTCHA_KEY, PORTICO_DATA_DIR: dataDir });
    expect(await server.outcome).toEqual({ ready: false, code: 1 });
    const said = server.stderr().trim().split('\n').filter((l) => l.includes('PORTICO_KEY_ENCRYPTION_KEY'));
    expect(said).toHaveLength(1);
    expect(said[0]).toContain('PORTICO_KEY_ENCRYPTION_KEY: required when NODE_ENV=production');
    // Development still starts without it (with a warning), as every other test here shows.
  }, 120_000);

  it('serves only the widget code, no demo page, and allows only the configured site origins', { timeout: 120_000 }, async () => {
    const prod = await serverIn('production', 'prod');
    try {
      const { url } = prod.server;
      for (const page of ['/', '/index.html', '/account.html', '/harness.html', '/hostile.html', '/hostile.css', '/harness.js', '/harness.css', '/demo-mode.js', '/site.js', '/site.css']) {
        expect(await statusOf(`${url}${page}`), page).toBe(404);
      }
      for (const code of ['/portico.js', '/chunks/app-abcdefgh.js']) expect(await statusOf(`${url}${code}`), code).toBe(200);
      // The config's site origin (here the public URL) and nothing else: not the old fixed localhost:3000,
      // not the origins development adds for the demo pages.
      expect(await corsAllows(url, OWN_ORIGIN)).toBe(true);
      expect(await corsAllows(url, 'http://localhost:3000')).toBe(false);
      expect(await corsAllows(url, `http://localhost:${new URL(url).port}`)).toBe(false);
      expect(await corsAllows(url, `http://127.0.0.1:${new URL(url).port}`)).toBe(false);
    } finally {
      await prod.close();
    }
    // The same config outside production keeps the demo pages and the server's own origin.
    const dev = await serverIn('development', 'dev');
    try {
      expect(await (await fetch(`${dev.server.url}/`)).text()).toContain('<title>demo</title>');
      for (const page of ['/account.html', '/harness.html', '/hostile.html', '/site.js']) expect(await statusOf(`${dev.server.url}${page}`), page).toBe(200);
      expect(await corsAllows(dev.server.url, OWN_ORIGIN)).toBe(true);
    } finally {
      await dev.close();
    }
  });

  it('says in one start-up line the mode, the database and which optional parts are on, without secrets', async () => {
    const line = startupSummary(readEnv({
      NODE_ENV: 'production', PORTICO_CONFIG: configFile, DATABASE_URL: 'postgres://portico:s3cret@db.internal:5432/portico',
      REDIS_URL: 'redis://:hunter2@cache:6379', PORTICO_ADMIN_KEY: 'admin-key-0123456789abcdef', PORTICO_TRUST_PROXY: '1',
    }));
    expect(line).toMatch(/^Portico \d+\.\d+\.\d+ in production mode · database PostgreSQL \(db\.internal:5432\/portico\) · Redis on · admin API on · mail off \(SMTP_URL not set: sign-ups that need a mailed link are refused\) · trusted proxy 1 · demo pages off · config /);
    expect(line).not.toMatch(/s3cret|hunter2|admin-key|\n/);
    expect(startupSummary(readEnv({ PORTICO_DATA_DIR: '/srv/portico' }))).toMatch(
      /in development mode · database embedded PGlite \(\/srv\/portico\/pglite\) · Redis off · admin API off · mail dev mailbox at \/dev\/mailbox · trusted proxy off · demo pages on · config demo company$/);
    const smtp = startupSummary(readEnv({ NODE_ENV: 'production', PORTICO_CONFIG: configFile, SMTP_URL: 'smtps://mailer:p4ssw0rd@smtp.example:465' }));
    expect(smtp).toContain(' · mail SMTP · ');
    expect(smtp).not.toContain('p4ssw0rd');

    // And the real process prints it, once, before the ready line.
    const server = spawnServer({ NODE_ENV: 'production', PORTICO_CONFIG: configFile, PORTICO_CAPTCHA_HMAC_KEY: CAPTCHA_KEY, PORTICO_KEY_ENCRYPTION_KEY: KEY_ENCRYPTION_KEY, PORTICO_DATA_DIR: path.join(root, 'logged') });
    expect(await server.outcome, server.stderr()).toMatchObject({ ready: true });
    server.child.kill('SIGTERM');
    expect(await server.exited(), `signal ${server.child.signalCode}; ${server.stderr()}`).toBe(0);
    const messages = server.stdout().trim().split('\n').map((l) => (JSON.parse(l) as { msg: string }).msg);
    expect(messages.filter((m) => m.startsWith('Portico 0.') && m.includes(' in production mode · database embedded PGlite'))).toHaveLength(1);
    expect(messages.findIndex((m) => m.includes('mode · database'))).toBeLessThan(messages.findIndex((m) => m.startsWith('Portico ready at')));
  }, 120_000);
});
