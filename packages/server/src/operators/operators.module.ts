import type { FastifyInstance } from 'fastify';
import type { Server } from 'socket.io';
import { featureModule, type AppContext, type JobsContext } from '../feature-module.ts';
import { sessionCleanupJob } from '../auth/session-cleanup.ts';
import { guardRoutes } from '../http/route-auth.ts';
import { accessTokens, type AccessTokens } from '../auth/access-tokens.ts';
import { SESSIONS_CHANGED } from '../auth/register-auth.ts';
import { sessionCache } from '../auth/session-cache.ts';
import { sessionNotices } from '../auth/session-notices.ts';
import { invoiceDownloadTokens } from '../invoices/invoice-download-token.ts';
import { consoleCasesRepository } from './console-cases.repository.ts';
import { CHAT_PRESENCE_TOPIC } from '../chat/chat-presence.ts';
import { autoReplySource } from '../support/auto-reply.ts';
import { operatorPresence } from './operator-presence.ts';
import { presenceAdminRoutes } from './presence-admin.routes.ts';
import { consoleRoutes } from './console.routes.ts';
import { CONSOLE_TOKEN_AUDIENCE, type OperatorClaims } from './console-tokens.ts';
import { consoleFeed } from './console-feed.ts';
import { operatorGuard, operatorVerifier } from './operator-guard.ts';
import { operatorSessionsRepository, type OperatorSession } from './operator-sessions.repository.ts';
import { operatorsAdminRoutes } from './operators-admin.routes.ts';
import { operatorsRepository } from './operators.repository.ts';
import { operatorAccountRoutes } from './operator-account.routes.ts';
import { consolePlace, OPERATOR_LINK_MAIL_TOPIC, OPERATOR_SIGNIN_CODE_TOPIC, operatorLinkMailHandler } from './operator-link-mail.ts';
import { operatorEmailTokensRepository } from '../registration/email-tokens.repository.ts';
import { operatorSignInCodesRepository } from '../auth/sign-in-codes.repository.ts';
import { operatorKnownDevicesRepository } from '../auth/known-devices.repository.ts';
import { auditLogRepository } from '../auth/audit-log.repository.ts';
import { signInCodeMailHandler } from '../auth/sign-in-code-mail.ts';

export interface ConsoleAuth {
  tokens: AccessTokens<OperatorClaims>;
  /** Put on a scope with guardRoutes(scope, 'operatorToken', app.console.guard) for console routes (the chat's operator side next). */
  guard: ReturnType<typeof operatorGuard>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The operator console's tokens and guard (issue 20). */
    console: ConsoleAuth;
  }
}

