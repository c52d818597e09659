import type { FastifyInstance } from 'fastify';
import { featureModule, type AppContext } from '../feature-module.ts';
import { TEAM_RATE_LIMITS } from './team.rate-limits.ts';
import { teamRoutes } from './team.routes.ts';
import { inviteMailHandler } from './invite-mail.ts';
import { teamRepository } from './team.repository.ts';

/** The account's people behind the access token; owner-only changes (docs/team.md). After auth. */
async function routes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (scope) => teamRoutes(scope, {
    uow: ctx.uow, clock: ctx.clock, mailer: ctx.mailer, allowedOrigins: ctx.allowedOrigins, defaultLinkBase: ctx.config.company.websiteUrl,
    wakeOutbox: ctx.wakeOutbox, guard: app.auth.guard,
  }));
}

/** Team (src/feature-module.ts): memberships and the invitation mail. */
export const teamModule = featureModule({
  name: 'team',
  routes,
  repositories: { team: teamRepository },
  outboxTopics: ({ mail, db }) => ({ 'mail.invite': inviteMailHandler({ ...mail, team: teamRepository(db) }) }),
  rateLimits: TEAM_RATE_LIMITS,
});
