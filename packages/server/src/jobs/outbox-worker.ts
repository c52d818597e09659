import type { Db } from '../db/database.ts';
import { outboxRepository, type OutboxMessage } from './outbox.repository.ts';

/** Delivers one message; throwing (or the signal aborting) counts as a failed attempt. */
export type OutboxMessageHandler = (message: OutboxMessage, signal: AbortSignal) => Promise<void>;

/**
 * Delivers up to `batchSize` messages of its topic at once, for a topic whose work is cheaper in bulk
 * (the renewal charges: one read of the invoices, one booking transaction). Answers the messages that
 * failed, each with why; every other message counts as delivered. Throwing fails them all.
 */
export interface OutboxBatchHandler {
  batchSize: number;
  deliverMany(messages: OutboxMessage[], signal: AbortSignal): Promise<Map<string, unknown>>;
}

/** A topic's handler: one message at a time, or several at once. */
export type OutboxHandler = OutboxMessageHandler | OutboxBatchHandler;

const isBatch = (h: OutboxHandler): h is OutboxBatchHandler => typeof h !== 'function';

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
  const batchTopics = new Set(topics.filter((t) => isBatch(o.handlers[t]!)));
  // Hidden from other workers for longer than a delivery may take, so only a dead worker's message is taken over.
  const leaseMs = o.timeoutMs * 2 + 5000;
  let stopped = true;
  let loop: Promise<void> | null = null;
  let wakeUp: (() => void) | null = null;
  let stopping = new AbortController();
  /** The last round claimed a full batch of some topic: more may be due, so the loop goes on without pausing. */
  let fullRound = false;

  const why = (err: unknown, signal: AbortSignal) =>
    signal.aborted && !stopping.signal.aborted ? `timed out after ${o.timeoutMs} ms` : (err instanceof Error ? err.message : String(err));

  async function failed(message: OutboxMessage, why: string): Promise<void> {
    const lastTry = message.attempts >= o.maxAttempts;
    await repo.markFailed(message.uid, why, stopping.signal.aborted ? 1000 : retryDelayMs(message.attempts, o.baseDelayMs, o.maxDelayMs, random));
    const entry = { outboxUid: message.uid, topic: message.topic, attempts: message.attempts, error: why };
    if (lastTry) o.log?.error(entry, 'outbox message given up after its last attempt');
    else o.log?.warn(entry, 'outbox delivery failed; will retry');
  }

  async function deliver(message: OutboxMessage): Promise<void> {
    const handler = o.handlers[message.topic]! as OutboxMessageHandler;
    const signal = AbortSignal.any([stopping.signal, AbortSignal.timeout(o.timeoutMs)]);
    try {
      await handler(message, signal);
      await repo.markDelivered([message.uid]);
    } catch (err) {
      await failed(message, why(err, signal));
    }
  }

  /** One topic's messages through its batch handler: the delivered marked in one statement, each failure on its own. */
  async function deliverMany(handler: OutboxBatchHandler, messages: OutboxMessage[]): Promise<void> {
    const signal = AbortSignal.any([stopping.signal, AbortSignal.timeout(o.timeoutMs)]);
    let failures: Map<string, unknown>;
    try {
      failures = await handler.deliverMany(messages, signal);
    } catch (err) {
      failures = new Map(messages.map((m) => [m.uid, err]));
    }
    await repo.markDelivered(messages.filter((m) => !failures.has(m.uid)).map((m) => m.uid));
    for (const m of messages) if (failures.has(m.uid)) await failed(m, why(failures.get(m.uid), signal));
  }

  async function runOnce(onlyTopics?: readonly string[]): Promise<number> {
    const wanted = onlyTopics ? topics.filter((t) => onlyTopics.includes(t)) : topics;
    if (wanted.length === 0) return 0;
    const bookkeeping = (uids: string[]) => (err: unknown) => o.log?.error({ outboxUids: uids, err: String(err) }, 'outbox bookkeeping failed');
    // The one-at-a-time topics share a claim of batchSize; each batch topic claims its own batchSize.
    const single = wanted.filter((t) => !batchTopics.has(t));
    fullRound = false;
    const claims = [
      single.length ? repo.claimDue({ topics: single, limit: o.batchSize, maxAttempts: o.maxAttempts, leaseMs }).then(async (messages) => {
        if (messages.length >= o.batchSize) fullRound = true;
        await Promise.all(messages.map((m) => deliver(m).catch(bookkeeping([m.uid]))));
        return messages.length;
      }) : Promise.resolve(0),
      ...wanted.filter((t) => batchTopics.has(t)).map(async (t) => {
        const handler = o.handlers[t] as OutboxBatchHandler;
        const messages = await repo.claimDue({ topics: [t], limit: handler.batchSize, maxAttempts: o.maxAttempts, leaseMs });
        if (messages.length) await deliverMany(handler, messages).catch(bookkeeping(messages.map((m) => m.uid)));
        if (messages.length >= handler.batchSize) fullRound = true;
        return messages.length;
      }),
    ];
    return (await Promise.all(claims)).reduce((a, b) => a + b, 0);
  }

  const pause = (ms: number) => new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() { clearTimeout(timer); wakeUp = null; resolve(); }
    wakeUp = done;
  });

  async function run(): Promise<void> {
    while (!stopped) {
      fullRound = false;
      try {
        await runOnce(undefined);
      } catch (err) {
        // The database being away (restart, failover) must not end the loop.
        if (!stopped) o.log?.warn({ err: err instanceof Error ? err.message : String(err) }, 'outbox poll failed');
      }
      if (!stopped && !fullRound) await pause(o.pollMs);
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
