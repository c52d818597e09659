import { useSyncExternalStore } from 'react';
import { useWidget } from '../../app/context.ts';
import { useStore } from '../../app/hooks.ts';
import { PROFILE_QUERY_PREFIX } from './profile-calls.ts';

/**
 * The cache key of a profile-area read, per signed-in person and account (the token's claims) or,
 * in demo mode, per persona: switching persona, signing out or in as someone else reads again
 * instead of showing the last person's data; null (no read) without a token. Every key starts with PROFILE_QUERY_PREFIX.
 */
export function useProfileKey(what: 'me' | 'account' | 'sessions'): string | null {
  const { runtime, demo } = useWidget();
  const persona = useStore(runtime.persona);
  const token = useSyncExternalStore(runtime.token.subscribe, runtime.token.get, runtime.token.get);
  if (demo) return `${PROFILE_QUERY_PREFIX}${what}:${persona}`;
  // Signed out: nothing to read (the screens say so without asking the server).
  if (!token) return null;
  const claims = runtime.token.payload();
  return `${PROFILE_QUERY_PREFIX}${what}:${String(claims?.sub ?? '-')}:${String(claims?.account_uid ?? '-')}:${String(claims?.sid ?? '-')}`;
}
