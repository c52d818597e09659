import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';
import { importCustomer } from '../billing/billing-test-helpers.ts';
import { unitOfWork } from '../unit-of-work.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../passwords/password-hashing.ts';
import { signIn } from './sign-in.ts';

const PASSWORD = 'correct horse battery staple';
let t: TestApp;

/** A customer (account, primary contact, subscription) whose contact has a password. */
async function customerWithPassword(password = PASSWORD) {
  const account = await importCustomer(t);
  await unitOfWork(t.database.db).passwordHistory.replaceHash(account.PrimaryContact.Uid, await hashPassword(password), t.clock.now());
  return { account, email: account.PrimaryContact.Email as string, personUid: account.PrimaryContact.Uid as string };
}

let client = 0;
// Each sign-in from its own address, so the per-address limit (rate-limits.test.ts covers it) stays out of the way.
const login = (username: string, password: string, query = '') => t.request({
  method: 'POST', url: `/api/v1/tokens${query}`, remoteAddress: `192.0.2.${(client += 1) % 250}`,
  headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-timezone': 'Europe/Paris' },
  payload: new URLSearchParams({ username, password }).toString(),
});
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const whoAmI = (token: string) => t.request({ method: 'GET', url: '/api/v1/auth/session', headers: bearer(token) });

beforeAll(async () => { t = await createTestApp({ clock: '2026-03-15T12:00:00Z' }); });
afterAll(async () => { await t.close(); });

describe('POST /tokens', () => {
  it('signs in with email and password: a Bearer token with the person, account, subscription and session claims', async () => {
    const { account, email, personUid } = await customerWithPassword();
    const res = await login(`  ${email.toUpperCase()} `, PASSWORD);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toEqual({ access_token: expect.any(String), token_type: 'Bearer', expires_in: 15 * 60, device_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    expect(decodeProtectedHeader(body.access_token)).toMatchObject({ alg: 'ES256', kid: expect.any(String) });
    const claims = decodeJwt(body.access_token);
    expect(claims).toMatchObject({
      sub: personUid, email, given_name: 'Ada', family_name: 'Lovelace', account_uid: account.Uid, is_primary: true,
      subscription_uid: account.CurrentSubscription.Uid, plan_uid: 'plan-starter', sid: expect.any(String), aud: 'portico',
    });
    expect(claims.exp! - claims.iat!).toBe(15 * 60);
    const me = await whoAmI(body.access_token);
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json()).toEqual({ PersonUid: personUid, AccountUid: account.Uid, IsPrimary: true, SessionUid: claims.sid });
  });

  it('a wrong password and an unknown email get the same 400 Errors.InvalidCredentials, and both are audited', async () => {
    const { email, personUid } = await customerWithPassword();
    const wrong = await login(email, `${PASSWORD}!`);
    const unknown = await login(`nobody-${Date.now()}@example.com`, PASSWORD);
    // The password is compared exactly as typed: no trimming.
    const padded = await login(email, ` ${PASSWORD}`);
    for (const res of [wrong, unknown, padded]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ Status: 400, ErrorCode: 'Errors.InvalidCredentials', Message: 'Invalid email or password.', FieldErrors: [] });
    }
    const failures = await unitOfWork(t.database.db).auditLog.recent(10, 'signin.failure');
    expect(failures.find((f) => f.actor === personUid)?.detail).toEqual({ reason: 'wrong_password' });
    expect(failures.find((f) => f.target?.startsWith('nobody-'))).toMatchObject({ actor: null, ip: expect.stringMatching(/^192\.0\.2\./), detail: { reason: 'unknown_email' } });
  });

  it('an unknown email costs the same argon2 work: it is verified against the dummy hash', async () => {
    const { email } = await customerWithPassword();
    const verified: string[] = [];
    const deps = {
      uow: unitOfWork(t.database.db), clock: t.clock, auth: t.config.auth, tokens: t.app.auth.tokens,
      verifyPassword: async (hash: string, password: string) => { verified.push(hash); return verifyPassword(hash, password); },
    };
    await expect(signIn(deps, { username: `nobody-${Date.now()}@example.com`, password: PASSWORD, ip: '192.0.2.11' })).rejects.toMatchObject({ code: 'Errors.InvalidCredentials' });
    expect(verified).toEqual([await dummyPasswordHash()]);
    expect(verified[0]).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    await expect(signIn(deps, { username: email, password: 'wrong', ip: '192.0.2.11' })).rejects.toMatchObject({ code: 'Errors.InvalidCredentials' });
    expect(verified).toHaveLength(2);
    expect(verified[1]).not.toBe(await dummyPasswordHash());
  });

  it('compares the whole password as typed: no truncation (a 100-character password is not its first 72), no case or Unicode folding', async () => {
    const long = `${'x'.repeat(72)}${'tail-that-matters-'.repeat(2)}`.slice(0, 100);
    const { email } = await customerWithPassword(long);
    expect((await login(email, long.slice(0, 72))).statusCode).toBe(400);
    expect((await login(email, long.toUpperCase())).statusCode).toBe(400);
    expect((await login(email, long)).statusCode).toBe(200);
    const composed = 'caf\u00e9 au lait, s\u2019il vous pla\u00eet';
    const { email: other } = await customerWithPassword(composed);
    expect((await login(other, composed.normalize('NFD'))).statusCode).toBe(400);
    expect((await login(other, composed)).statusCode).toBe(200);
  });

  it('refuses an account the person does not belong to', async () => {
    const { email } = await customerWithPassword();
    const other = await importCustomer(t);
    expect((await login(email, PASSWORD, `?accountUid=${other.Uid}`)).statusCode).toBe(400);
  });
});

