import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { sql } from 'drizzle-orm';
import { loadCompanyConfig } from '../config/load-company-config.ts';
import { unitOfWork } from '../unit-of-work.ts';
import { pay } from '../payments/payments-test-helpers.ts';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';
import { startLocalGoogle, type LocalGoogle } from '../testing/local-google.ts';
import { TEST_PASSWORD, bearer, signedInCustomer, type TestCustomer } from '../testing/signed-in-test-helpers.ts';

/**
 * Issue 12 item 1: one re-authentication policy. A session signed in more than 10 minutes ago is
 * refused the sensitive changes (promote, payment-method removal) with 403
 * Errors.ReauthenticationRequired until POST /auth/reauthenticate; saving a new card never asks.
 */
const CLIENT_ID = '1234-reauth.apps.googleusercontent.com';
let google: LocalGoogle;
let t: TestApp;

beforeAll(async () => {
  google = await startLocalGoogle();
  const config = loadCompanyConfig();
  t = await createTestApp({ config: { ...config, google: { ...config.google, clientId: CLIENT_ID, jwksUrl: google.jwksUrl } } });
});
afterAll(async () => {
  await t.close();
  await google.close();
});

let client = 0;
/** Each call from its own address, so the per-address limits stay out of the way (rate-limits.test.ts covers them). */
const addr = () => `198.51.100.${(client = (client % 250) + 1)}`;
const minutesLater = (minutes: number) => t.clock.set(new Date(t.clock.now().getTime() + minutes * 60_000));
const reauth = (token: string, payload: unknown) => t.request({ method: 'POST', url: '/api/v1/auth/reauthenticate', remoteAddress: addr(), headers: bearer(token), payload: payload as object });
const promote = (c: TestCustomer) => t.request({
  method: 'PUT', url: `/api/v1/profile/account/people/${c.member!.linkUid}`, remoteAddress: addr(), headers: bearer(c.primary.token), payload: { IsPrimary: true },
});
const isPrimary = async (personUid: string) => (await t.database.db.execute(sql`select is_primary from person_accounts where person_uid = ${personUid}`) as unknown as { rows: { is_primary: boolean }[] }).rows[0]!.is_primary;
const authenticatedAt = async (token: string) => {
  const session = (await t.request({ method: 'GET', url: '/api/v1/auth/session', headers: bearer(token) })).json().SessionUid as string;
  return (await unitOfWork(t.database.db).sessions.get(session))!.authenticatedAt;
};

/** A completed setup intent saved on the account as its card (what updatePaymentInformation does). */
async function saveCard(c: TestCustomer, token = c.primary.token) {
  const intent = await t.request({ method: 'POST', url: `/api/v1/billing/paymentinformation/stripe/setup-intent?accountUid=${c.accountUid}`, remoteAddress: addr(), headers: bearer(token), payload: {} });
  expect(intent.statusCode, intent.body).toBe(200);
  const secret = intent.json().ClientSecret as string;
  await pay(t, secret);
  return t.request({ method: 'POST', url: '/api/v1/billing/paymentinformation', remoteAddress: addr(), headers: bearer(token), payload: { PaymentClientSecret: secret, mode: 'enter', Account: { Uid: c.accountUid } } });
}
const removeCard = (uid: string, token: string) => t.request({ method: 'DELETE', url: `/api/v1/billing/paymentInformation/${uid}`, remoteAddress: addr(), headers: bearer(token) });

