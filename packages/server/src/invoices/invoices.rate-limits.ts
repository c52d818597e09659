import { rateLimitRows } from '../http/rate-limits.ts';

/**
 * Invoices (invoices.routes.ts). Declared by the module (`rateLimits`), so src/features.ts lists them in the one table.
 */
export const INVOICES_RATE_LIMITS = rateLimitRows({
  invoiceDownloadLink: {
    max: 60, windowMs: 60_000, key: 'account', counts: 'requests',
    protects: 'Signing invoice download tokens in bulk: POST /profile/account/invoices/{Uid}/download, keyed by the signed-in account (after the access-token guard).',
  },
  invoicePdf: {
    max: 30, windowMs: 60_000, key: 'ip', counts: 'requests',
    protects: 'The CPU a PDF costs (each is rendered on request): GET /billing/invoices/{Uid}/pdf, keyed by the client address.',
  },
});
