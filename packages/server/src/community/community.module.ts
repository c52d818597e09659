import type { FastifyInstance } from 'fastify';
import { featureModule, type AppContext } from '../feature-module.ts';
import { guardRoutes } from '../http/route-auth.ts';
import { communityRoutes } from './community.routes.ts';

/** The member's community (Discord) status and link (a member's access token). After auth. */
async function routes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (scope) => {
    guardRoutes(scope, 'accessToken', app.auth.guard);
    await communityRoutes(scope, { community: ctx.config.community, repos: ctx.uow, clock: ctx.clock });
  });
}

/** Community (src/feature-module.ts). */
export const communityModule = featureModule({ name: 'community', routes });
