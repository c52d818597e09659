import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';

// Issue 6 item 7: the init settings are fetched on every page view of every host site.
let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const INIT = '/api/v1/widgets/auth/init';
const get = (url: string, headers: Record<string, string> = {}) => t.request({ method: 'GET', url, headers });

describe('JSON answers are compressed above 1 KB', () => {
  it('the init settings go out brotli when the browser accepts it, gzip when only that, and decode to the same JSON', async () => {
    const plain = await get(INIT);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    for (const [acceptEncoding, encoding, decode] of [['gzip, deflate, br', 'br', brotliDecompressSync], ['gzip', 'gzip', gunzipSync]] as const) {
      const res = await get(INIT, { 'accept-encoding': acceptEncoding });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(JSON.parse(decode(res.rawPayload).toString())).toEqual(plain.json());
    }
  });
  it('a small answer is sent as it is (compressing it would cost more than it saves)', async () => {
    const res = await get('/healthz', { 'accept-encoding': 'br' });
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});

describe('a repeat visit revalidates the init settings for a 304', () => {
  for (const url of [INIT, '/config/portico-settings.json']) {
    it(`${url}: the ETag of the last answer gets 304 without a body`, async () => {
      const first = await get(url, { 'accept-encoding': 'br' });
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^W\/".+"$/);
      const again = await get(url, { 'accept-encoding': 'br', 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload.length).toBe(0);
      // Browsers and proxies may send several validators, or the strong form of a weak one.
      expect((await get(url, { 'if-none-match': `"other", ${etag.slice(2)}` })).statusCode).toBe(304);
      expect((await get(url, { 'if-none-match': '"other"' })).statusCode).toBe(200);
    });
  }
  it('the API route revalidates on every page view (no-cache) and a fields selection has its own ETag', async () => {
    const whole = await get(INIT);
    expect(whole.headers['cache-control']).toBe('no-cache');
    const part = await get(`${INIT}?fields=BillingSystem`);
    expect(part.headers.etag).not.toBe(whole.headers.etag);
    expect((await get(`${INIT}?fields=BillingSystem`, { 'if-none-match': String(part.headers.etag) })).statusCode).toBe(304);
    expect((await get(`${INIT}?fields=PlanFamilies.Uid`, { 'if-none-match': String(part.headers.etag) })).statusCode).toBe(200);
  });
  it('after an admin change the old ETag gets the new settings (200), not a stale 304', async () => {
    const before = await get(INIT);
    expect((await t.admin({ method: 'PUT', url: '/api/v1/admin/plans/plan-pro', payload: { Name: 'Pro Max' } })).statusCode).toBe(200);
    const after = await get(INIT, { 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('Pro Max');
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });
});
