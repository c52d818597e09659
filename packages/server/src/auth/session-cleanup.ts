import type { PeriodicJob } from '../jobs/job-types.ts';

const DAY_MS = 86_400_000;

/**
 * Ended and expired sessions are kept `retentionDays` (for support and the audit trail's
 * targets), then deleted, in batches, hourly on the job runner (and once at start). The delete is
 * idempotent: a run repeated after a node died mid-way deletes nothing twice.
 */
export function sessionCleanupJob(o: {
  repo: { deleteEndedBefore(cutoff: Date, limit: number): Promise<number> };
  retentionDays: number;
  everyMs?: number;
  batchSize?: number;
}): PeriodicJob {
  const batch = o.batchSize ?? 1000;
  return {
    name: 'sessions.cleanup',
    everyMs: o.everyMs ?? 3_600_000,
    async run(ctx) {
      const cutoff = new Date(ctx.now().getTime() - o.retentionDays * DAY_MS);
      let total = 0;
      for (;;) {
        if (ctx.signal.aborted) return total;
        const n = await o.repo.deleteEndedBefore(cutoff, batch);
        total += n;
        if (n < batch) return total;
      }
    },
  };
}
