import { catalogRepository } from '../catalog/catalog.repository.ts';
import { loadCatalogSnapshot } from '../billing/catalog-snapshot.ts';
import type { JobsContext } from '../feature-module.ts';
import type { PeriodicJob } from '../jobs/job-types.ts';
import { unitOfWork } from '../unit-of-work.ts';
import { renewDueBatch, type BatchResult } from './renew-due.ts';
import { holdInRenewalBatch, type HoldInRenewalBatch } from './hold-in-renewal-batch.ts';

export const RENEWAL_JOB = 'billing.renewals';
/** Every minute of server-clock time; moving the admin clock wakes the runner, so due renewals run within seconds. */
export const RENEWAL_EVERY_MS = 60_000;
/** One pass may renew 100,000 subscriptions; each batch commits on its own, so an aborted pass loses nothing. */
export const RENEWAL_TIMEOUT_MS = 15 * 60_000;
export const RENEWAL_BATCH = 200;

export type PassResult = Omit<BatchResult, 'locked'> & { batches: number };

/**
 * The renewal pass (docs/billing.md "Renewals", docs/jobs.md): batches of due subscriptions, one
 * transaction each, until none is due, a batch makes no progress (every row left to a later pass) or
 * the run is aborted. Native billing only: with Stripe billing the provider renews.
 */
export function renewalJob(ctx: Pick<JobsContext, 'config' | 'db' | 'activityWebhook'> & Partial<Pick<JobsContext, 'wakeOutbox'>>, options: { batchSize?: number } = {}): PeriodicJob {
  const limit = options.batchSize ?? RENEWAL_BATCH;
  const hold = holdInRenewalBatch();
  let batches = 0;
  return {
    name: RENEWAL_JOB,
    everyMs: RENEWAL_EVERY_MS,
    timeoutMs: RENEWAL_TIMEOUT_MS,
    // Every node runs the pass and the batches share themselves (SKIP LOCKED): two runners finish a big pass sooner.
    everyNode: true,
    async run(job) {
      const pass = await renewalPass(ctx, job.now, job.signal, limit, hold && ((n) => hold(n + batches)));
      batches += pass.batches;
      if (pass.batches > 0) job.log.info({ job: RENEWAL_JOB, ...pass }, 'renewal pass');
      return pass.renewed + pass.changed + pass.ended;
    },
  };
}

export async function renewalPass(
  ctx: Pick<JobsContext, 'config' | 'db' | 'activityWebhook'> & Partial<Pick<JobsContext, 'wakeOutbox'>>, now: () => Date, signal: AbortSignal, limit = RENEWAL_BATCH, hold: HoldInRenewalBatch | null = null,
): Promise<PassResult> {
  const total: PassResult = { batches: 0, renewed: 0, changed: 0, ended: 0, skipped: 0, invoices: 0 };
  if (ctx.config.billing.system !== 'Native') return total;
  // Read once per pass, outside the batches' transactions; a deactivated plan is still in it (grandfathered).
  const snapshot = await loadCatalogSnapshot(catalogRepository(ctx.db));
  const deps = { uow: unitOfWork(ctx.db), config: ctx.config, snapshot, activity: ctx.activityWebhook !== undefined, hold, wakeOutbox: ctx.wakeOutbox };
  while (!signal.aborted) {
    const b = await renewDueBatch(deps, now(), limit, total.batches + 1);
    if (b.locked === 0) break;
    total.batches++;
    total.renewed += b.renewed; total.changed += b.changed; total.ended += b.ended; total.skipped += b.skipped; total.invoices += b.invoices;
    if (b.locked < limit || b.skipped === b.locked) break;
  }
  return total;
}
