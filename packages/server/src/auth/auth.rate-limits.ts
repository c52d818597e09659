import { rateLimitRows } from '../http/rate-limits.ts';

/**
 * Sign-in, POST /tokens (register-auth.ts: refused per address, flagged per email and per device, code mails per person), and re-authentication (reauthentication.routes.ts).
 * Declared by the module (`rateLimits`), so src/features.ts lists them in the one table. A row's name
 * prefixes its counters' store keys (all but routeRateLimit's): keep it, or those counts (in Redis too) restart.
 */
export const AUTH_RATE_LIMITS = rateLimitRows({
  signInPerAddress: {
    max: 20, windowMs: 5 * 60_000, key: 'ip', counts: 'requests',
    protects: 'Password guessing from one address against many emails (POST /tokens, every attempt counts: a right password cannot be told from a guess before argon2 runs).',
  },
  signInPerEmail: {
    max: 10, windowMs: 15 * 60_000, key: 'email', counts: 'requests', over: 'flag',
    protects: 'Password guessing against one email from many addresses (POST /tokens, keyed by the lower-cased username). Past it the account is "tripped", not refused: a known browser (device token) with the right password still signs in; anyone else gets 403 Errors.SignInCodeRequired, right password or not, and the right password mails a one-time code (docs/auth.md "Lockout and known browsers").',
  },
  signInPerDevice: {
    max: 10, windowMs: 15 * 60_000, key: 'device', counts: 'requests', over: 'flag',
    protects: 'Password guessing with a stolen device token while the account is tripped (POST /tokens with device_token, keyed by the token\'s hash): past it the token stops counting as a known browser and the mailed code is needed.',
  },
  signInCodeMail: {
    max: 3, windowMs: 15 * 60_000, key: 'person', counts: 'events',
    protects: 'Flooding one inbox with sign-in codes: a tripped sign-in with the right password mails a code at most this often per person; past it the answer is the same and no mail goes out.',
  },
  reauthenticatePerAddress: {
    max: 10, windowMs: 15 * 60_000, key: 'ip', counts: 'requests',
    protects: 'Guessing the current password with a stolen access token, and argon2 CPU: POST /auth/reauthenticate (counted before the token check).',
  },
  reauthenticatePerPerson: {
    max: 10, windowMs: 15 * 60_000, key: 'signedInPerson', counts: 'requests',
    protects: 'The same guessing from many addresses: POST /auth/reauthenticate, keyed by the signed-in person (after the access-token guard).',
  },
});
