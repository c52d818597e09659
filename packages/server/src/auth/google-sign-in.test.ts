import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { eq } from 'drizzle-orm';
import { loadCompanyConfig } from '../config/load-company-config.ts';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';
import { startLocalGoogle, type LocalGoogle } from '../testing/local-google.ts';
import { importCustomer } from '../billing/billing-test-helpers.ts';
import { people, personAccounts } from '../db/schema.ts';
import { unitOfWork } from '../unit-of-work.ts';
import { newUid } from '../ids/new-uid.ts';

/** A local JWKS endpoint stands in for Google's keys (as in registration-google-captcha.test.ts). */
const CLIENT_ID = '1234-test.apps.googleusercontent.com';
let google: LocalGoogle;
let key: CryptoKey;
let t: TestApp;

beforeAll(async () => {
  google = await startLocalGoogle();
  key = google.key;
  const config = loadCompanyConfig();
  t = await createTestApp({ clock: '2026-03-15T12:00:00Z', config: { ...config, google: { ...config.google, clientId: CLIENT_ID, jwksUrl: google.jwksUrl } } });
});
afterAll(async () => {
  await t.close();
  await google.close();
});

const idToken = (email: string, sub = `google-${email}`, signWith = key) => new SignJWT({
  iss: 'https://accounts.google.com', aud: CLIENT_ID, sub, email, email_verified: true, given_name: 'Ada', family_name: 'Lovelace',
}).setProtectedHeader({ alg: 'RS256', kid: 'google-1' }).setIssuedAt().setExpirationTime('1h').sign(signWith);

let client = 0;
const googleLogin = (username: string, token: string, query = '') => t.request({
  method: 'POST', url: `/api/v1/tokens${query}`, remoteAddress: `198.51.100.${(client += 1) % 250}`,
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams({ username, GoogleIdToken: token }).toString(),
});
const googleIdOf = async (personUid: string) => (await t.database.db.select({ g: people.oauthGoogleProfileId }).from(people).where(eq(people.uid, personUid)))[0]!.g;
const audits = async (action: 'signin.success' | 'signin.failure' | 'account.switch') => unitOfWork(t.database.db).auditLog.recent(20, action);