describe('the re-authentication window on sensitive changes', () => {
  it('promote: 11 minutes after sign-in is 403 Errors.ReauthenticationRequired and changes nothing; after POST /auth/reauthenticate it passes', async () => {
    const c = await signedInCustomer(t, { member: true });
    minutesLater(11);
    const refused = await promote(c);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json()).toMatchObject({ ErrorCode: 'Errors.ReauthenticationRequired', Message: 'For your security, confirm it is you: enter your password again.' });
    expect(await isPrimary(c.member!.uid)).toBe(false);

    const before = await authenticatedAt(c.primary.token);
    const ok = await reauth(c.primary.token, { Password: TEST_PASSWORD });
    expect(ok.statusCode, ok.body).toBe(204);
    expect((await authenticatedAt(c.primary.token)).getTime()).toBeGreaterThan(before.getTime());
    const [row] = await unitOfWork(t.database.db).auditLog.recent(1, 'reauthenticate');
    expect(row).toMatchObject({ actor: c.primary.uid, detail: { method: 'password' } });
    // The guard may serve a cached session row; the policy reads it fresh, so the proof counts at once.
    const promoted = await promote(c);
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(await isPrimary(c.member!.uid)).toBe(true);
  });

  it('9 minutes after sign-in passes without asking', async () => {
    const c = await signedInCustomer(t, { member: true });
    minutesLater(9);
    const res = await promote(c);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('the window runs from the last proof, and ends again 10 minutes after it', async () => {
    const c = await signedInCustomer(t, { member: true });
    minutesLater(11);
    expect((await reauth(c.primary.token, { Password: TEST_PASSWORD })).statusCode).toBe(204);
    // A fresh access token for the same session (a token lives 15 minutes; the session's proof is what counts).
    const reissued = await t.request({ method: 'POST', url: '/api/v1/tokens/reissue', headers: bearer(c.primary.token) });
    c.primary.token = reissued.json().access_token as string;
    minutesLater(9);
    expect((await t.request({ method: 'GET', url: '/api/v1/profile', headers: bearer(c.primary.token) })).statusCode).toBe(200);
    minutesLater(1);
    expect((await promote(c)).json().ErrorCode).toBe('Errors.ReauthenticationRequired');
  });

  it('payment method: saving a new card passes at any age; removing it after 11 minutes asks first; the admin key never does', async () => {
    // On the free plan: the only card of a plan with a payment to come is kept whoever asks (Errors.PaymentInformationInUse, issue 16).
    const c = await signedInCustomer(t, { subscription: { Plan: { Uid: 'plan-free' }, Quantity: 1, BillingRenewalTerm: 'Monthly' } });
    minutesLater(11);
    const saved = await saveCard(c);
    expect(saved.statusCode, saved.body).toBe(200);
    const uid = saved.json().Uid as string;
    const refused = await removeCard(uid, c.primary.token);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().ErrorCode).toBe('Errors.ReauthenticationRequired');
    expect((await t.admin({ method: 'GET', url: `/api/v1/billing/paymentinformation?accountUid=${c.accountUid}` })).json().items).toHaveLength(1);
    expect((await reauth(c.primary.token, { Password: TEST_PASSWORD })).statusCode).toBe(204);
    expect((await removeCard(uid, c.primary.token)).statusCode).toBe(204);

    const again = await saveCard(c);
    expect(again.statusCode, again.body).toBe(200);
    expect((await t.admin({ method: 'DELETE', url: `/api/v1/billing/paymentInformation/${again.json().Uid}` })).statusCode).toBe(204);
  });

  it('password change: the current password is the proof, so an old session with the right one passes', async () => {
    const c = await signedInCustomer(t);
    minutesLater(14);
    const wrong = await t.request({
      method: 'PUT', url: '/api/v1/profile/password', remoteAddress: addr(), headers: bearer(c.primary.token),
      payload: { ExistingPassword: 'not it', NewPassword: 'Brand-New-Secret-42', ConfirmPassword: 'Brand-New-Secret-42' },
    });
    expect(wrong.statusCode, wrong.body).toBe(400);
    expect(wrong.json().FieldErrors).toEqual([expect.objectContaining({ Field: 'ExistingPassword' })]);
    const ok = await t.request({
      method: 'PUT', url: '/api/v1/profile/password', remoteAddress: addr(), headers: bearer(c.primary.token),
      payload: { ExistingPassword: TEST_PASSWORD, NewPassword: 'Brand-New-Secret-42', ConfirmPassword: 'Brand-New-Secret-42' },
    });
    expect(ok.statusCode, ok.body).toBe(204);
  });
});

