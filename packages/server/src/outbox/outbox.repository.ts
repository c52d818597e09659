import type { Db } from '../db/database.ts';
import { outbox } from '../db/schema.ts';
import { newUid } from '../ids/new-uid.ts';

/** Topics the outbox worker knows how to deliver (handlers in outbox-topics.ts). */
export type OutboxTopic = 'signup.webhook';

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
