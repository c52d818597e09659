import { rateLimitRows } from '../http/rate-limits.ts';

/**
 * The admin key's row: applied by the guard of admin-auth.ts (app.ts makes the one guard every admin-key scope shares, with failureLimiter).
 * Declared by the module (`rateLimits`), so src/features.ts lists them in the one table. A row's name
 * prefixes its counters' store keys (all but routeRateLimit's): keep it, or those counts (in Redis too) restart.
 */
export const ADMIN_RATE_LIMITS = rateLimitRows({
  adminKeyFailures: {
    max: 10, windowMs: 60_000, key: 'ip', counts: 'failures',
    protects: 'Guessing the admin key. Only wrong keys count; the right key is always accepted, so nobody can lock the owner out.',
  },
});
