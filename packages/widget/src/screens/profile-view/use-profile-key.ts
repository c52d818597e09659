import { useSession } from '../../session/use-session.ts';
import { PROFILE_QUERY_PREFIX } from './profile-calls.ts';

/**
 * The cache key of a profile-area read, per signed-in person, account and session (the token's
 * claims; in demo mode each persona has its own token): signing out or in as someone else reads
 * again instead of showing the last person's data; null (no read) while signed out, which the
 * screen outlet's gate never shows a profile screen. Every key starts with PROFILE_QUERY_PREFIX.
 */
export function useProfileKey(what: 'me' | 'account' | 'sessions'): string | null {
  const { claims, signedIn } = useSession();
  if (!signedIn) return null;
  return `${PROFILE_QUERY_PREFIX}${what}:${claims?.personUid ?? '-'}:${claims?.accountUid ?? '-'}:${claims?.sessionUid ?? '-'}`;
}
