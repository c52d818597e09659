import type { FastifyInstance } from 'fastify';
import { featureModule, type AppContext, type JobsContext } from '../feature-module.ts';
import type { OutboxHandler } from '../jobs/outbox-worker.ts';
import type { OutboxTopic } from '../jobs/outbox.repository.ts';
import { guardRoutes } from '../http/route-auth.ts';
import { SUPPORT_ACK_MAIL_TOPIC, SUPPORT_NOTICE_MAIL_TOPIC, supportAckMailHandler, supportNoticeMailHandler, type SupportMailDeps } from './support-mail.ts';
import { supportAdminRoutes } from './support-admin.routes.ts';
import { SUPPORT_RATE_LIMITS } from './support.rate-limits.ts';
import { supportRepository } from './support.repository.ts';
import { autoReplySource } from './auto-reply.ts';
import { supportRoutes } from './support.routes.ts';

/** The public help form (settings, create a case) and the operator's read of cases (admin key). After captcha (app.captcha) and chat (app.chat, the settings' Chat.Online). */
async function routes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (scope) => supportRoutes(scope, {
    uow: ctx.uow, clock: ctx.clock, captcha: app.captcha, captchaConfig: ctx.config.captcha,
    notifySupport: ctx.config.support.emailAddress !== undefined, wakeOutbox: ctx.wakeOutbox, bus: ctx.bus, autoReply: autoReplySource(ctx.config),
    chat: { texts: ctx.config.chat, online: () => app.chat.presence.current() },
  }));
  await app.register(async (scope) => {
    guardRoutes(scope, 'adminKey', ctx.adminGuard);
    await supportAdminRoutes(scope, { uow: ctx.uow });
  });
}

function outboxTopics({ mail, db, config }: JobsContext): Partial<Record<OutboxTopic, OutboxHandler>> {
  const deps: SupportMailDeps = { mailer: mail.mailer, companyName: mail.companyName, supportAddress: config.support.emailAddress ?? null, support: supportRepository(db) };
  return { [SUPPORT_ACK_MAIL_TOPIC]: supportAckMailHandler(deps), [SUPPORT_NOTICE_MAIL_TOPIC]: supportNoticeMailHandler(deps) };
}

/** Support cases (issue 18; src/feature-module.ts, docs/support.md). */
export const supportModule = featureModule({
  name: 'support',
  routes,
  repositories: { support: supportRepository },
  outboxTopics,
  rateLimits: SUPPORT_RATE_LIMITS,
});
