import type { FastifyInstance } from 'fastify';
import { featureModule, type AppContext } from '../feature-module.ts';
import { BILLING_RATE_LIMITS } from './billing.rate-limits.ts';
import { guardRoutes, accessTokenOrAdminKeyGuard } from '../http/route-auth.ts';
import { planRoutes } from './plans.routes.ts';
import { couponRoutes } from './coupons.routes.ts';
import { chargeSummaryRoutes } from './charge-summary.routes.ts';
import { subscriptionRoutes } from './subscriptions.routes.ts';
import { subscriptionsRepository } from './subscriptions.repository.ts';
import { invoicesRepository } from './invoices.repository.ts';

/**
 * Catalogue reads, coupon lookups and the two compute routes are public (the sign-up widget needs
 * them before login); one account's subscriptions take a member's access token or the admin key,
 * and the use cases apply the access rule (docs/auth.md "Who may call what"). After auth (app.auth).
 */
async function routes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const currency = ctx.config.company.currency;
  await app.register(async (scope) => {
    await planRoutes(scope, { catalog: ctx.catalog, currency });
    await couponRoutes(scope, { catalog: ctx.catalog, currency, clock: ctx.clock });
    await chargeSummaryRoutes(scope, ctx.billing);
  });
  await app.register(async (scope) => {
    guardRoutes(scope, 'accessTokenOrAdminKey', accessTokenOrAdminKeyGuard(app.auth.guard, ctx.adminGuard));
    await subscriptionRoutes(scope, { ...ctx.billing, gateway: ctx.paymentGateway, wakeOutbox: ctx.wakeOutbox });
  });
}

/** The billing feature (src/feature-module.ts). */
export const billingModule = featureModule({
  name: 'billing',
  repositories: { subscriptions: subscriptionsRepository, invoices: invoicesRepository },
  routes,
  rateLimits: BILLING_RATE_LIMITS,
});
