import type { FastifyInstance } from 'fastify';
import { featureModule, type AppContext } from '../feature-module.ts';
import { guardRoutes } from '../http/route-auth.ts';
import { usageRepository } from './usage.repository.ts';
import { usageRoutes } from './usage.routes.ts';

/**
 * Usage reporting (issue 17): the company's backend reports usage of usage-priced add-ons with the
 * admin key; renewals bill it (usageRepository.totalsForPeriod). No rate-limit row of its own: like
 * every admin route, the admin guard's failure limiter (admin.rate-limits.ts) is the one that applies.
 */
async function routes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (scope) => {
    guardRoutes(scope, 'adminKey', ctx.adminGuard);
    await usageRoutes(scope, ctx.billing);
  });
}

/** Usage (src/feature-module.ts). */
export const usageModule = featureModule({ name: 'usage', repositories: { usage: usageRepository }, routes });
