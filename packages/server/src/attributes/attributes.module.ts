import type { FastifyInstance } from 'fastify';
import { featureModule, type AppContext } from '../feature-module.ts';
import { fieldsRepository } from '../fields/fields.repository.ts';
import { attributesRoutes } from './attributes.routes.ts';

/** Field definitions (public, cached per node; a catalogue change drops them). */
async function routes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (scope) => attributesRoutes(scope, { fields: fieldsRepository(ctx.db), bus: ctx.bus }));
}

/** Attributes (src/feature-module.ts). */
export const attributesModule = featureModule({ name: 'attributes', routes });
