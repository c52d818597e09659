import type { JobContext, PeriodicJob } from './job-types.ts';

/**
 * A periodic job that deletes what has outlived its use, in batches until a batch comes back short
 * (so one run never holds a long lock or a huge transaction), stopping between batches when the
 * node stops. `deleteBatch(limit, ctx)` deletes at most `limit` rows and says how many; deleting is
 * idempotent, so a run repeated after a crash deletes nothing twice. Returns how many it deleted.
 */
export function sweepJob(o: {
  name: string;
  everyMs: number;
  deleteBatch(limit: number, ctx: JobContext): Promise<number>;
  batchSize?: number;
}): PeriodicJob {
  const batch = o.batchSize ?? 1000;
  return {
    name: o.name,
    everyMs: o.everyMs,
    async run(ctx) {
      let total = 0;
      for (;;) {
        if (ctx.signal.aborted) return total;
        const n = await o.deleteBatch(batch, ctx);
        total += n;
        if (n < batch) return total;
      }
    },
  };
}
