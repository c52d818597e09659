import { useMemo, useSyncExternalStore } from 'react';
import { useWidget } from '../app/context.ts';
import { readClaims, type SessionClaims } from '../auth/claims.ts';
import type { TokenApi } from '../shared/runtime-types.ts';

/** Who is signed in to this widget, as the access token says (docs/screens.md "Who is signed in"). */
export interface Session {
  signedIn: boolean;
  token: string | null;
  /** The token's typed claims (auth/claims.ts); null when signed out. */
  claims: SessionClaims | null;
}

export const SIGNED_OUT: Session = Object.freeze({ signedIn: false, token: null, claims: null });

/** The session a token makes: the same shape for React (useSession) and for code outside it. */
export function sessionFrom(token: string | null): Session {
  return token ? { signedIn: true, token, claims: readClaims(token) } : SIGNED_OUT;
}

/** The page's session now, for code outside React (a sign-in step, an effect's callback). */
export function currentSession(token: Pick<TokenApi, 'get'>): Session {
  return sessionFrom(token.get());
}

/**
 * The signed-in person for a screen, re-rendered whenever the token changes (sign-in, account
 * switch, sign-out, a 401 that ended the session, the host page's setAccessToken; in demo mode the
 * persona, whose token the demo transport issues). No screen decodes a token itself.
 */
export function useSession(): Session {
  const { runtime } = useWidget();
  const token = useSyncExternalStore(runtime.token.subscribe, runtime.token.get, runtime.token.get);
  return useMemo(() => sessionFrom(token), [token]);
}
