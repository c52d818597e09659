import type { FastifyInstance } from 'fastify';
import { featureModule, type AppContext, type JobsContext } from '../feature-module.ts';
import type { CompanyConfig } from '../config/company-config.schema.ts';
import type { PeriodicJob } from '../jobs/job-types.ts';
import { sweepJob } from '../jobs/sweep-job.ts';
import { guardRoutes } from '../http/route-auth.ts';
import { communityRepository } from './community.repository.ts';
import { COMMUNITY_RATE_LIMITS } from './community.rate-limits.ts';
import { communityAdminRoutes, communityCallbackRoute, communityRoutes } from './community.routes.ts';
import { discordClientFromConfig } from './community-deps.ts';
import type { DiscordClient } from './discord-client.ts';
import { discordReconcileJob } from './reconcile-discord-roles.ts';

// One client per loaded config, so the routes and the job share its queue and rate-limit waits.
const clients = new WeakMap<CompanyConfig, DiscordClient | null>();
function clientOf(ctx: JobsContext): DiscordClient | null {
  if (!clients.has(ctx.config)) clients.set(ctx.config, discordClientFromConfig(ctx.config, ctx.secrets));
  return clients.get(ctx.config)!;
}

/** The member's community (Discord) status, connect and disconnect (access token); Discord's redirect back (public); the repairs (admin key). */
async function routes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const deps = { community: ctx.config.community, uow: ctx.uow, clock: ctx.clock, allowedOrigins: ctx.allowedOrigins, discord: clientOf(ctx) };
  await app.register(async (scope) => {
    guardRoutes(scope, 'accessToken', app.auth.guard);
    await communityRoutes(scope, deps);
  });
  await app.register(async (scope) => communityCallbackRoute(scope, { ...deps, db: ctx.db, companyName: ctx.config.company.name, websiteUrl: ctx.config.company.websiteUrl ?? null }));
  await app.register(async (scope) => {
    guardRoutes(scope, 'adminKey', ctx.adminGuard);
    await communityAdminRoutes(scope, deps);
  });
}

function periodicJobs(ctx: JobsContext): PeriodicJob[] {
  const discord = ctx.config.community.discord;
  const client = clientOf(ctx);
  const repo = communityRepository(ctx.db);
  const sweep = sweepJob({ name: 'community.discord-state-sweep', everyMs: 60 * 60_000, deleteBatch: async () => repo.deleteStatesBefore(new Date(ctx.clock.now().getTime() - 24 * 60 * 60_000)) });
  if (!discord?.oauth || !client) return [sweep];
  return [sweep, discordReconcileJob({ db: ctx.db, repo, discord: client, config: discord, everyMinutes: discord.oauth.reconcileEveryMinutes })];
}

/** Community (src/feature-module.ts): the Discord connection, its reconciliation job and the state sweep. */
export const communityModule = featureModule({
  name: 'community',
  repositories: { community: communityRepository },
  routes,
  periodicJobs,
  rateLimits: COMMUNITY_RATE_LIMITS,
});
