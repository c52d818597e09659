import { rateLimitRows } from '../http/rate-limits.ts';

/**
 * Changing the email (email-change.routes.ts): the request, and the confirm and undo links.
 * Declared by the module (`rateLimits`), so src/features.ts lists them in the one table. A row's name
 * prefixes its counters' store keys (all but routeRateLimit's): keep it, or those counts (in Redis too) restart.
 */
export const EMAIL_CHANGE_RATE_LIMITS = rateLimitRows({
  emailChangePerAddress: {
    max: 10, windowMs: 15 * 60_000, key: 'ip', counts: 'requests',
    protects: 'Password guessing and mail to strangers from one address: POST /profile/email checks the password and mails the new address (counted before the token check).',
  },
  emailChangePerPerson: {
    max: 5, windowMs: 60 * 60_000, key: 'signedInPerson', counts: 'requests',
    protects: 'One person mailing links to many addresses, and password guessing from many addresses: POST /profile/email, keyed by the signed-in person.',
  },
  emailChangeLinkPerAddress: {
    max: 30, windowMs: 15 * 60_000, key: 'ip', counts: 'requests',
    protects: 'Guessing email-change and undo tokens (32 random bytes, so this only bounds the load): POST /profile/email/confirm and /undo, each counted apart.',
  },
});
