import type { FastifyInstance } from 'fastify';
import { featureModule, type AppContext } from '../feature-module.ts';
import { ADMIN_RATE_LIMITS } from './admin.rate-limits.ts';
import { guardRoutes } from '../http/route-auth.ts';
import { accountsAdminRoutes } from './accounts-admin.routes.ts';
import { accountSupportAdminRoutes } from './account-support-admin.routes.ts';
import { clockAdminRoutes } from './clock-admin.routes.ts';

/** The operator's API behind the admin key: accounts (import, read), support actions, an account's billing read (issue 17), the server clock. */
async function routes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (scope) => {
    guardRoutes(scope, 'adminKey', ctx.adminGuard);
    await accountsAdminRoutes(scope, ctx.billing);
    await accountSupportAdminRoutes(scope, { db: ctx.db });
    await clockAdminRoutes(scope, ctx.clock);
  });
}

/** Admin (src/feature-module.ts). */
export const adminModule = featureModule({ name: 'admin', routes, rateLimits: ADMIN_RATE_LIMITS });
