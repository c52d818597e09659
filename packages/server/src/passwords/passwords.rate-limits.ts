import { rateLimitRows } from '../http/rate-limits.ts';

/**
 * The password check (passwords.routes.ts, registered with sign-in by auth), forgot and reset password and PUT /profile/password (password-reset.routes.ts).
 * Declared by the module (`rateLimits`), so src/features.ts lists them in the one table. A row's name
 * prefixes its counters' store keys (all but routeRateLimit's): keep it, or those counts (in Redis too) restart.
 */
export const PASSWORDS_RATE_LIMITS = rateLimitRows({
  passwordValidation: {
    max: 60, windowMs: 60_000, key: 'ip', counts: 'requests',
    protects: 'CPU and history probing: POST /auth/validate-password hashes against the password history.',
  },
  forgotPasswordPerAddress: {
    max: 10, windowMs: 15 * 60_000, key: 'ip', counts: 'requests',
    protects: 'Mail bombing and address probing from one address: POST /crm/people/forgotPassword sends a mail each time.',
  },
  forgotPasswordPerEmail: {
    max: 5, windowMs: 60 * 60_000, key: 'email', counts: 'requests',
    protects: 'Flooding one inbox with reset mails from many addresses (POST /crm/people/forgotPassword, keyed by the lower-cased email).',
  },
  resetPasswordPerAddress: {
    max: 20, windowMs: 15 * 60_000, key: 'ip', counts: 'requests',
    protects: 'Guessing reset tokens and argon2 CPU: POST /crm/people/resetPassword/{token} and its options, each route counted apart.',
  },
  passwordChange: {
    max: 10, windowMs: 15 * 60_000, key: 'ip', counts: 'requests',
    protects: 'Guessing the current password with a stolen access token, and argon2 CPU: PUT /profile/password (counted before the token check).',
  },
});
