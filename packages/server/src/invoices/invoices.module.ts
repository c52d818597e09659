import type { FastifyInstance } from 'fastify';
import { featureModule, type AppContext } from '../feature-module.ts';
import { INVOICES_RATE_LIMITS } from './invoices.rate-limits.ts';
import { invoiceDownloadTokens } from './invoice-download-token.ts';
import { accountInvoiceRoutes, invoicePdfRoutes } from './invoices.routes.ts';
import type { InvoicesDeps } from './invoices.ts';

/**
 * Native billing's invoices (issue 16; docs/billing.md "Invoices and the PDF"): the member's list,
 * a short-lived download link per invoice, the PDF behind it and 'Next payment'. The invoices table
 * is billing's (billing/invoices.repository.ts). After auth (the key ring signs the download tokens).
 */
async function routes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const deps: InvoicesDeps = {
    billing: ctx.billing,
    downloads: invoiceDownloadTokens({ ring: app.auth.ring, clock: ctx.clock, issuer: `portico:${ctx.config.company.uid}` }),
  };
  await app.register(async (scope) => accountInvoiceRoutes(scope, deps, app.auth.guard));
  await app.register(async (scope) => invoicePdfRoutes(scope, deps));
}

export const invoicesModule = featureModule({
  name: 'invoices',
  routes,
  rateLimits: INVOICES_RATE_LIMITS,
});
