import { rateLimitRows } from '../http/rate-limits.ts';

/**
 * The inbound-mail webhook's row (support-mail.routes.ts). Declared by the module (`rateLimits`), so
 * src/features.ts lists it in the one table. A row's name prefixes its counters' store keys: keep it.
 */
export const SUPPORT_MAIL_RATE_LIMITS = rateLimitRows({
  inboundMailSecretFailures: {
    max: 10, windowMs: 60_000, key: 'ip', counts: 'failures',
    protects: 'Guessing the inbound-mail secret (POST /api/v1/inbound-mail): only a wrong X-Portico-Inbound-Secret counts, checked before the body is read; the right secret is always accepted, so the provider is never locked out.',
  },
});