/** Operators, their sign-in and the console API (after auth: it signs with app.auth's key ring). */
async function routes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const auth = ctx.config.auth;
  const tokens = accessTokens<OperatorClaims>({ ring: app.auth.ring, clock: ctx.clock, issuer: app.auth.tokens.issuer, lifetimeMinutes: auth.accessTokenMinutes, audience: CONSOLE_TOKEN_AUDIENCE });
  // The same caching and the same instant forgetting as members' sessions (auth/session-cache.ts), over the same notices and bus topic.
  const cache = sessionCache<OperatorSession>({ ttlMs: auth.sessionCacheSeconds * 1000 });
  const guardDeps = { tokens, sessions: ctx.uow.operatorSessions, auth, clock: ctx.clock, cache };
  const guard = operatorGuard(guardDeps);
  // Live updates on the chat's Socket.IO server (after chat: app.chat.io), its handshake the guard's own check.
  const feed = consoleFeed(app, { io: app.chat.io as unknown as Server, bus: ctx.bus, clock: ctx.clock, verify: operatorVerifier(guardDeps) });
  // An ended session is forgotten by the guard and its feed sockets are disconnected, on this node and (bus) every other.
  const ended = (uids: readonly string[]) => { cache.forget(uids); feed.endSessions(uids); };
  const stop = sessionNotices.listen(ended);
  ctx.bus.subscribe(SESSIONS_CHANGED, (message) => ended(message.split(',').filter(Boolean)));
  app.addHook('onClose', async () => stop());
  app.decorate('console', { tokens, guard });

  // One presence (operators' online_until) with two doors: the console's heartbeat and the admin API's. A beat
  // tells every node's chat to look again (the bus) and this node's at once (awaited: the answer comes after).
  const presence = operatorPresence({
    uow: ctx.uow, clock: ctx.clock,
    afterBeat: async () => { await ctx.bus.publish(CHAT_PRESENCE_TOPIC, 'operator'); await app.chat.presence.refresh(); },
  });
  await app.register(async (scope) => consoleRoutes(scope, {
    uow: ctx.uow, clock: ctx.clock, auth, tokens, guard, wakeOutbox: ctx.wakeOutbox, bus: ctx.bus,
    // A reply to a chat case is the chat's own agent reply: numbered, stored and delivered to the visitor (app.chat, issue 19).
    chatReply: async (caseUid, input) => ({ ActivityUid: (await app.chat.agentReply(caseUid, { AgentName: input.AgentName, Comment: input.Comment })).Uid }),
    presence,
    autoReplyDefault: autoReplySource(ctx.config).fallback,
    downloads: invoiceDownloadTokens({ ring: app.auth.ring, clock: ctx.clock, issuer: app.auth.tokens.issuer }),
  }));
  // An operator's account (sign-in, forgot password, set-password links) under the members' own limiters: one set of counters.
  const account = { uow: ctx.uow, clock: ctx.clock, mailer: ctx.mailer, consoleUrl: `${ctx.publicUrl}/console/`, wakeOutbox: ctx.wakeOutbox, policy: ctx.config.passwordPolicy };
  await app.register(async (scope) => operatorAccountRoutes(scope, {
    ...account, auth, tokens, companyName: ctx.config.company.name,
    signInLimits: app.auth.signInLimits, forgotLimits: app.passwords.forgotLimits,
  }));
  await app.register(async (scope) => {
    guardRoutes(scope, 'adminKey', ctx.adminGuard);
    await presenceAdminRoutes(scope, presence);
    await operatorsAdminRoutes(scope, { ...account, autoReplyDefault: autoReplySource(ctx.config).fallback });
  });
}

/** The operator console's server side (issue 20; docs/console.md). */
export const operatorsModule = featureModule({
  name: 'operators',
  routes,
  repositories: {
    operators: operatorsRepository, operatorSessions: operatorSessionsRepository, consoleCases: consoleCasesRepository,
    // The members' repositories over the operators' own tables (decisions.md "Operators' mailed tokens and known browsers").
    operatorEmailTokens: operatorEmailTokensRepository, operatorSignInCodes: operatorSignInCodesRepository, operatorKnownDevices: operatorKnownDevicesRepository,
  },
  outboxTopics: ({ mail, db }: JobsContext) => ({
    [OPERATOR_LINK_MAIL_TOPIC]: operatorLinkMailHandler({ ...mail, operators: operatorsRepository(db), tokens: operatorEmailTokensRepository(db) }),
    // The members' sign-in code mail, to an enabled operator, over their codes.
    [OPERATOR_SIGNIN_CODE_TOPIC]: signInCodeMailHandler({
      ...mail, codes: operatorSignInCodesRepository(db), auditLog: auditLogRepository(db), place: consolePlace, auditDetail: { console: true },
      recipient: async (uid) => {
        const o = await operatorsRepository(db).byUid(uid);
        return o && !o.disabled ? { uid: o.uid, email: o.email, firstName: o.name } : null;
      },
    }),
  }),
  // The members' cleanup rule over operator sessions (auth.sessionRetentionDays).
  periodicJobs: ({ db, config }: JobsContext) => [sessionCleanupJob({ name: 'operators.sessions-cleanup', repo: operatorSessionsRepository(db), retentionDays: config.auth.sessionRetentionDays })],
});
