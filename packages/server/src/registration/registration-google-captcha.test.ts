import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';
import { startLocalGoogle, type LocalGoogle } from '../testing/local-google.ts';
import { expectRefusedWithoutWrites, nonce, register, registrationBody, registrationConfig } from './registration-test-helpers.ts';

/** A local JWKS endpoint stands in for Google's keys (as in google/verify-google-id-token.test.ts). */
const CLIENT_ID = '1234-test.apps.googleusercontent.com';
let localGoogle: LocalGoogle;
let key: CryptoKey;
let t: TestApp;

beforeAll(async () => {
  localGoogle = await startLocalGoogle();
  key = localGoogle.key;
  const config = registrationConfig({ confirm: true, captcha: 'altcha' });
  t = await createTestApp({ config: { ...config, google: { clientId: CLIENT_ID, jwksUrl: localGoogle.jwksUrl } } });
});
afterAll(async () => {
  await t.close();
  await localGoogle.close();
});

const idToken = (email: string) => new SignJWT({
  iss: 'https://accounts.google.com', aud: CLIENT_ID, sub: `google-${email}`, email, email_verified: true, given_name: 'Grace', family_name: 'Hopper',
}).setProtectedHeader({ alg: 'RS256', kid: 'google-1' }).setIssuedAt().setExpirationTime('1h').sign(key);

describe('the captcha is checked before anything is written', () => {
  it('a missing captcha token is Errors.CaptchaRequired, a wrong one Errors.CaptchaInvalid; nothing is stored', async () => {
    const missing = await expectRefusedWithoutWrites(t, async () => register(t, registrationBody({ Nonce: await nonce(t) })), 400, 'Errors.CaptchaRequired');
    expect(missing.FieldErrors[0]!.Field).toBe('RecaptchaToken');
    const forged = Buffer.from(JSON.stringify({ algorithm: 'SHA-256', challenge: 'x', number: 1, salt: 'y', signature: 'z' })).toString('base64');
    await expectRefusedWithoutWrites(t, async () => register(t, registrationBody({ Nonce: await nonce(t), RecaptchaToken: forged })), 400, 'Errors.CaptchaInvalid');
  });
});

describe('Sign in with Google', () => {
  const google = registrationConfig({ confirm: true, captcha: 'none' });
  let g: TestApp;
  beforeAll(async () => {
    g = await createTestApp({ config: { ...google, google: { clientId: CLIENT_ID, jwksUrl: localGoogle.jwksUrl } } });
  });
  afterAll(async () => { await g.close(); });

  it('takes the verified email from the token: the account is created confirmed ("Account created"), with no confirmation mail', async () => {
    const email = `grace-${Date.now()}@example.com`;
    const res = await register(g, registrationBody({ Nonce: await nonce(g), GoogleIdToken: await idToken(email) }, { Email: undefined }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ CreatedWithGoogle: true, RequiresConfirmation: false, Person: { Email: email, EmailConfirmed: true } });
    expect(await g.app.jobs.deliverDue()).toBe(0);
  });

  it('refuses a typed email other than the token\'s, and a token Google did not sign, writing nothing', async () => {
    const other = await expectRefusedWithoutWrites(g, async () => register(g, registrationBody({ Nonce: await nonce(g), GoogleIdToken: await idToken('grace@example.com') }, { Email: 'someone-else@example.com' })), 400, 'Errors.InvalidCredentialsGoogle');
    expect(other.FieldErrors[0]!.Field).toBe('Person.Email');
    const stranger = (await generateKeyPair('RS256')).privateKey;
    const forged = await new SignJWT({ iss: 'https://accounts.google.com', aud: CLIENT_ID, sub: '1', email: 'x@example.com', email_verified: true })
      .setProtectedHeader({ alg: 'RS256', kid: 'google-1' }).setIssuedAt().setExpirationTime('1h').sign(stranger);
    await expectRefusedWithoutWrites(g, async () => register(g, registrationBody({ Nonce: await nonce(g), GoogleIdToken: forged })), 400, 'Errors.InvalidCredentialsGoogle');
  });
});
