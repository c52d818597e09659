import type { PeriodicJob } from '../jobs/job-types.ts';
import { sweepJob } from '../jobs/sweep-job.ts';

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
  /** The job's name: members' sessions by default; the console's operator sessions use the same rule (operators.module.ts). */
  name?: string;
}): PeriodicJob {
  return sweepJob({
    name: o.name ?? 'sessions.cleanup',
    everyMs: o.everyMs ?? 3_600_000,
    ...(o.batchSize ? { batchSize: o.batchSize } : {}),
    deleteBatch: (limit, ctx) => o.repo.deleteEndedBefore(new Date(ctx.now().getTime() - o.retentionDays * DAY_MS), limit),
  });
}
