import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@portico/core';
import { createApiClient } from '../api/http.ts';
import { demoTransport } from './demo-transport.ts';
import { readClaims } from '../auth/claims.ts';
import { DEMO_LOGIN_EMAILS, DEMO_SIGNIN_CODE } from './demo-signin.ts';

const api = createApiClient({ transport: demoTransport() });
const failure = (p: Promise<unknown>) => p.then(() => { throw new Error('expected the call to fail'); }, (e: unknown) => e);
const login = (body: { username: string; password: string; code?: string }) => api.request('post', '/api/v1/tokens', { body });

describe('demo sign-in shows the login\'s other steps (docs/auth.md "Lockout and known browsers", "Unconfirmed email")', () => {
  it("issue 15: a demo person's email (any case) signs in as that person, with an empty device token (demo mode stores nothing); another email is refused as a server refuses it", async () => {
    const token = await login({ username: ' Samira@BrightLabs.io ', password: 'x' });
    expect(token).toMatchObject({ token_type: 'Bearer', device_token: '' });
    expect(readClaims(token.access_token)).toMatchObject({ email: 'samira@brightlabs.io', accountUid: 'acc_per_sam', isPrimary: true });
    expect(readClaims((await login({ username: 'ana.lima@example.com', password: 'x' })).access_token)?.email).toBe('ana.lima@example.com');
    expect(await failure(login({ username: 'ada@example.com', password: 'x' }))).toMatchObject({ status: 400, code: ErrorCode.InvalidCredentials });
    expect(DEMO_LOGIN_EMAILS).toEqual(['ana.lima@example.com', 'samira@brightlabs.io', 'jonas.berg@example.org']);
  });

  it('locked@…: the code step, then the demo code signs in; another code is refused on the code field', async () => {
    expect(await failure(login({ username: 'Locked@example.com', password: 'x' }))).toMatchObject({ status: 403, code: ErrorCode.SignInCodeRequired });
    expect(await failure(login({ username: 'locked@example.com', password: 'x', code: '000000' })))
      .toMatchObject({ status: 400, code: ErrorCode.InvalidSignInCode, fieldErrors: [{ Field: 'code', ErrorCode: ErrorCode.InvalidSignInCode }] });
    expect(await login({ username: 'locked@example.com', password: 'x', code: `${DEMO_SIGNIN_CODE.slice(0, 3)} ${DEMO_SIGNIN_CODE.slice(3)}` })).toMatchObject({ token_type: 'Bearer' });
  });

  it('unconfirmed@…: Errors.EmailNotConfirmed, and "Send the link again" answers like the server', async () => {
    expect(await failure(login({ username: 'unconfirmed@example.com', password: 'x' }))).toMatchObject({ status: 403, code: ErrorCode.EmailNotConfirmed });
    await expect(api.request('post', '/api/v1/crm/registrations/confirmation-mail', { body: { Email: 'unconfirmed@example.com' }, query: { confirmationUrl: 'http://localhost/' } })).resolves.toBeUndefined();
  });
});
