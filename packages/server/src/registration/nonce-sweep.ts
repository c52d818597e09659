import type { PeriodicJob } from '../jobs/job-types.ts';
import { sweepJob } from '../jobs/sweep-job.ts';

/** Expired nonces are kept this long after their expiry (they still answer "expired" meanwhile), then swept. */
export const KEEP_EXPIRED_NONCES_HOURS = 24;

/**
 * Deletes sign-up nonces a day past their expiry, hourly on the job runner (it ran inside every
 * nonce insert before: a delete on the sign-up's path, and on every node at once).
 */
export function nonceSweepJob(o: { repo: { deleteExpiredBefore(cutoff: Date, limit: number): Promise<number> }; batchSize?: number }): PeriodicJob {
  return sweepJob({
    name: 'registration.nonce-sweep',
    everyMs: 3_600_000,
    ...(o.batchSize ? { batchSize: o.batchSize } : {}),
    deleteBatch: (limit, ctx) => o.repo.deleteExpiredBefore(new Date(ctx.now().getTime() - KEEP_EXPIRED_NONCES_HOURS * 3_600_000), limit),
  });
}
