import type { FastifyInstance } from 'fastify';
import { featureModule, type AppContext } from '../feature-module.ts';
import { filesRoutes } from './files.routes.ts';
import { filesRepository } from './files.repository.ts';

/** Uploaded files (GET /files/{uid}). */
async function routes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (scope) => filesRoutes(scope, { files: ctx.uow.files }));
}

/** The files feature (src/feature-module.ts). */
export const filesModule = featureModule({
  name: 'files',
  routes,
  repositories: { files: filesRepository },
});
