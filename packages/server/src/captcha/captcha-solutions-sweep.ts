import type { PeriodicJob } from '../jobs/job-types.ts';
import { sweepJob } from '../jobs/sweep-job.ts';

/**
 * Deletes accepted captcha solutions whose challenge has expired, every ten minutes on the job
 * runner (it ran before every insert: a delete on each sign-up's path, on every node). Expiry is
 * judged by real time, as the captcha check judges it (docs/decisions.md, ALTCHA), not by the
 * adjustable server clock.
 */
export function captchaSolutionsSweepJob(o: { repo: { deleteExpiredBefore(cutoff: Date, limit: number): Promise<number> }; batchSize?: number; realNow?: () => Date }): PeriodicJob {
  const now = o.realNow ?? (() => new Date());
  return sweepJob({
    name: 'captcha.solutions-sweep',
    everyMs: 10 * 60_000,
    ...(o.batchSize ? { batchSize: o.batchSize } : {}),
    deleteBatch: (limit) => o.repo.deleteExpiredBefore(now(), limit),
  });
}
