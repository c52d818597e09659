import { describe, expect, it } from 'vitest';
import { readIdTokenClaims } from './read-id-token-claims.ts';

const jwt = (payload: unknown) => `eyJhbGciOiJSUzI1NiJ9.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.signature`;

describe('readIdTokenClaims', () => {
  it('reads the payload of a JWT (base64url, UTF-8 names)', () => {
    expect(readIdTokenClaims(jwt({ email: 'zoe@example.com', email_verified: true, given_name: 'Zoë', family_name: 'Ørsted' })))
      .toEqual({ email: 'zoe@example.com', email_verified: true, given_name: 'Zoë', family_name: 'Ørsted' });
  });

  it('is null for anything that is not a JWT with a JSON object payload', () => {
    expect(readIdTokenClaims('nonsense')).toBeNull();
    expect(readIdTokenClaims('a.%%%.c')).toBeNull();
    expect(readIdTokenClaims(jwt([1, 2]))).toBeNull();
    expect(readIdTokenClaims(jwt('text'))).toBeNull();
  });
});
