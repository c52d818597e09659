import { rateLimitRows } from '../http/rate-limits.ts';

/**
 * Billing's public routes: the discount-code lookup (coupons.routes.ts) and the invoice previews (charge-summary.routes.ts).
 * Declared by the module (`rateLimits`), so src/features.ts lists them in the one table. A row's name
 * prefixes its counters' store keys (all but routeRateLimit's): keep it, or those counts (in Redis too) restart.
 */
export const BILLING_RATE_LIMITS = rateLimitRows({
  discountCodeLookup: {
    max: 30, windowMs: 60_000, key: 'ip', counts: 'requests',
    protects: 'Guessing discount codes one public lookup at a time.',
  },
  chargeSummaryCompute: {
    max: 240, windowMs: 60_000, key: 'ip', counts: 'requests',
    protects: 'CPU: the public invoice previews (compute-charge-summary, compute-renewal-summary), each route counted apart.',
  },
});
