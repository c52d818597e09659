import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_KEY, type TestApp } from '../testing/create-test-app.ts';
import { RATE_LIMITS } from '../features.ts';

const LIMIT = RATE_LIMITS.adminKeyFailures.max;
let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const adminGet = (url: string, remoteAddress: string, key?: string) =>
  t.request({ method: 'GET', url, remoteAddress, headers: key === undefined ? {} : { authorization: `Bearer ${key}` } });

describe('admin key guessing is limited without locking the owner out', () => {
  it(`after ${LIMIT} wrong keys a wrong key answers 429 with Retry-After, while the right key keeps working`, async () => {
    const ip = '203.0.113.7';
    for (let i = 0; i < LIMIT; i += 1) {
      const res = await adminGet('/api/v1/admin/plans', ip, `wrong-key-${i}-xxxxxxxx`);
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="portico"');
    }
    const blocked = await adminGet('/api/v1/admin/plans', ip, 'wrong-key-next-xxxxxxxx');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ Status: 429, ErrorCode: 'Errors.TooManyRequests', FieldErrors: [] });
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= RATE_LIMITS.adminKeyFailures.windowMs / 1000).toBe(true);

    // The owner, sharing the attacker's address (e.g. one proxy), is not refused on any admin route.
    expect((await adminGet('/api/v1/admin/plans', ip, TEST_ADMIN_KEY)).statusCode).toBe(200);
    expect((await adminGet('/api/v1/admin/clock', ip, TEST_ADMIN_KEY)).statusCode).toBe(200);
    // Every admin route shares the count: a wrong key on another admin route is refused too.
    expect((await adminGet('/api/v1/admin/clock', ip, 'wrong-key-other-route-xx')).statusCode).toBe(429);
    // Another address is not affected.
    expect((await adminGet('/api/v1/admin/plans', '203.0.113.8', 'wrong-key-elsewhere-xxx')).statusCode).toBe(401);
  });

  it('a request without a key is a 401 challenge and does not count as a guess', async () => {
    const ip = '203.0.113.20';
    for (let i = 0; i < LIMIT + 5; i += 1) {
      const res = await adminGet('/api/v1/admin/plans', ip);
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="portico"');
      expect(res.json().ErrorCode).toBe('Errors.Unauthorized');
    }
    expect((await adminGet('/api/v1/admin/plans', ip, 'wrong-key-first-guess-x')).statusCode).toBe(401);
  });
});
