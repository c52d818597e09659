import { describe, expect, it } from 'vitest';
import type { SessionClaims } from '../auth/claims.ts';
import { userFromClaims } from './host-state.ts';

const NOW = Date.parse('2026-03-01T12:00:00Z');
const claims: SessionClaims = {
  personUid: 'p-1', email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', accountUid: 'a-1', clientIdentifier: null,
  isPrimary: true, subscriptionUid: null, planUid: null, sessionUid: 's-1', expiresAt: NOW + 900_000,
};

describe('who the host page shows as signed in (issue 13 item 5)', () => {
  it("the person from the access token's claims: the name the header shows, the email, the account, when it stops", () => {
    expect(userFromClaims(claims, NOW)).toEqual({
      signedIn: true,
      person: { Uid: 'p-1', Email: 'ada@example.com', FirstName: 'Ada', LastName: 'Lovelace', FullName: 'Ada Lovelace' },
      accountUid: 'a-1',
      expiresAt: '2026-03-01T12:15:00.000Z',
    });
  });

  it('a token without a name still names the person by email; missing names are empty text, never "null"', () => {
    expect(userFromClaims({ ...claims, firstName: null, lastName: null }, NOW)?.person)
      .toEqual({ Uid: 'p-1', Email: 'ada@example.com', FirstName: '', LastName: '', FullName: 'ada@example.com' });
    expect(userFromClaims({ ...claims, lastName: '  ' }, NOW)?.person.FullName).toBe('Ada');
  });

  it('signed out: no token (or not a Portico one), or the token has expired', () => {
    expect(userFromClaims(null, NOW)).toBeNull();
    expect(userFromClaims(claims, NOW + 900_000)).toBeNull();
    expect(userFromClaims(claims, NOW + 899_999)).not.toBeNull();
    expect(userFromClaims({ ...claims, expiresAt: null }, NOW + 1e12)).not.toBeNull();
  });
});
