import type { FastifyInstance } from 'fastify';
import { featureModule, type AppContext, type JobsContext } from '../feature-module.ts';
import type { OutboxHandler } from '../jobs/outbox-worker.ts';
import type { OutboxTopic } from '../jobs/outbox.repository.ts';
import { emailListSubscriptionsRepository } from './email-list-subscriptions.repository.ts';
import { emailListsAdminRoutes } from './email-lists-admin.routes.ts';
import { EMAIL_LISTS_RATE_LIMITS } from './email-lists.rate-limits.ts';
import { emailListsRepository } from './email-lists.repository.ts';
import { emailListsRoutes } from './email-lists.routes.ts';
import { listConfirmationMailHandler } from './list-confirmation-mail.ts';
import { listLinkPlaces, personLinkTokens } from './list-links.ts';
import { PREFERENCES_LINK_MAIL_TOPIC, preferencesLinkMailHandler } from './preferences-link-mail.ts';

/** The public preferences calls, the profile's link, and the admin API. After auth and captcha. */
async function routes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const tokens = personLinkTokens((fresh) => ctx.uow.emailListSubscriptions.linkKey(fresh));
  const deps = { uow: ctx.uow, clock: ctx.clock, tokens, wakeOutbox: ctx.wakeOutbox, redirectUrl: listLinkPlaces(ctx.config).redirect };
  await app.register(async (scope) => emailListsRoutes(scope, { ...deps, captcha: app.captcha, guard: app.auth.guard, mailOff: ctx.mailer.kind === 'off' }));
  await app.register(async (scope) => emailListsAdminRoutes(scope, { ...deps, config: ctx.config, adminGuard: ctx.adminGuard }));
}

/** The double opt-in's confirmation mail, and a fresh preferences link asked for from an expired one. */
function outboxTopics({ mail, db, config }: JobsContext): Partial<Record<OutboxTopic, OutboxHandler>> {
  const lists = emailListsRepository(db);
  const subscriptions = emailListSubscriptionsRepository(db);
  return {
    [PREFERENCES_LINK_MAIL_TOPIC]: preferencesLinkMailHandler({ ...mail, config, tokens: personLinkTokens((fresh) => subscriptions.linkKey(fresh)) }),
    'mail.list-confirmation': listConfirmationMailHandler({
      ...mail, config,
      list: (uid) => lists.get(uid),
      waiting: async (listUid, personUid) => (await subscriptions.ofPerson(personUid)).some((s) => s.listUid === listUid && s.status === 'Subscribed'),
    }),
  };
}

/** Email lists (src/feature-module.ts; docs/email-lists.md): preferences, double opt-in, unsubscribe, the consent log. */
export const emailListsModule = featureModule({
  name: 'email-lists',
  repositories: { emailLists: emailListsRepository, emailListSubscriptions: emailListSubscriptionsRepository },
  routes,
  outboxTopics,
  rateLimits: EMAIL_LISTS_RATE_LIMITS,
});
