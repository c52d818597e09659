import { describe, expect, it } from 'vitest';
import { readClaims } from './claims.ts';

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
const jwt = (claims: unknown) => `${b64({ alg: 'ES256', kid: 'k1' })}.${b64(claims)}.sig`;

describe('readClaims', () => {
  it('names every claim the server puts in a token (server/src/auth/access-tokens.ts)', () => {
    const token = jwt({
      sub: 'per_1', email: 'ana@example.com', given_name: 'Ana', family_name: 'Lima', account_uid: 'acc_1', client_identifier: 'C-7',
      is_primary: true, subscription_uid: 'sub_1', plan_uid: 'plan_pro', sid: 'ses_1', exp: 1_900_000_000, iss: 'x', aud: 'portico',
    });
    expect(readClaims(token)).toEqual({
      personUid: 'per_1', email: 'ana@example.com', firstName: 'Ana', lastName: 'Lima', accountUid: 'acc_1', clientIdentifier: 'C-7',
      isPrimary: true, subscriptionUid: 'sub_1', planUid: 'plan_pro', sessionUid: 'ses_1', expiresAt: 1_900_000_000_000,
    });
  });

  it('a person without an account: nulls, not a primary contact', () => {
    expect(readClaims(jwt({ sub: 'per_2', account_uid: null, is_primary: 'yes', sid: 's' }))).toMatchObject({
      personUid: 'per_2', accountUid: null, isPrimary: false, subscriptionUid: null, planUid: null, email: null, expiresAt: null,
    });
  });

  it('no token, a malformed one, or one naming no person: null', () => {
    expect(readClaims(null)).toBeNull();
    expect(readClaims('')).toBeNull();
    expect(readClaims('not.a.token')).toBeNull();
    expect(readClaims(jwt({ email: 'a@b.c' }))).toBeNull();
    expect(readClaims(jwt({ sub: 42 }))).toBeNull();
  });
});
