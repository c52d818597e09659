import { rateLimitRows } from '../http/rate-limits.ts';

/**
 * Payments' routes: the public card calls (payments.routes.ts), the customer portal (billing-portal.routes.ts), provider billing's reads (provider-billing.routes.ts) and the sandbox gateway (sandbox/sandbox.routes.ts).
 * Declared by the module (`rateLimits`), so src/features.ts lists them in the one table. A row's name
 * prefixes its counters' store keys (all but routeRateLimit's): keep it, or those counts (in Redis too) restart.
 */
export const PAYMENTS_RATE_LIMITS = rateLimitRows({
  paymentIntentCreate: {
    max: 30, windowMs: 60_000, key: 'ip', counts: 'requests',
    protects: 'The payment gateway: each public get-intent (and setup-intent) call creates an intent at the provider. The widget hides the card form on 429 (spec 1 section 8).',
  },
  paymentIntentCancel: {
    max: 60, windowMs: 60_000, key: 'ip', counts: 'requests',
    protects: 'The payment gateway: public cancel-intent calls (each asks the provider).',
  },
  paymentSetupFailure: {
    max: 30, windowMs: 60_000, key: 'ip', counts: 'requests',
    protects: 'Public setup-failure reports (sf); the widget hides the card form on 429.',
  },
  paymentInformationSave: {
    max: 30, windowMs: 60_000, key: 'ip', counts: 'requests',
    protects: 'Saving a payment method (each asks the provider); the widget keeps its error display hidden on 429.',
  },
  billingPortalSession: {
    max: 10, windowMs: 60_000, key: 'ip', counts: 'requests',
    protects: "The payment gateway: each call opens a session of the provider's customer portal (the owner clicks once; a loop would not).",
  },
  providerBillingRead: {
    max: 60, windowMs: 60_000, key: 'ip', counts: 'requests',
    protects: "The payment provider's API: each read of the provider's invoices or subscriptions (provider-billing.routes.ts) asks it; the billing screen makes two, and one more per 'View more'.",
  },
  sandboxGateway: {
    max: 120, windowMs: 60_000, key: 'ip', counts: 'requests',
    protects: 'The built-in sandbox gateway\'s public endpoints (tokens, confirm, authentication), each route counted apart.',
  },
});
