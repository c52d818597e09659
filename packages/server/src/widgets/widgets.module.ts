import type { FastifyInstance } from 'fastify';
import { featureModule, type AppContext } from '../feature-module.ts';
import { emailListsRepository } from '../email-lists/email-lists.repository.ts';
import { fieldsRepository } from '../fields/fields.repository.ts';
import { initRoutes } from './init.routes.ts';

/** The settings every widget loads at startup (GET /widgets/auth/init and its static file), cached per node. */
async function routes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const deps = { config: ctx.config, catalog: ctx.catalog, emailLists: emailListsRepository(ctx.db), fields: fieldsRepository(ctx.db), bus: ctx.bus };
  await app.register(async (scope) => initRoutes(scope, deps));
}

/** Startup settings (src/feature-module.ts). */
export const widgetsModule = featureModule({ name: 'widgets', routes });
