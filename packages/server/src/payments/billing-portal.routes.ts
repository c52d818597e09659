import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routeRateLimit } from '../http/rate-limits.ts';
import { PAYMENTS_RATE_LIMITS } from './payments.rate-limits.ts';
import { guardRoutes, type Guard } from '../http/route-auth.ts';
import { portalSessionAnswer, portalSessionQuery } from './billing-portal.schemas.ts';
import { openBillingPortal, type BillingPortalDeps } from './open-billing-portal.ts';

/**
 * The payment provider's customer portal (spec 2 section 9 "Provider portal"). A person's route:
 * the access token only, not the admin key (the portal is a page the account owner uses in a browser).
 */
export async function billingPortalRoutes(app: FastifyInstance, deps: BillingPortalDeps, accessTokenGuard: Guard): Promise<void> {
  guardRoutes(app, 'accessToken', accessTokenGuard);
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post('/api/v1/billing/stripe/portal/sessions', {
    config: routeRateLimit(PAYMENTS_RATE_LIMITS.billingPortalSession),
    schema: {
      tags: ['payments'], summary: "A session of the payment provider's customer portal for the account (its primary contact); redirect to Url",
      description: "Only where billing is the provider's (billing.system Stripe); otherwise 409 Errors.BillingPortalUnavailable. With the sandbox as the gateway, Url is a path on this server (its plain portal page): resolve it against the server.",
      querystring: portalSessionQuery, response: { 200: portalSessionAnswer },
    },
  }, async (req) => openBillingPortal(deps, req.caller, req.query));
}
