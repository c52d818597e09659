import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { BillingDeps } from './billing-deps.ts';
import { asOfQuery, chargeSummaryOut, renewalSummaryOut, subscriptionInput } from './billing.schemas.ts';
import { chargeSummaryToWire } from './billing.mappers.ts';
import { computeChargeSummary, computeRenewalSummary } from './compute-charge-summary.ts';
import { toMajor } from '@portico/core';
import { routeRateLimit } from '../http/rate-limits.ts';
import { BILLING_RATE_LIMITS } from './billing.rate-limits.ts';

/** Public: the sign-up widget previews invoices before an account exists. Both routes write nothing. */
export async function chargeSummaryRoutes(app: FastifyInstance, deps: BillingDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['billing'];
  const currency = deps.config.company.currency;
  const config = routeRateLimit(BILLING_RATE_LIMITS.chargeSummaryCompute);

  r.post('/api/v1/billing/subscriptions/compute-charge-summary', {
    config,
    schema: {
      tags, summary: 'Charge summary of a new subscription, due now or at the first renewal (major units)',
      querystring: asOfQuery, body: subscriptionInput, response: { 200: chargeSummaryOut },
    },
  }, async (req) => chargeSummaryToWire(await computeChargeSummary(deps, req.body, req.query.asOf), currency));

  r.post('/api/v1/billing/subscriptions/compute-renewal-summary', {
    config,
    schema: {
      tags, summary: 'Renewal summary { Total, InvoiceDate } of a new subscription (InvoiceDate null when nothing renews)',
      body: subscriptionInput, response: { 200: renewalSummaryOut },
    },
  }, async (req) => {
    const s = await computeRenewalSummary(deps, req.body);
    return { Total: toMajor(s.Total, currency), InvoiceDate: s.InvoiceDate };
  });
}
