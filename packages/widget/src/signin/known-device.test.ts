import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../api/http.ts';
import type { ApiCall } from '../api/transport.ts';
import { KNOWN_DEVICES_MAX, KNOWN_DEVICES_STORAGE_KEY, readDeviceToken, rememberDeviceFromAnswer, rememberDeviceToken } from './known-device.ts';
import { requestToken } from './signin-calls.ts';

/** A localStorage stand-in. */
function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() { return data.size; },
    clear: () => data.clear(),
    getItem: (k) => data.get(k) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (k) => { data.delete(k); },
    setItem: (k, v) => { data.set(k, String(v)); },
  };
}

const jwt = (claims: object) => `e30.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.sig`;

afterEach(() => { delete (globalThis as { window?: unknown }).window; });

describe('the browser\'s device tokens (docs/auth.md "Lockout and known browsers")', () => {
  it('one per email (any letter case), named by a hash: the storage does not list who signed in', async () => {
    const store = memoryStorage();
    await rememberDeviceToken('Ada@Example.com', 'token-ada', store);
    await rememberDeviceToken('grace@example.com', 'token-grace', store);
    await rememberDeviceToken('ada@example.com', 'token-ada-2', store);
    expect(await readDeviceToken(' ADA@example.com ', store)).toBe('token-ada-2');
    expect(await readDeviceToken('grace@example.com', store)).toBe('token-grace');
    expect(await readDeviceToken('nobody@example.com', store)).toBeUndefined();
    const raw = store.getItem(KNOWN_DEVICES_STORAGE_KEY)!;
    expect(raw).not.toMatch(/example\.com/i);
    expect(JSON.parse(raw)).toHaveLength(2);
  });

  it('keeps the newest ten people, ignores an empty token (demo mode) and survives garbage in storage', async () => {
    const store = memoryStorage();
    for (let i = 0; i < KNOWN_DEVICES_MAX + 2; i += 1) await rememberDeviceToken(`p${i}@example.com`, `t${i}`, store);
    expect(await readDeviceToken('p0@example.com', store)).toBeUndefined();
    expect(await readDeviceToken(`p${KNOWN_DEVICES_MAX + 1}@example.com`, store)).toBe(`t${KNOWN_DEVICES_MAX + 1}`);
    const empty = memoryStorage();
    await rememberDeviceToken('ada@example.com', '', empty);
    expect(empty.length).toBe(0);
    empty.setItem(KNOWN_DEVICES_STORAGE_KEY, '{not json');
    expect(await readDeviceToken('ada@example.com', empty)).toBeUndefined();
    await rememberDeviceToken('ada@example.com', 'fresh', empty);
    expect(await readDeviceToken('ada@example.com', empty)).toBe('fresh');
  });

  it('a reset link\'s answer is kept under the email claim of its access token', async () => {
    const store = memoryStorage();
    await rememberDeviceFromAnswer({ access_token: jwt({ sub: 'per_ada', email: 'ada@example.com' }), device_token: 'from-reset' }, store);
    expect(await readDeviceToken('ada@example.com', store)).toBe('from-reset');
  });

  it('requestToken sends the stored token (and the code step\'s code) and keeps the answer\'s', async () => {
    const store = memoryStorage();
    (globalThis as { window?: unknown }).window = { localStorage: store };
    await rememberDeviceToken('ada@example.com', 'known-browser', store);
    const calls: ApiCall[] = [];
    const api = createApiClient({
      transport: async (call) => {
        calls.push(call);
        return { status: 200, body: { access_token: jwt({}), token_type: 'Bearer', expires_in: 900, device_token: 'renewed' }, header: () => null };
      },
    });
    await requestToken(api, { username: 'ada@example.com', password: 'pw', code: '123456' });
    expect(calls[0]!.body).toEqual({ username: 'ada@example.com', password: 'pw', code: '123456', device_token: 'known-browser' });
    expect(await readDeviceToken('ada@example.com', store)).toBe('renewed');
    await requestToken(api, { username: 'new@example.com', password: 'pw', resendCode: true });
    expect(calls[1]!.body).toEqual({ username: 'new@example.com', password: 'pw', resend_code: true });
  });
});
