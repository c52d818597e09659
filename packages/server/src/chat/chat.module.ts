import type { FastifyInstance } from 'fastify';
import { featureModule, type AppContext } from '../feature-module.ts';
import { guardRoutes } from '../http/route-auth.ts';
import { chatAdminRoutes } from './chat-admin.routes.ts';
import { chatDocumentsRoutes } from './chat-documents.routes.ts';
import { createChatHub, type ChatHub } from './chat-hub.ts';
import { agentReply, chatDeps } from './chat-messages.ts';
import { CHAT_RATE_LIMITS } from './chat.rate-limits.ts';
import { chatRepository } from './chat.repository.ts';

/** The hub plus what other features ask of the chat: an operator's reply, stored and delivered (the console, issue 20). */
export type ChatService = ChatHub & { agentReply(caseUid: string, input: { AgentName: string; Comment: string }): ReturnType<typeof agentReply> };

declare module 'fastify' {
  interface FastifyInstance {
    /** The live chat's hub (issue 19): its Socket.IO server, delivery to a visitor's room, operator presence. */
    chat: ChatService;
  }
}

/**
 * The hub attaches to `app.server` here, at registration: Fastify makes its HTTP server when the
 * app is made, so a module needs no later hook to reach it (src/feature-module.ts "routes"). After auth
 * (app.auth verifies a signed-in visitor's token); before support (its settings read app.chat's presence).
 */
async function routes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const hub = await createChatHub(app, ctx, { redisUrl: ctx.realtime.redisUrl, redisPrefix: ctx.realtime.redisPrefix });
  const deps = chatDeps(ctx, hub);
  app.decorate('chat', Object.assign(hub, { agentReply: (caseUid: string, input: { AgentName: string; Comment: string }) => agentReply(deps, caseUid, input) }));
  await app.register(async (scope) => chatDocumentsRoutes(scope, deps));
  await app.register(async (scope) => {
    guardRoutes(scope, 'adminKey', ctx.adminGuard);
    await chatAdminRoutes(scope, deps);
  });
}

/** Live chat (issue 19; docs/chat.md): the hub, the visitor's files, the operator's admin API. */
export const chatModule = featureModule({
  name: 'chat',
  routes,
  repositories: { chat: chatRepository },
  rateLimits: CHAT_RATE_LIMITS,
});
