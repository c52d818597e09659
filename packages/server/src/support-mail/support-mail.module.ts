import type { FastifyInstance } from 'fastify';
import { featureModule, type AppContext, type JobsContext } from '../feature-module.ts';
import type { OutboxHandler } from '../jobs/outbox-worker.ts';
import type { OutboxTopic } from '../jobs/outbox.repository.ts';
import type { CompanyConfig } from '../config/company-config.schema.ts';
import { settingsRepository } from '../settings/settings.repository.ts';
import { supportRepository } from '../support/support.repository.ts';
import { AGENT_REPLY_MAIL_TOPIC, agentReplyMailHandler } from './agent-reply-mail.ts';
import { supportMailRepository } from './support-mail.repository.ts';
import { inboundMailRoutes } from './support-mail.routes.ts';
import { SUPPORT_MAIL_RATE_LIMITS } from './support-mail.rate-limits.ts';

/** The environment variable holding the inbound webhook's shared secret (docs/console.md "Inbound mail"). */
export const INBOUND_MAIL_SECRET_ENV = 'PORTICO_INBOUND_MAIL_SECRET';

/** The address agent replies come from and answers go back to (plus-addressed per case). */
export const supportReplyAddress = (config: CompanyConfig): string | null => config.support.replyAddress ?? config.support.emailAddress ?? null;

async function routes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (scope) => inboundMailRoutes(scope, {
    uow: ctx.uow, clock: ctx.clock, bus: ctx.bus, supportAddress: supportReplyAddress(ctx.config), secret: ctx.secrets[INBOUND_MAIL_SECRET_ENV] || undefined,
  }));
}

function outboxTopics({ mail, db, config }: JobsContext): Partial<Record<OutboxTopic, OutboxHandler>> {
  return {
    [AGENT_REPLY_MAIL_TOPIC]: agentReplyMailHandler({
      mailer: mail.mailer, companyName: mail.companyName, supportAddress: supportReplyAddress(config),
      support: supportRepository(db), settings: settingsRepository(db), supportMail: supportMailRepository(db),
    }),
  };
}

/** Support cases by mail (issue 20; docs/console.md "Mail threading"): agent replies mailed with a per-case Reply-To, answers back through the inbound webhook. */
export const supportMailModule = featureModule({
  name: 'support-mail',
  routes,
  repositories: { supportMail: supportMailRepository },
  outboxTopics,
  rateLimits: SUPPORT_MAIL_RATE_LIMITS,
});
