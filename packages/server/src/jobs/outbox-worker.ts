import type { Db } from '../db/database.ts';
import { outboxRepository, type OutboxMessage } from './outbox.repository.ts';

/** Delivers one message; throwing (or the signal aborting) counts as a failed attempt. */
export type OutboxHandler = (message: OutboxMessage, signal: AbortSignal) => Promise<void>;

export interface OutboxWorkerOptions {
  db: Db;
  /** Topic → handler (each feature module's outboxTopics, src/features.ts). Messages of other topics stay in the table untouched. */
  handlers: Record<string, OutboxHandler>;
  /** How often the table is looked at when idle (`wake()` looks at once). */
  pollMs?: number;
  batchSize?: number;
  /** Attempts before a message is given up (left undelivered with its last error). */
  maxAttempts?: number;
  /** Delay after the first failure; doubled after each further one, up to maxDelayMs, with jitter. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Time one delivery may take. */
  timeoutMs?: number;
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  random?: () => number;
}

export interface OutboxWorker {
  start(): void;
  /** Stops polling and aborts deliveries in flight (they are retried later, by this node or another). */
  stop(): Promise<void>;
  /** Looks for due messages now (after a commit that enqueued one). */
  wake(): void;
  /** One claim-and-deliver round (of these topics only, when given); returns how many messages it tried. */
  runOnce(onlyTopics?: readonly string[]): Promise<number>;
}

export const OUTBOX_DEFAULTS = {
  pollMs: 2000, batchSize: 10, maxAttempts: 16, baseDelayMs: 10_000, maxDelayMs: 6 * 3600_000, timeoutMs: 10_000,
};

/** Exponential backoff with "equal jitter": between half and all of the doubled delay, so failing nodes do not retry in step. */
export function retryDelayMs(attempts: number, base: number, max: number, random: () => number): number {
  const ceiling = Math.min(max, base * 2 ** Math.max(0, attempts - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const o = { ...OUTBOX_DEFAULTS, ...options };
  const repo = outboxRepository(o.db);
  const random = o.random ?? Math.random;
  const topics = Object.keys(o.handlers);
  // Hidden from other workers for longer than a delivery may take, so only a dead worker's message is taken over.
  const leaseMs = o.timeoutMs * 2 + 5000;
  let stopped = true;
  let loop: Promise<void> | null = null;
  let wakeUp: (() => void) | null = null;
  let stopping = new AbortController();

  async function deliver(message: OutboxMessage): Promise<void> {
    const handler = o.handlers[message.topic]!;
    const signal = AbortSignal.any([stopping.signal, AbortSignal.timeout(o.timeoutMs)]);
    try {
      await handler(message, signal);
      await repo.markDelivered(message.uid);
    } catch (err) {
      const why = signal.aborted && !stopping.signal.aborted ? `timed out after ${o.timeoutMs} ms` : (err instanceof Error ? err.message : String(err));
      const lastTry = message.attempts >= o.maxAttempts;
      await repo.markFailed(message.uid, why, stopping.signal.aborted ? 1000 : retryDelayMs(message.attempts, o.baseDelayMs, o.maxDelayMs, random));
      const entry = { outboxUid: message.uid, topic: message.topic, attempts: message.attempts, error: why };
      if (lastTry) o.log?.error(entry, 'outbox message given up after its last attempt');
      else o.log?.warn(entry, 'outbox delivery failed; will retry');
    }
  }

  async function runOnce(onlyTopics?: readonly string[]): Promise<number> {
    const wanted = onlyTopics ? topics.filter((t) => onlyTopics.includes(t)) : topics;
    if (wanted.length === 0) return 0;
    const messages = await repo.claimDue({ topics: wanted, limit: o.batchSize, maxAttempts: o.maxAttempts, leaseMs });
    await Promise.all(messages.map((m) => deliver(m).catch((err: unknown) => o.log?.error({ outboxUid: m.uid, err: String(err) }, 'outbox bookkeeping failed'))));
    return messages.length;
  }

  const pause = (ms: number) => new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() { clearTimeout(timer); wakeUp = null; resolve(); }
    wakeUp = done;
  });

  async function run(): Promise<void> {
    while (!stopped) {
      let tried = 0;
      try {
        tried = await runOnce(undefined);
      } catch (err) {
        // The database being away (restart, failover) must not end the loop.
        if (!stopped) o.log?.warn({ err: err instanceof Error ? err.message : String(err) }, 'outbox poll failed');
      }
      if (!stopped && tried < o.batchSize) await pause(o.pollMs);
    }
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      stopping = new AbortController();
      loop = run();
    },
    async stop() {
      stopped = true;
      stopping.abort();
      wakeUp?.();
      await loop;
      loop = null;
    },
    wake() { wakeUp?.(); },
    runOnce: (onlyTopics) => runOnce(onlyTopics),
  };
}
