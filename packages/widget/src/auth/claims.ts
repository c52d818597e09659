import { decodeJwtPayload } from './jwt.ts';

/**
 * What the widget reads of a Portico access token, named for the widget (the server's TokenClaims in
 * server/src/auth/access-tokens.ts, docs/auth.md). Reading is for display and routing only: the
 * server verifies every token it is sent, so nothing here is trusted for access.
 */
export interface SessionClaims {
  /** `sub`: the person. */
  personUid: string;
  email: string | null;
  /** `given_name` / `family_name`. */
  firstName: string | null;
  lastName: string | null;
  /** `account_uid`: the account the token is for (null for a person with none). */
  accountUid: string | null;
  clientIdentifier: string | null;
  /** `is_primary`: the person is the account's primary contact. */
  isPrimary: boolean;
  subscriptionUid: string | null;
  planUid: string | null;
  /** `sid`: the server session; logout ends every token naming it. */
  sessionUid: string | null;
  /** `exp` in ms since the epoch, when the token says. */
  expiresAt: number | null;
}

const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/**
 * The typed claims of an access token, or null for no token or one that is not a Portico token (no
 * person). The one way the widget reads a token: screens use useSession(), other code this.
 */
export function readClaims(token: string | null | undefined): SessionClaims | null {
  const raw = decodeJwtPayload(token);
  const personUid = text(raw?.sub);
  if (!raw || !personUid) return null;
  return {
    personUid,
    email: text(raw.email),
    firstName: text(raw.given_name),
    lastName: text(raw.family_name),
    accountUid: text(raw.account_uid),
    clientIdentifier: text(raw.client_identifier),
    isPrimary: raw.is_primary === true,
    subscriptionUid: text(raw.subscription_uid),
    planUid: text(raw.plan_uid),
    sessionUid: text(raw.sid),
    expiresAt: typeof raw.exp === 'number' && Number.isFinite(raw.exp) ? raw.exp * 1000 : null,
  };
}
