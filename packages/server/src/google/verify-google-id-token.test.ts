import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload, type CryptoKey } from 'jose';
import { ErrorCode } from '@portico/core';
import { createGoogleIdTokenVerifier } from './verify-google-id-token.ts';
import { AppError } from '../http/app-error.ts';

/** Google's keys are not reachable from here: a local JWKS endpoint serves our own RS256 key, as Google's does. */
const CLIENT_ID = '1234-test.apps.googleusercontent.com';
let server: Server;
let jwksUrl: string;
let googleKey: CryptoKey;
let strangerKey: CryptoKey;
let jwksRequests = 0;

beforeAll(async () => {
  const google = await generateKeyPair('RS256');
  googleKey = google.privateKey;
  strangerKey = (await generateKeyPair('RS256')).privateKey;
  const jwk = { ...(await exportJWK(google.publicKey)), kid: 'google-1', alg: 'RS256', use: 'sig' };
  server = createServer((_req, res) => {
    jwksRequests += 1;
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  jwksUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/oauth2/v3/certs`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const claims = (over: JWTPayload = {}): JWTPayload => ({
  iss: 'https://accounts.google.com', aud: CLIENT_ID, sub: '110169484474386276334', email: 'ada@example.com',
  email_verified: true, given_name: 'Ada', family_name: 'Lovelace', picture: 'https://lh3.googleusercontent.com/a/photo', ...over,
});

function sign(payload: JWTPayload, key = googleKey, kid = 'google-1', expiresIn: string | number = '1h') {
  return new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' }).setIssuedAt().setExpirationTime(expiresIn).sign(key);
}

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'accepted';
  } catch (err) {
    return err instanceof AppError ? err.code : `unexpected ${String(err)}`;
  }
}

describe('Google ID token', () => {
  const verify = () => createGoogleIdTokenVerifier({ clientId: CLIENT_ID, jwksUrl });

  it('returns the verified profile of a token Google signed for our client id (both issuer spellings)', async () => {
    const v = verify();
    expect(await v(await sign(claims()))).toEqual({
      sub: '110169484474386276334', email: 'ada@example.com', emailVerified: true,
      givenName: 'Ada', familyName: 'Lovelace', picture: 'https://lh3.googleusercontent.com/a/photo',
      // When Google issued it: re-authentication takes only a fresh one (auth/reauthentication.ts).
      issuedAt: expect.any(Date),
    });
    expect(await v(await sign(claims({ iss: 'accounts.google.com', given_name: undefined, picture: '' })))).toEqual({
      sub: '110169484474386276334', email: 'ada@example.com', emailVerified: true, familyName: 'Lovelace', issuedAt: expect.any(Date),
    });
  });

  it.each([
    ['another client id', () => sign(claims({ aud: 'someone-else.apps.googleusercontent.com' }))],
    ['another issuer', () => sign(claims({ iss: 'https://evil.example' }))],
    ['an expired token', () => sign(claims(), googleKey, 'google-1', Math.floor(Date.now() / 1000) - 120)],
    ['an unverified email', () => sign(claims({ email_verified: false }))],
    ['no email', () => sign(claims({ email: undefined }))],
    ['a key Google does not publish', () => sign(claims(), strangerKey, 'google-1')],
    ['an unknown key id', () => sign(claims(), strangerKey, 'stranger')],
    ['not a JWT', async () => 'not-a-token'],
  ])('refuses %s with Errors.InvalidCredentialsGoogle', async (_name, token) => {
    expect(await codeOf(verify()(await token()))).toBe(ErrorCode.InvalidCredentialsGoogle);
  });

  it('fetches the key set once for many tokens', async () => {
    const v = verify();
    const before = jwksRequests;
    for (let i = 0; i < 5; i += 1) await v(await sign(claims()));
    expect(jwksRequests - before).toBe(1);
  });

  it('is a system error, not the visitor\'s bad token, when the key set cannot be fetched', async () => {
    const down = createGoogleIdTokenVerifier({ clientId: CLIENT_ID, jwksUrl: 'http://127.0.0.1:9/certs' });
    expect(await codeOf(down(await sign(claims())))).toBe(ErrorCode.SystemError);
  });
});
