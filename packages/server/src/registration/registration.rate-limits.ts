import { rateLimitRows } from '../http/rate-limits.ts';

/**
 * Sign-up's public routes (registration.routes.ts) and 'Send the link again' (confirmation-mail.routes.ts).
 * Declared by the module (`rateLimits`), so src/features.ts lists them in the one table. A row's name
 * prefixes its counters' store keys (all but routeRateLimit's): keep it, or those counts (in Redis too) restart.
 */
export const REGISTRATION_RATE_LIMITS = rateLimitRows({
  confirmationMailPerAddress: {
    max: 10, windowMs: 15 * 60_000, key: 'ip', counts: 'requests',
    protects: 'Mail bombing and address probing from one address: POST /crm/registrations/confirmation-mail sends a confirmation mail each time.',
  },
  confirmationMailPerEmail: {
    max: 3, windowMs: 60 * 60_000, key: 'email', counts: 'requests',
    protects: 'Flooding one inbox with confirmation links from many addresses (POST /crm/registrations/confirmation-mail, keyed by the lower-cased Email).',
  },
  signupNonce: {
    max: 60, windowMs: 60_000, key: 'ip', counts: 'requests',
    protects: 'Filling the nonces table: POST /nonce writes a row (each expires after 30 minutes and is swept a day later).',
  },
  emailExistsCheck: {
    max: 30, windowMs: 60_000, key: 'ip', counts: 'requests',
    protects: 'Listing who has an account: the sign-up form\'s email check answers whether an email is taken (docs/registration.md).',
  },
  registrationSubmit: {
    max: 20, windowMs: 60_000, key: 'ip', counts: 'requests',
    protects: 'Mass sign-ups and argon2 CPU: POST /crm/registrations and /validate, each route counted apart (the captcha and the nonce stop scripts too).',
  },
  emailConfirmation: {
    max: 30, windowMs: 60_000, key: 'ip', counts: 'requests',
    protects: 'Guessing confirmation tokens (32 random bytes, so this only bounds the load).',
  },
});