describe('POST /auth/reauthenticate', () => {
  it('a wrong password is 400 on Password, audited, and the window stays closed; bad bodies are 400; no token is 401', async () => {
    const c = await signedInCustomer(t, { member: true });
    minutesLater(11);
    const wrong = await reauth(c.primary.token, { Password: 'guess' });
    expect(wrong.statusCode, wrong.body).toBe(400);
    expect(wrong.json()).toMatchObject({ ErrorCode: 'Errors.CurrentPasswordIncorrect', Message: 'The current password is not correct.', FieldErrors: [{ Field: 'Password', ErrorCode: 'Errors.CurrentPasswordIncorrect' }] });
    const [row] = await unitOfWork(t.database.db).auditLog.recent(1, 'reauthenticate.failure');
    expect(row).toMatchObject({ actor: c.primary.uid, detail: { method: 'password', reason: 'wrong_password' } });
    expect((await promote(c)).statusCode).toBe(403);
    for (const payload of [{}, { Password: '' }, { Password: TEST_PASSWORD, GoogleIdToken: 'x' }]) {
      const res = await reauth(c.primary.token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().FieldErrors[0].Field).toBe('Password');
    }
    expect((await t.request({ method: 'POST', url: '/api/v1/auth/reauthenticate', remoteAddress: addr(), payload: { Password: TEST_PASSWORD } })).statusCode).toBe(401);
  });

  it('a Google-linked person confirms with a fresh Google ID token of their profile; a stale one, another profile or a password-less login with a password are refused', async () => {
    const c = await signedInCustomer(t, { member: true });
    const email = c.primary.email;
    const idToken = (sub: string, issuedAt: Date) => new SignJWT({ iss: 'https://accounts.google.com', aud: CLIENT_ID, sub, email, email_verified: true })
      .setProtectedHeader({ alg: 'RS256', kid: 'google-1' }).setIssuedAt(Math.floor(issuedAt.getTime() / 1000))
      .setExpirationTime(Math.floor(Date.now() / 1000) + 3600).sign(google.key);
    const signIn = await t.request({
      method: 'POST', url: '/api/v1/tokens', remoteAddress: addr(), headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ username: email, GoogleIdToken: await idToken('g-reauth', t.clock.now()) }).toString(),
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const token = signIn.json().access_token as string;
    minutesLater(11);
    expect((await reauth(token, { GoogleIdToken: await idToken('g-reauth', new Date(t.clock.now().getTime() - 15 * 60_000)) })).json())
      .toMatchObject({ ErrorCode: 'Errors.InvalidCredentialsGoogle', FieldErrors: [{ Field: 'GoogleIdToken' }] });
    expect((await reauth(token, { GoogleIdToken: await idToken('g-other', t.clock.now()) })).statusCode).toBe(400);
    expect((await reauth(token, { GoogleIdToken: 'not-a-jwt' })).statusCode).toBe(400);
    const fresh = await reauth(token, { GoogleIdToken: await idToken('g-reauth', t.clock.now()) });
    expect(fresh.statusCode, fresh.body).toBe(204);
    const res = await t.request({ method: 'PUT', url: `/api/v1/profile/account/people/${c.member!.linkUid}`, remoteAddress: addr(), headers: bearer(token), payload: { IsPrimary: true } });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('a login that is not linked to Google cannot use a Google token as its proof', async () => {
    const c = await signedInCustomer(t);
    const res = await reauth(c.primary.token, { GoogleIdToken: 'anything' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ ErrorCode: 'Errors.InvalidCredentialsGoogle', Message: expect.stringContaining('not linked to Google') });
  });
});
