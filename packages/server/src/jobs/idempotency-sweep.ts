import type { PeriodicJob } from './job-types.ts';
import { sweepJob } from './sweep-job.ts';

/**
 * Deletes Idempotency-Key answers past their replay time (http/idempotency.repository.ts), hourly
 * on the job runner. It ran before inside every claim and save: a table-wide delete on each
 * idempotent request's path, on every node; a claim now only clears its own key's expired answer.
 */
export function idempotencySweepJob(o: { repo: { deleteExpired(limit: number): Promise<number> }; batchSize?: number }): PeriodicJob {
  return sweepJob({
    name: 'idempotency.sweep',
    everyMs: 3_600_000,
    ...(o.batchSize ? { batchSize: o.batchSize } : {}),
    deleteBatch: (limit) => o.repo.deleteExpired(limit),
  });
}
