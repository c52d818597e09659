import type { PeriodicJob } from '../jobs/job-types.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import { claimAttempt } from './claim-attempt.ts';

/** Invoices claimed per transaction: short transactions, and other nodes' passes take the next batch (SKIP LOCKED). */
export const COLLECTION_BATCH = 500;

/**
 * `billing.collection` (every 60 s, and at every start): claims an attempt for every Open invoice whose
 * next attempt is due by the server clock, batch by batch, each batch one transaction with its outbox
 * messages; the charges happen in the outbox handler (charge-invoice.ts). Safe to repeat or to run on
 * several nodes: a claimed invoice has an attempt in flight and is not claimed again until its outcome
 * is recorded.
 */
export function collectionJob(deps: { uow: UnitOfWork; wakeOutbox: () => void }): PeriodicJob {
  return {
    name: 'billing.collection',
    everyMs: 60_000,
    async run(ctx) {
      let claimed = 0;
      for (;;) {
        if (ctx.signal.aborted) break;
        const now = ctx.now();
        const batch = await deps.uow.transaction((repos) => claimAttempt(repos, { dueBy: now, limit: COLLECTION_BATCH }));
        claimed += batch.length;
        if (batch.length) deps.wakeOutbox();
        if (batch.length < COLLECTION_BATCH) break;
      }
      return claimed;
    },
  };
}