describe('POST /tokens with a GoogleIdToken', () => {
  it('signs in the person with the verified email and links the Google profile on first use', async () => {
    const account = await importCustomer(t);
    const email = account.PrimaryContact.Email as string;
    expect(await googleIdOf(account.PrimaryContact.Uid)).toBeNull();
    const res = await googleLogin(email, await idToken(email));
    expect(res.statusCode, res.body).toBe(200);
    expect(decodeJwt(res.json().access_token)).toMatchObject({ sub: account.PrimaryContact.Uid, account_uid: account.Uid, is_primary: true });
    expect(await googleIdOf(account.PrimaryContact.Uid)).toBe(`google-${email}`);
    const [row] = await audits('signin.success');
    expect(row).toMatchObject({ actor: account.PrimaryContact.Uid, detail: { method: 'google', accountUid: account.Uid } });
    // The same Google profile signs in again.
    expect((await googleLogin(email, await idToken(email))).statusCode).toBe(200);
  });

  it('refuses with 400 Errors.InvalidCredentialsGoogle: a forged token, an unknown email, another typed email, another Google profile', async () => {
    const account = await importCustomer(t);
    const email = account.PrimaryContact.Email as string;
    const stranger = (await generateKeyPair('RS256')).privateKey;
    expect((await googleLogin(email, await idToken(email, 'g-1'))).statusCode).toBe(200);
    const cases: [string, Promise<{ statusCode: number; json(): unknown }>][] = [
      ['google_token', googleLogin(email, await idToken(email, 'g-1', stranger))],
      ['google_token', googleLogin(email, 'not-a-jwt')],
      ['unknown_email', googleLogin('nobody@example.com', await idToken('nobody@example.com'))],
      ['google_email_mismatch', googleLogin('someone-else@example.com', await idToken(email, 'g-1'))],
      ['google_profile_mismatch', googleLogin(email, await idToken(email, 'g-2'))],
    ];
    for (const [reason, pending] of cases) {
      const res = await pending;
      expect(res.statusCode, reason).toBe(400);
      expect(res.json()).toMatchObject({ ErrorCode: 'Errors.InvalidCredentialsGoogle', FieldErrors: [] });
    }
    const reasons = (await audits('signin.failure')).slice(0, cases.length).map((r) => r.detail.reason).sort();
    expect(reasons).toEqual(cases.map(([r]) => r).sort());
    // The linked profile was not replaced by the refused one.
    expect(await googleIdOf(account.PrimaryContact.Uid)).toBe('g-1');
  });

  it('bad input never answers 500', async () => {
    for (const token of ['\u0000', 'x'.repeat(5000), '__proto__']) {
      const res = await googleLogin('a@example.com', token);
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('accounts at sign-in and reissue', () => {
  async function twoAccounts() {
    const first = await importCustomer(t);
    const second = await importCustomer(t, { Name: 'Zeta Corp' });
    // The first account's owner is also a member of the second.
    await t.database.db.insert(personAccounts).values({ uid: newUid(), personUid: first.PrimaryContact.Uid, accountUid: second.Uid, isPrimary: false });
    return { person: first.PrimaryContact, first, second };
  }

  it('with several accounts the claim is empty until one is asked for; another\'s account is refused', async () => {
    const { person, first, second } = await twoAccounts();
    const token = await idToken(person.Email);
    const none = await googleLogin(person.Email, token);
    expect(decodeJwt(none.json().access_token)).toMatchObject({ account_uid: null, is_primary: false });
    const picked = await googleLogin(person.Email, token, `?accountUid=${second.Uid}`);
    expect(decodeJwt(picked.json().access_token)).toMatchObject({ account_uid: second.Uid, is_primary: false });
    const bySub = await googleLogin(person.Email, token, `?subscriptionUid=${first.CurrentSubscription.Uid}`);
    expect(decodeJwt(bySub.json().access_token)).toMatchObject({ account_uid: first.Uid, is_primary: true });
    const other = await importCustomer(t);
    const refused = await googleLogin(person.Email, token, `?accountUid=${other.Uid}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().ErrorCode).toBe('Errors.InvalidCredentialsGoogle');
  });

  it('POST /reissue-token is /tokens/reissue: switching accounts is audited, another\'s account is 403', async () => {
    const { person, first, second } = await twoAccounts();
    const signedIn = await googleLogin(person.Email, await idToken(person.Email), `?accountUid=${first.Uid}`);
    const bearer = { authorization: `Bearer ${signedIn.json().access_token}` };
    const switched = await t.request({ method: 'POST', url: `/api/v1/reissue-token?accountUid=${second.Uid}`, headers: bearer });
    expect(switched.statusCode, switched.body).toBe(200);
    expect(decodeJwt(switched.json().access_token)).toMatchObject({ account_uid: second.Uid, sid: decodeJwt(signedIn.json().access_token).sid });
    const [row] = await audits('account.switch');
    expect(row).toMatchObject({ actor: person.Uid, detail: { from: first.Uid, to: second.Uid } });
    const back = await t.request({ method: 'POST', url: `/api/v1/tokens/reissue?accountUid=${first.Uid}`, headers: bearer });
    expect(decodeJwt(back.json().access_token)).toMatchObject({ account_uid: first.Uid });
    const other = await importCustomer(t);
    const refused = await t.request({ method: 'POST', url: `/api/v1/reissue-token?accountUid=${other.Uid}`, headers: bearer });
    expect(refused.statusCode).toBe(403);
    expect((await t.request({ method: 'POST', url: '/api/v1/reissue-token' })).statusCode).toBe(401);
  });
});
