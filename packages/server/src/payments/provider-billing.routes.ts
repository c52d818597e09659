import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { guardRoutes, type Guard } from '../http/route-auth.ts';
import { routeRateLimit } from '../http/rate-limits.ts';
import { PAYMENTS_RATE_LIMITS } from './payments.rate-limits.ts';
import { listProviderInvoices, listProviderSubscriptions, type ProviderBillingDeps } from './provider-billing.ts';
import { providerInvoicesOut, providerInvoicesQuery, providerSubscriptionsOut, providerSubscriptionsQuery } from './provider-billing.schemas.ts';

const tags = ['payments'];
const UNAVAILABLE = "Only where the payment provider does the billing (billing.system Stripe); otherwise 409 Errors.BillingPortalUnavailable.";

/**
 * Payment-provider billing (spec 2 section 2 "Billing", provider variant; section 7): the provider's
 * invoices and subscriptions of the signed-in account, read from the gateway. Any member, by access token.
 */
export async function providerBillingRoutes(app: FastifyInstance, deps: ProviderBillingDeps, accessTokenGuard: Guard): Promise<void> {
  guardRoutes(app, 'accessToken', accessTokenGuard);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = routeRateLimit(PAYMENTS_RATE_LIMITS.providerBillingRead);
  r.get('/api/v1/profile/account/stripe/invoices', {
    config,
    schema: {
      tags, summary: "The payment provider's invoices of the account, newest period first; page on with startingAfter (the last Uid)",
      description: `${UNAVAILABLE} An account with no customer at the provider yet has none.`,
      querystring: providerInvoicesQuery, response: { 200: providerInvoicesOut },
    },
  }, async (req) => listProviderInvoices(deps, req.caller, req.query));

  r.get('/api/v1/profile/account/stripe/subscriptions', {
    config,
    schema: {
      tags, summary: "The account's subscriptions at the payment provider (every status), newest start first, with their products",
      description: UNAVAILABLE,
      querystring: providerSubscriptionsQuery, response: { 200: providerSubscriptionsOut },
    },
  }, async (req) => listProviderSubscriptions(deps, req.caller, req.query));
}
