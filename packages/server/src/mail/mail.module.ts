import type { FastifyInstance } from 'fastify';
import { featureModule, type AppContext } from '../feature-module.ts';
import { devMailboxRoutes } from './dev-mailbox.routes.ts';
import { confirmationMailHandler } from './confirmation-mail.ts';
import { receiptMailHandler } from './receipt-mail.ts';

/** Development without SMTP_URL keeps mail in memory and shows it at /dev/mailbox. */
async function routes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { mailer } = ctx;
  if (mailer.kind === 'dev-mailbox') await app.register(async (scope) => devMailboxRoutes(scope, mailer));
}

/** Sign-up mail (src/feature-module.ts): the confirmation link and the paid sign-up's receipt. */
export const mailModule = featureModule({
  name: 'mail',
  routes,
  outboxTopics: ({ mail }) => ({ 'mail.confirmation': confirmationMailHandler(mail), 'mail.receipt': receiptMailHandler(mail) }),
});
