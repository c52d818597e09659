import type { ServerClock } from '../clock/server-clock.ts';

const DAY_MS = 86_400_000;

export interface SessionCleanup {
  start(): void;
  stop(): void;
  /** Deletes every session ended more than the retention period ago, in batches; returns how many. */
  runOnce(): Promise<number>;
}

/**
 * Ended and expired sessions are kept `retentionDays` (for support and the audit trail's
 * targets), then deleted. Every node runs this on its own timer: the delete is idempotent, so
 * two nodes at once cost a few wasted queries and no coordination is needed. Jitter spreads nodes
 * started together; the timer never keeps the process alive.
 */
export function createSessionCleanup(o: {
  repo: { deleteEndedBefore(cutoff: Date, limit: number): Promise<number> }; clock: ServerClock; retentionDays: number;
  everyMs?: number; batchSize?: number; random?: () => number;
  log?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}): SessionCleanup {
  const everyMs = o.everyMs ?? 3_600_000;
  const batch = o.batchSize ?? 1000;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;

  async function sweep(): Promise<number> {
    const cutoff = new Date(o.clock.now().getTime() - o.retentionDays * DAY_MS);
    let total = 0;
    for (;;) {
      const n = await o.repo.deleteEndedBefore(cutoff, batch);
      total += n;
      if (n < batch) return total;
    }
  }

  function runOnce(): Promise<number> {
    running ??= sweep().finally(() => { running = null; });
    return running;
  }

  function tick() {
    runOnce().then(
      (n) => { if (n > 0) o.log?.info({ deleted: n }, 'ended sessions deleted'); },
      (err: unknown) => o.log?.warn({ err: err instanceof Error ? err.message : String(err) }, 'session cleanup failed; will retry'),
    );
  }

  return {
    start() {
      if (timer) return;
      const first = Math.round((o.random ?? Math.random)() * Math.min(everyMs, 60_000));
      timer = setTimeout(function again() { tick(); timer = setTimeout(again, everyMs).unref(); }, first).unref();
    },
    stop() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
    runOnce,
  };
}
