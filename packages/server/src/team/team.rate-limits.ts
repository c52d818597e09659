import { rateLimitRows } from '../http/rate-limits.ts';

/**
 * Invitations (team.routes.ts, POST /profile/account/people).
 * Declared by the module (`rateLimits`), so src/features.ts lists them in the one table. A row's name
 * prefixes its counters' store keys (all but routeRateLimit's): keep it, or those counts (in Redis too) restart.
 */
export const TEAM_RATE_LIMITS = rateLimitRows({
  invitePerAccount: {
    max: 30, windowMs: 60 * 60_000, key: 'account', counts: 'requests',
    protects: 'An account sending invitation mail to strangers: POST /profile/account/people, keyed by the signed-in account (use after the access-token guard).',
  },
  resendPerAccount: {
    max: 20, windowMs: 60 * 60_000, key: 'account', counts: 'requests',
    protects: 'Mailing one invitee again and again: POST /profile/account/people/{Uid}/invitation, keyed by the signed-in account (after the access-token guard).',
  },
  invitePerAddress: {
    max: 30, windowMs: 15 * 60_000, key: 'ip', counts: 'requests',
    protects: 'Invitation mail from one address across many accounts (POST /profile/account/people).',
  },
});
