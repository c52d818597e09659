import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { discordStatusOut } from './community.schemas.ts';
import { getDiscordStatus, type CommunityDeps } from './get-discord-status.ts';

/** The community server (spec 2 "Community-server connection"); put behind the access-token guard. */
export async function communityRoutes(app: FastifyInstance, deps: CommunityDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/v1/profile/discord', {
    schema: {
      tags: ['profile'],
      summary: 'The community-server status of the signed-in person (any member): the connected user (none until connecting lands), access by the account\'s current plan, whether to prompt after login, and the invite link for people with access',
      response: { 200: discordStatusOut },
    },
  }, async (req) => getDiscordStatus(deps, req.caller));
}
