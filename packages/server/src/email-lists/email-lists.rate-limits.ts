import { rateLimitRows } from '../http/rate-limits.ts';

/**
 * Email lists (issue 18; docs/email-lists.md). Declared by the module (`rateLimits`). A row's name
 * prefixes its counters' store keys: keep it.
 */
export const EMAIL_LISTS_RATE_LIMITS = rateLimitRows({
  emailListLinkPerAddress: {
    max: 60, windowMs: 15 * 60_000, key: 'ip', counts: 'requests',
    protects: 'Guessing person tokens and flooding saves from one address: the public preferences, unsubscribe and person reads, counted before the token check.',
  },
  emailListConfirmPerAddress: {
    max: 20, windowMs: 15 * 60_000, key: 'ip', counts: 'requests',
    protects: 'Guessing double opt-in confirmation tokens (32 random bytes, so this only bounds the load): POST /public/email-lists/confirm.',
  },
  emailListOneClickPerAddress: {
    max: 600, windowMs: 60_000, key: 'ip', counts: 'requests',
    protects: 'A flood of one-click unsubscribes from one address (mail providers POST from few addresses, so the row is generous): POST /public/email-lists/one-click.',
  },
  emailListNewLinkPerAddress: {
    max: 10, windowMs: 15 * 60_000, key: 'ip', counts: 'requests',
    protects: 'Mail bombing and address probing from one address: POST /public/email-lists/link mails a preferences link each time.',
  },
  emailListNewLinkPerEmail: {
    max: 3, windowMs: 60 * 60_000, key: 'email', counts: 'requests',
    protects: 'Flooding one inbox with preferences links from many addresses (POST /public/email-lists/link, keyed by the lower-cased Email).',
  },
  emailListProfileLinkPerPerson: {
    max: 30, windowMs: 15 * 60_000, key: 'signedInPerson', counts: 'requests',
    protects: 'A signed-in person minting preference tokens in a loop: POST /profile/email-lists/link.',
  },
});
