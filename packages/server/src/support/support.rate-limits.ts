import { rateLimitRows } from '../http/rate-limits.ts';

/** The help form's public routes (support.routes.ts), in the one table (src/features.ts, docs/configuration.md). */
export const SUPPORT_RATE_LIMITS = rateLimitRows({
  supportCaseSubmit: {
    max: 10, windowMs: 15 * 60_000, key: 'ip', counts: 'requests',
    protects: 'Case and mail flooding from one address: POST /public/support/cases stores up to 10 MB of attachments, mails the sender and the support address.',
  },
  supportSettings: {
    max: 120, windowMs: 60_000, key: 'ip', counts: 'requests',
    protects: 'Load only: GET /support/settings is read each time the help form or the chat panel opens.',
  },
});
