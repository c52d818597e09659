import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { idempotencyKeys } from '../db/schema.ts';

export interface StoredAnswer {
  requestHash: string;
  statusCode: number;
  response: unknown;
}

/** How long an Idempotency-Key answer is replayed; after that the key may be used again. */
export const IDEMPOTENCY_KEY_HOURS = 24;
const expired = sql`${idempotencyKeys.created} < now() - make_interval(hours => ${IDEMPOTENCY_KEY_HOURS})`;

/** A claimed key whose answer is not written yet (only its own transaction ever sees it). */
const PENDING_STATUS = 0;

/** Idempotency-Key answers (table idempotency_keys), kept for IDEMPOTENCY_KEY_HOURS. */
export function idempotencyRepository(db: Db) {
  return {
    async find(scope: string, key: string): Promise<StoredAnswer | null> {
      const [row] = await db.select().from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key), sql`not (${expired})`));
      return row ? { requestHash: row.requestHash, statusCode: row.statusCode, response: row.response } : null;
    },
    /**
     * Takes the key for this transaction; false when another request holds it. The primary key
     * is the lock: a concurrent claim of the same key waits here until the first transaction
     * ends, then finds its answer (commit) or takes the key itself (rollback).
     */
    async claim(scope: string, key: string, requestHash: string): Promise<boolean> {
      // This key's expired answer goes first, so an old key can be reused; the others are swept by the job runner (deleteExpired).
      await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key), expired));
      const rows = await db.insert(idempotencyKeys).values({ scope, key, requestHash, statusCode: PENDING_STATUS, response: {} })
        .onConflictDoNothing().returning({ key: idempotencyKeys.key });
      return rows.length > 0;
    },
    /** Writes the answer of a claimed key. */
    async complete(scope: string, key: string, answer: { statusCode: number; response: unknown }): Promise<void> {
      await db.update(idempotencyKeys).set({ statusCode: answer.statusCode, response: answer.response })
        .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
    },
    async save(scope: string, key: string, answer: StoredAnswer): Promise<void> {
      await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key), expired));
      await db.insert(idempotencyKeys).values({ scope, key, ...answer });
    },
    /** Deletes up to `limit` answers past their replay time (the idempotency sweep, a periodic job); returns how many. */
    async deleteExpired(limit: number): Promise<number> {
      const due = db.select({ scope: idempotencyKeys.scope, key: idempotencyKeys.key }).from(idempotencyKeys).where(expired).limit(limit);
      const rows = await db.delete(idempotencyKeys)
        .where(sql`(${idempotencyKeys.scope}, ${idempotencyKeys.key}) in (${due})`)
        .returning({ key: idempotencyKeys.key });
      return rows.length;
    },
  };
}

export type IdempotencyRepository = ReturnType<typeof idempotencyRepository>;
