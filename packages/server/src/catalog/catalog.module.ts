import type { FastifyInstance } from 'fastify';
import { featureModule, type AppContext } from '../feature-module.ts';
import { CATALOG_CHANGED } from './catalog-events.ts';
import { catalogAdminRoutes } from '../admin/catalog-admin.routes.ts';
import { guardRoutes } from '../http/route-auth.ts';
import { catalogRepository } from './catalog.repository.ts';

/** The catalogue admin API (the admin key); a change tells every node to drop its cached settings. */
async function routes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (scope) => {
    guardRoutes(scope, 'adminKey', ctx.adminGuard);
    await catalogAdminRoutes(scope, { catalog: ctx.catalog, currency: ctx.config.company.currency, onChange: () => ctx.bus.publish(CATALOG_CHANGED) });
  });
}

/** The catalog feature (src/feature-module.ts). */
export const catalogModule = featureModule({
  name: 'catalog',
  repositories: { catalog: catalogRepository },
  routes,
});
