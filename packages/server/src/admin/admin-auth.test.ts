import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_KEY, type TestApp } from '../testing/create-test-app.ts';
import { ADMIN_AUTH_FAILURES_PER_WINDOW } from './admin-auth.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

describe('admin key guessing is rate limited', () => {
  it(`answers 429 after ${ADMIN_AUTH_FAILURES_PER_WINDOW} wrong keys from one address, even for the right key`, async () => {
    const attempt = (key: string) => t.request({ method: 'GET', url: '/api/v1/admin/plans', remoteAddress: '203.0.113.7', headers: { authorization: `Bearer ${key}` } });
    for (let i = 0; i < ADMIN_AUTH_FAILURES_PER_WINDOW; i += 1) expect((await attempt(`wrong-key-${i}-xxxxxxxx`)).statusCode).toBe(401);
    const blocked = await attempt(TEST_ADMIN_KEY);
    expect(blocked.statusCode).toBe(429);
    expect(JSON.parse(blocked.body).ErrorCode).toBe('Errors.TooManyRequests');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Every admin route shares the count: the clock and import routes are blocked too.
    const clock = await t.request({ method: 'GET', url: '/api/v1/admin/clock', remoteAddress: '203.0.113.7', headers: { authorization: `Bearer ${TEST_ADMIN_KEY}` } });
    expect(clock.statusCode).toBe(429);
    // Another address is not affected.
    const other = await t.request({ method: 'GET', url: '/api/v1/admin/plans', remoteAddress: '203.0.113.8', headers: { authorization: `Bearer ${TEST_ADMIN_KEY}` } });
    expect(other.statusCode).toBe(200);
  });
});
