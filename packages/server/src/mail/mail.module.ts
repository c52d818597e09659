import type { FastifyInstance } from 'fastify';
import { featureModule, type AppContext, type JobsContext } from '../feature-module.ts';
import type { OutboxHandler } from '../jobs/outbox-worker.ts';
import type { OutboxTopic } from '../jobs/outbox.repository.ts';
import { devMailboxRoutes } from './dev-mailbox.routes.ts';
import { confirmationMailHandler } from './confirmation-mail.ts';
import { receiptMailHandler } from './receipt-mail.ts';
import { unitOfWork } from '../unit-of-work.ts';
import { invoiceRecipients } from '../invoices/invoice-recipients.ts';
import { renderStoredInvoice } from '../invoices/invoices.ts';

/** Development without SMTP_URL keeps mail in memory and shows it at /dev/mailbox. */
async function routes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { mailer } = ctx;
  if (mailer.kind === 'dev-mailbox') await app.register(async (scope) => devMailboxRoutes(scope, mailer));
}

/** Receipts go to the account's invoice recipients with the invoice's PDF attached (issue 16). */
function outboxTopics({ mail, db, config }: JobsContext): Partial<Record<OutboxTopic, OutboxHandler>> {
  const uow = unitOfWork(db);
  return {
    'mail.confirmation': confirmationMailHandler(mail),
    'mail.receipt': receiptMailHandler({
      ...mail,
      invoiceRecipients: (accountUid) => invoiceRecipients(uow, accountUid),
      invoicePdf: async (invoiceUid) => {
        const invoice = await uow.invoices.get(invoiceUid);
        return invoice ? { pdf: await renderStoredInvoice({ uow, config }, invoice), invoiceNumber: invoice.invoiceNumber } : null;
      },
    }),
  };
}

/** Sign-up mail (src/feature-module.ts): the confirmation link and the paid sign-up's receipt. */
export const mailModule = featureModule({
  name: 'mail',
  routes,
  outboxTopics,
});