describe('the access token and its session', () => {
  it('a guarded route refuses no token, a tampered token and a token of another key', async () => {
    const { email } = await customerWithPassword();
    const token = (await login(email, PASSWORD)).json().access_token as string;
    expect((await t.request({ method: 'GET', url: '/api/v1/auth/session' })).statusCode).toBe(401);
    const [h, p, s] = token.split('.');
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...decodeJwt(token), sub: 'someone-else' })).toString('base64url')}.${s}`;
    expect((await whoAmI(tampered)).statusCode).toBe(401);
    expect((await whoAmI(`${h}.${p}.${s!.slice(0, -4)}AAAA`)).statusCode).toBe(401);
  });

  it('logout ends the session: the same token is refused at once, long before it expires', async () => {
    const { personUid, email } = await customerWithPassword();
    const token = (await login(email, PASSWORD)).json().access_token as string;
    expect((await whoAmI(token)).statusCode).toBe(200);
    const out = await t.request({ method: 'POST', url: '/api/v1/tokens/logout', headers: bearer(token) });
    expect(out.statusCode, out.body).toBe(204);
    const after = await whoAmI(token);
    expect(after.statusCode).toBe(401);
    expect(after.json().ErrorCode).toBe('Errors.Unauthorized');
    expect((await t.request({ method: 'POST', url: '/api/v1/tokens/reissue', headers: bearer(token) })).statusCode).toBe(401);
    const logouts = await unitOfWork(t.database.db).auditLog.recent(10, 'logout');
    expect(logouts.find((l) => l.actor === personUid)?.target).toBe(decodeJwt(token).sid);
  });

  it('reissue gives a new token for the same session with fresh claims; both work until logout', async () => {
    const { email, account } = await customerWithPassword();
    const first = (await login(email, PASSWORD)).json().access_token as string;
    t.clock.set(new Date(t.clock.now().getTime() + 60_000));
    const res = await t.request({ method: 'POST', url: '/api/v1/tokens/reissue', headers: bearer(first) });
    expect(res.statusCode, res.body).toBe(200);
    const second = res.json().access_token as string;
    expect(second).not.toBe(first);
    expect(decodeJwt(second)).toMatchObject({ sid: decodeJwt(first).sid, account_uid: account.Uid });
    expect(decodeJwt(second).iat).toBeGreaterThan(decodeJwt(first).iat!);
    expect((await whoAmI(second)).statusCode).toBe(200);
    await t.request({ method: 'POST', url: '/api/v1/tokens/logout', headers: bearer(second) });
    expect((await whoAmI(first)).statusCode).toBe(401);
  });

  it('an expired token is refused (15 minutes by default)', async () => {
    const { email } = await customerWithPassword();
    const token = (await login(email, PASSWORD)).json().access_token as string;
    const start = t.clock.now().getTime();
    t.clock.set(new Date(start + 14 * 60_000));
    expect((await whoAmI(token)).statusCode).toBe(200);
    t.clock.set(new Date(start + 16 * 60_000));
    expect((await whoAmI(token)).statusCode).toBe(401);
  });
});

describe('session lifetimes from the company config', () => {
  let short: TestApp;
  beforeAll(async () => {
    const base = await createTestApp();
    const config = { ...base.config, auth: { ...base.config.auth, sessionIdleMinutes: 5, accessTokenMinutes: 30 } };
    await base.close();
    short = await createTestApp({ clock: '2026-03-15T12:00:00Z', config });
  });
  afterAll(async () => { await short.close(); });

  it('a session idle longer than sessionIdleMinutes ends, and its still-unexpired token stops working', async () => {
    const account = await importCustomer(short);
    await unitOfWork(short.database.db).passwordHistory.replaceHash(account.PrimaryContact.Uid, await hashPassword(PASSWORD), short.clock.now());
    const res = await short.request({ method: 'POST', url: '/api/v1/tokens', payload: { username: account.PrimaryContact.Email, password: PASSWORD } });
    expect(res.statusCode, res.body).toBe(200);
    const token = res.json().access_token as string;
    const sid = decodeJwt(token).sid as string;
    const me = () => short.request({ method: 'GET', url: '/api/v1/auth/session', headers: bearer(token) });
    // Use within the idle limit moves it on.
    short.clock.set(new Date(short.clock.now().getTime() + 4 * 60_000));
    expect((await me()).statusCode).toBe(200);
    short.clock.set(new Date(short.clock.now().getTime() + 4 * 60_000));
    expect((await me()).statusCode).toBe(200);
    short.clock.set(new Date(short.clock.now().getTime() + 6 * 60_000));
    expect((await me()).statusCode).toBe(401);
    expect(await unitOfWork(short.database.db).sessions.get(sid)).toMatchObject({ ended: expect.any(Date), endReason: 'idle' });
  });
});
