import type { FastifyInstance } from 'fastify';
import { featureModule, type AppContext } from '../feature-module.ts';
import { guardRoutes } from '../http/route-auth.ts';
import { profileRoutes } from './profile.routes.ts';
import { profileRepository } from './profile.repository.ts';

/** The signed-in person's own data (a member's access token). After auth. */
async function routes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (scope) => {
    guardRoutes(scope, 'accessToken', app.auth.guard);
    await profileRoutes(scope, { uow: ctx.uow, clock: ctx.clock, snapshots: ctx.billing.snapshots, currency: ctx.config.company.currency, taxIdTypes: ctx.config.billing.taxIdTypes });
  });
}

/** The profile feature (src/feature-module.ts). */
export const profileModule = featureModule({
  name: 'profile',
  routes,
  repositories: { profile: profileRepository },
});
