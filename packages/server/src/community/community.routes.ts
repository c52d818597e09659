import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/database.ts';
import { routeRateLimit } from '../http/rate-limits.ts';
import { DOCUMENT_ONLY_HEADERS } from '../http/security-headers.ts';
import { CALLBACK_CSS, CALLBACK_CSS_PATH, callbackPage } from './callback-page.ts';
import { COMMUNITY_RATE_LIMITS } from './community.rate-limits.ts';
import {
  authorizeDiscordOut, authorizeDiscordQuery, discordCallbackQuery, discordRepairsOut, discordRepairsQuery, discordStatusOut,
} from './community.schemas.ts';
import type { CommunityDeps } from './community-deps.ts';
import { disconnectDiscord } from './disconnect-discord.ts';
import { finishDiscordConnect } from './finish-discord-connect.ts';
import { getDiscordStatus } from './get-discord-status.ts';
import { startDiscordConnect } from './start-discord-connect.ts';

const tags = ['profile'];
const limit = routeRateLimit(COMMUNITY_RATE_LIMITS.discordConnectPerAddress);

/** The community server (spec 2 "Community-server connection"); put behind the access-token guard. */
export async function communityRoutes(app: FastifyInstance, deps: CommunityDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/v1/profile/discord', {
    schema: {
      tags,
      summary: 'The community-server status of the signed-in person (any member): the connected Discord user, access by the account\'s current plan, whether to prompt after login, the invite link for people with access, and whether connecting is offered',
      response: { 200: discordStatusOut },
    },
  }, async (req, reply) => reply.header('cache-control', 'no-store').send(await getDiscordStatus({ ...deps, repos: deps.uow }, req.caller)));

  r.get('/api/v1/profile/authorizeDiscord', {
    config: limit,
    schema: {
      tags,
      summary: "Start connecting Discord (OAuth2 authorization code with PKCE): answers Discord's authorize URL, whose single-use state (10 minutes) is bound to this person and session. 409 Errors.CommunityNotConfigured without an application in the config; 403 Errors.CommunityAccessRequired when the account's plan gives no access",
      querystring: authorizeDiscordQuery, response: { 200: authorizeDiscordOut },
    },
  }, async (req, reply) => reply.header('cache-control', 'no-store').send(await startDiscordConnect(deps, req.caller, req.query)));

  r.delete('/api/v1/profile/discord', {
    config: limit,
    schema: {
      tags,
      summary: 'Disconnect Discord: the Discord user is removed from the server (kicked) and the connection forgotten. 204 also when not connected; 502 Errors.CommunityUnavailable when Discord cannot be reached (the connection stays)',
      response: { 204: z.null().describe('Disconnected (or was not connected)') },
    },
  }, async (req, reply) => {
    await disconnectDiscord({ ...deps, log: req.log }, req.caller, req.ip);
    return reply.code(204).send(null);
  });
}

/** Discord's redirect back: public (the browser arrives without Portico's token; the state is the credential). */
export async function communityCallbackRoute(app: FastifyInstance, deps: CommunityDeps & { db: Db; companyName: string; websiteUrl: string | null }) {
  app.get(CALLBACK_CSS_PATH, { schema: { hide: true } }, async (_req, reply) => {
    for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
    return reply.header('content-type', 'text/css; charset=utf-8').header('cache-control', 'public, max-age=300').send(CALLBACK_CSS);
  });
  app.withTypeProvider<ZodTypeProvider>().get('/api/v1/community/discord/callback', {
    config: { ...limit, apiDocs: { binaryAnswers: { 200: { description: 'A page saying what happened, with a link back to the site', contentTypes: ['text/html'] } } } },
    schema: {
      tags: ['community'],
      summary: "Discord's OAuth2 redirect back (a browser page, text/html): takes the single-use state, exchanges the code, joins the server with the plan's roles, stores the connection, and shows what happened with a link back to the site. Never an error status for Discord's or the person's choices: a denied, expired, replayed or forged attempt and Discord being down each end on their own page",
      querystring: discordCallbackQuery,
      response: { 200: z.any().describe('An HTML page (text/html)') },
    },
  }, async (req, reply) => {
    const result = await finishDiscordConnect({ ...deps, log: req.log }, req.query, req.ip);
    return reply.code(200).header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').type('text/html; charset=utf-8')
      .send(callbackPage(result.outcome, { username: result.username, returnUrl: result.returnUrl, companyName: deps.companyName, websiteUrl: deps.websiteUrl }));
  });
}

/** GET /api/v1/admin/community/discord/repairs: what the reconciliation (and connects) changed, newest first. */
export async function communityAdminRoutes(app: FastifyInstance, deps: Pick<CommunityDeps, 'uow'>) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/v1/admin/community/discord/repairs', {
    schema: {
      tags: ['admin'], summary: 'The Discord role repairs: each role added or removed to make a member match their plan, and each join on connect, newest first',
      querystring: discordRepairsQuery, response: { 200: discordRepairsOut },
    },
  }, async (req) => ({
    Items: (await deps.uow.community.recentRepairs(req.query.limit)).map((r) => ({
      Uid: r.uid, At: r.at.toISOString(), PersonUid: r.personUid, DiscordUserId: r.discordUserId, Action: r.action, RoleId: r.roleId, Source: r.source,
    })),
  }));
}
