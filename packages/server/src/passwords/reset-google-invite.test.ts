import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt, SignJWT, type CryptoKey } from 'jose';
import { sql } from 'drizzle-orm';
import { loadCompanyConfig } from '../config/load-company-config.ts';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';
import { startLocalGoogle, type LocalGoogle } from '../testing/local-google.ts';
import { importCustomer } from '../billing/billing-test-helpers.ts';
import { unitOfWork } from '../unit-of-work.ts';
import { newSecretToken, tokenHash } from '../registration/secret-token.ts';

/** Google's keys stand in locally (as in google-sign-in.test.ts); link tokens are written as the mail handlers write them. */
const CLIENT_ID = '1234-reset.apps.googleusercontent.com';
const START = '2026-03-15T12:00:00Z';
let google: LocalGoogle;
let key: CryptoKey;
let t: TestApp;

beforeAll(async () => {
  google = await startLocalGoogle();
  key = google.key;
  const config = loadCompanyConfig();
  t = await createTestApp({ clock: START, config: { ...config, google: { ...config.google, clientId: CLIENT_ID, jwksUrl: google.jwksUrl } } });
});
afterAll(async () => {
  await t.close();
  await google.close();
});

const idToken = (email: string, sub = `google-${email}`) => new SignJWT({ iss: 'https://accounts.google.com', aud: CLIENT_ID, sub, email, email_verified: true })
  .setProtectedHeader({ alg: 'RS256', kid: 'google-1' }).setIssuedAt().setExpirationTime('1h').sign(key);

/** A live link token of this purpose for the person, stored hashed as the mail handlers store it. */
async function linkToken(personUid: string, purpose: 'reset' | 'invite' | 'confirm-email', accountUid: string | null = null): Promise<string> {
  const token = newSecretToken();
  await unitOfWork(t.database.db).emailTokens.insert({ tokenHash: tokenHash(token), purpose, personUid, accountUid, expires: new Date(new Date(START).getTime() + 3_600_000) });
  return token;
}
const reset = (token: string, payload: object) => t.request({ method: 'POST', url: `/api/v1/crm/people/resetPassword/${token}`, payload });
const rows = async (q: ReturnType<typeof sql>) => (await t.database.db.execute(q) as unknown as { rows: Record<string, unknown>[] }).rows;

describe('reset with Google', () => {
  it('offers Google (Options 2); the ID token of the same address links Google and signs in, the password untouched', async () => {
    const account = await importCustomer(t);
    const email = account.PrimaryContact.Email as string;
    const token = await linkToken(account.PrimaryContact.Uid, 'reset');
    expect((await t.request({ method: 'GET', url: `/api/v1/crm/people/resetPassword/${token}/options` })).json()).toEqual({ Options: 2 });

    const other = await reset(token, { GoogleIdToken: await idToken('someone-else@example.com') });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ ErrorCode: 'Errors.InvalidCredentialsGoogle', FieldErrors: [{ Field: 'GoogleIdToken' }] });
    const forged = await reset(token, { GoogleIdToken: 'not.a.token' });
    expect(forged.statusCode).toBe(400);

    const ok = await reset(token, { GoogleIdToken: await idToken(email) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(decodeJwt(ok.json().access_token)).toMatchObject({ sub: account.PrimaryContact.Uid, account_uid: account.Uid });
    expect(await rows(sql`select oauth_google_profile_id as g, password_hash as h from people where uid = ${account.PrimaryContact.Uid}`)).toEqual([{ g: `google-${email}`, h: null }]);
    expect((await rows(sql`select detail from audit_log where action = 'password.reset' and actor = ${account.PrimaryContact.Uid}`))[0]!.detail).toMatchObject({ method: 'google', purpose: 'reset' });
    // Used.
    expect((await reset(token, { GoogleIdToken: await idToken(email) })).statusCode).toBe(404);
  });

  it("a sign-up's set-password link offers Google too: it links Google, confirms the email and signs in; used, it says the address is confirmed", async () => {
    const account = await importCustomer(t);
    const uid = account.PrimaryContact.Uid as string;
    const email = account.PrimaryContact.Email as string;
    await t.database.db.execute(sql`update people set email_confirmed = null where uid = ${uid}`);
    const token = await linkToken(uid, 'confirm-email', account.Uid as string);
    expect((await t.request({ method: 'GET', url: `/api/v1/crm/people/resetPassword/${token}/options` })).json()).toEqual({ Options: 2 });
    const ok = await reset(token, { GoogleIdToken: await idToken(email) });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(decodeJwt(ok.json().access_token)).toMatchObject({ sub: uid, account_uid: account.Uid });
    const [person] = await rows(sql`select oauth_google_profile_id as g, password_hash as h, email_confirmed as c from people where uid = ${uid}`);
    expect(person).toMatchObject({ g: `google-${email}`, h: null });
    expect(person!.c).not.toBeNull();
    const again = await reset(token, { GoogleIdToken: await idToken(email) });
    expect(again.statusCode).toBe(409);
    expect(again.json().ErrorCode).toBe('Errors.EmailAlreadyConfirmed');
  });
});

describe('an invitation link sets the first password', () => {
  it('confirms the email and signs in to the inviting account; a confirm-email token of a person with a password is not a reset token', async () => {
    const account = await importCustomer(t);
    const personUid = account.PrimaryContact.Uid as string;
    await t.database.db.execute(sql`update people set email_confirmed = null, password_hash = null where uid = ${personUid}`);
    const token = await linkToken(personUid, 'invite', account.Uid);
    const check = await t.request({ method: 'POST', url: '/api/v1/auth/validate-password', payload: { Password: 'Lovelace-Was-Here-1', ConfirmationToken: token } });
    expect(check.json().items).toContainEqual({ PolicyKey: 'PersonalDataDisallowed', IsValid: false });
    const ok = await reset(token, { NewPassword: 'Quiet-Harbor-Tide-47' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(decodeJwt(ok.json().access_token)).toMatchObject({ sub: personUid, account_uid: account.Uid });
    const [person] = await rows(sql`select email_confirmed is not null as confirmed, password_hash like '$argon2id$%' as hashed from people where uid = ${personUid}`);
    expect(person).toEqual({ confirmed: true, hashed: true });

    const confirmToken = newSecretToken();
    await unitOfWork(t.database.db).emailTokens.insert({ tokenHash: tokenHash(confirmToken), purpose: 'confirm-email', personUid, accountUid: account.Uid, expires: new Date(new Date(START).getTime() + 3_600_000) });
    expect((await reset(confirmToken, { NewPassword: 'Another-Harbor-48' })).statusCode).toBe(404);
  });
});
