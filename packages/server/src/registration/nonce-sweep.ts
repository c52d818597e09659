import type { PeriodicJob } from '../jobs/job-types.ts';

/** Expired nonces are kept this long after their expiry (they still answer "expired" meanwhile), then swept. */
export const KEEP_EXPIRED_NONCES_HOURS = 24;

/**
 * Deletes sign-up nonces a day past their expiry, hourly on the job runner (it ran inside every
 * nonce insert before: a delete on the sign-up's path, and on every node at once).
 */
export function nonceSweepJob(o: { repo: { deleteExpiredBefore(cutoff: Date, limit: number): Promise<number> }; batchSize?: number }): PeriodicJob {
  const batch = o.batchSize ?? 1000;
  return {
    name: 'registration.nonce-sweep',
    everyMs: 3_600_000,
    async run(ctx) {
      const cutoff = new Date(ctx.now().getTime() - KEEP_EXPIRED_NONCES_HOURS * 3_600_000);
      let total = 0;
      for (;;) {
        if (ctx.signal.aborted) return total;
        const n = await o.repo.deleteExpiredBefore(cutoff, batch);
        total += n;
        if (n < batch) return total;
      }
    },
  };
}
