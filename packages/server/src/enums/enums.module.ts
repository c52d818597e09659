import type { FastifyInstance } from 'fastify';
import { featureModule, type AppContext } from '../feature-module.ts';
import { enumsRoutes } from './enums.routes.ts';

/** The public lists (countries, states, tax id types, ...) and their static file. */
async function routes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (scope) => enumsRoutes(scope, { taxIdTypes: ctx.config.billing.taxIdTypes, cacheSeconds: ctx.config.staticConfigCacheSeconds }));
}

/** Enums (src/feature-module.ts). */
export const enumsModule = featureModule({ name: 'enums', routes });
