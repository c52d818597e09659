import { rateLimitRows } from '../http/rate-limits.ts';

/**
 * The lead forms' public routes (lead-forms.routes.ts), declared by the module so src/features.ts lists
 * them in the one table. With the honeypot they stop form bots without a third-party captcha
 * (docs/lead-forms.md "Bots"). A row's name prefixes its counters' store keys: keep it.
 */
export const LEAD_FORMS_RATE_LIMITS = rateLimitRows({
  leadFormSubmit: {
    max: 10, windowMs: 10 * 60_000, key: 'ip', counts: 'requests',
    protects: 'Filling the people and submissions tables from one address: POST /public/lead-forms/{uid}/submissions creates a person and a submission each time.',
  },
  leadFormRead: {
    max: 120, windowMs: 60_000, key: 'ip', counts: 'requests',
    protects: 'Load from one address on GET /public/lead-forms/{uid} (a read, cheap, but public).',
  },
});
