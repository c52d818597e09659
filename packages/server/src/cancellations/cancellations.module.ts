import type { FastifyInstance } from 'fastify';
import { featureModule, type AppContext } from '../feature-module.ts';
import { accessTokenOrAdminKeyGuard, guardRoutes } from '../http/route-auth.ts';
import { cancellationRoutes } from './cancellations.routes.ts';
import { cancellationsRepository } from './cancellations.repository.ts';

/** Cancel and restore the plan, the retention offer (docs/billing.md "Cancel and restore"). After auth and billing. */
async function routes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (scope) => {
    guardRoutes(scope, 'accessTokenOrAdminKey', accessTokenOrAdminKeyGuard(app.auth.guard, ctx.adminGuard));
    await cancellationRoutes(scope, ctx.billing);
  });
}

/** Cancellations (src/feature-module.ts). */
export const cancellationsModule = featureModule({
  name: 'cancellations',
  repositories: { cancellations: cancellationsRepository },
  routes,
});
