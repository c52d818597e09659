import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { outbox } from '../db/schema.ts';
import { newUid } from '../ids/new-uid.ts';

/** Topics the outbox worker knows how to deliver (handlers in outbox-topics.ts). */
export type OutboxTopic = 'signup.webhook' | 'mail.confirmation' | 'mail.password-reset' | 'mail.invite' | 'mail.signin-code'
  | 'mail.email-change' | 'mail.email-change-notice' | 'mail.receipt' | 'webhook.activity'
  | 'billing.charge-invoice' | 'mail.payment-failed' | 'mail.list-confirmation' | 'mail.preferences-link'
  | 'mail.support-ack' | 'mail.support-notice' | 'mail.support-agent-reply'
  // The console's invitation and reset links, and its sign-in codes (operators/; issue 20).
  | 'mail.operator-link' | 'mail.operator-signin-code';

/**
 * Writes one message to the durable outbox. Pass the transaction handle of the change the message
 * reports, so the message exists exactly when the change committed; the worker delivers it later.
 * Returns the message uid.
 */
export async function enqueueOutbox(db: Db, topic: OutboxTopic, payload: unknown): Promise<string> {
  const uid = newUid();
  await db.insert(outbox).values({ uid, topic, payload });
  return uid;
}

/** Several messages in one insert, in the caller's transaction as enqueueOutbox (a renewal batch's, a charge booking's). */
export async function enqueueOutboxMany(db: Db, messages: { topic: OutboxTopic; payload: unknown }[]): Promise<void> {
  if (messages.length === 0) return;
  await db.insert(outbox).values(messages.map((m) => ({ uid: newUid(), topic: m.topic, payload: m.payload })));
}

export interface OutboxMessage {
  uid: string;
  topic: string;
  payload: unknown;
  /** Attempts so far, this one included. */
  attempts: number;
  created: Date;
}

export interface ClaimOptions {
  topics: string[];
  limit: number;
  /** Attempts after which a message is left undelivered (its last_error says why). */
  maxAttempts: number;
  /** How long a claimed message is hidden from other workers while this one delivers it. */
  leaseMs: number;
}

/** The worker's queries on the outbox table. */
export function outboxRepository(db: Db) {
  return {
    /**
     * Takes due messages for this worker: in one short transaction the rows are locked with
     * FOR UPDATE SKIP LOCKED (rows another worker is claiming are skipped, not waited for), their
     * attempt is counted and their next attempt moved past the lease. Delivery then runs outside
     * any transaction; if this process dies meanwhile, the message is due again when the lease ends.
     */
    claimDue(options: ClaimOptions): Promise<OutboxMessage[]> {
      return db.transaction(async (tx) => {
        const due = await tx.select({ uid: outbox.uid }).from(outbox)
          .where(and(
            sql`${outbox.delivered} is null`, sql`${outbox.nextAttempt} <= now()`,
            sql`${outbox.attempts} < ${options.maxAttempts}`, inArray(outbox.topic, options.topics),
          ))
          .orderBy(outbox.nextAttempt).limit(options.limit).for('update', { skipLocked: true });
        if (due.length === 0) return [];
        return tx.update(outbox)
          .set({ attempts: sql`${outbox.attempts} + 1`, nextAttempt: sql`now() + make_interval(secs => ${options.leaseMs / 1000})` })
          .where(inArray(outbox.uid, due.map((d) => d.uid)))
          .returning({ uid: outbox.uid, topic: outbox.topic, payload: outbox.payload, attempts: outbox.attempts, created: outbox.created });
      });
    },
    async markDelivered(uids: string[]): Promise<void> {
      if (uids.length === 0) return;
      await db.update(outbox).set({ delivered: sql`now()`, lastError: null }).where(inArray(outbox.uid, uids));
    },
    async markFailed(uid: string, error: string, retryInMs: number): Promise<void> {
      await db.update(outbox)
        .set({ lastError: error.slice(0, 1000), nextAttempt: sql`now() + make_interval(secs => ${retryInMs / 1000})` })
        .where(eq(outbox.uid, uid));
    },
    async get(uid: string) {
      const [row] = await db.select().from(outbox).where(eq(outbox.uid, uid));
      return row ?? null;
    },
  };
}

export type OutboxRepository = ReturnType<typeof outboxRepository>;
