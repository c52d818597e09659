import { featureModule, type JobsContext } from '../feature-module.ts';
import type { OutboxHandler } from '../jobs/outbox-worker.ts';
import type { OutboxTopic } from '../jobs/outbox.repository.ts';
import { invoiceRecipients } from '../invoices/invoice-recipients.ts';
import type { PeriodicJob } from '../jobs/job-types.ts';
import { unitOfWork } from '../unit-of-work.ts';
import { chargeInvoicesHandler, type CollectionDeps } from './charge-invoice.ts';
import { collectionJob } from './collection-job.ts';
import { collectionRepository } from './collection.repository.ts';
import { paymentFailedMailHandler } from './payment-failed-mail.ts';
import { collectionRoutes } from './collection.routes.ts';

function deps(ctx: JobsContext): CollectionDeps {
  return {
    uow: unitOfWork(ctx.db), gateway: ctx.paymentGateway, config: ctx.config, clock: ctx.clock,
    activity: ctx.activityWebhook !== undefined, wakeOutbox: ctx.wakeOutbox,
  };
}

function outboxTopics(ctx: JobsContext): Partial<Record<OutboxTopic, OutboxHandler>> {
  const uow = unitOfWork(ctx.db);
  return {
    'billing.charge-invoice': chargeInvoicesHandler(deps(ctx)),
    'mail.payment-failed': paymentFailedMailHandler({
      mailer: ctx.mail.mailer, companyName: ctx.mail.companyName, config: ctx.config, invoiceRecipients: (accountUid) => invoiceRecipients(uow, accountUid),
    }),
  };
}

function periodicJobs(ctx: JobsContext): PeriodicJob[] {
  return [collectionJob({ uow: unitOfWork(ctx.db), wakeOutbox: ctx.wakeOutbox })];
}

/**
 * Collection and dunning (issue 17, docs/billing.md "Collection and dunning"): the collector's pass,
 * the charge of each claimed attempt, the 'payment failed' mail, the invoice authentication and the
 * operator's billing read, retry and void.
 */
export const collectionModule = featureModule({
  name: 'collection',
  repositories: { collection: collectionRepository },
  routes: collectionRoutes,
  outboxTopics,
  periodicJobs,
});
