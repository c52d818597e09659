import type { FastifyInstance } from 'fastify';
import { featureModule, type AppContext } from '../feature-module.ts';
import { registerSessions } from './register-sessions.ts';

/** The person's sessions: list, end one, end the others; the admin ends all of a person's (docs/auth.md). After auth. */
async function routes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await registerSessions(app, { config: ctx.config, clock: ctx.clock, uow: ctx.uow, adminGuard: ctx.adminGuard });
}

/** Sessions (src/feature-module.ts). */
export const sessionsModule = featureModule({ name: 'sessions', routes });
