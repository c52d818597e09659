import { and, eq, gt, inArray, isNull, lt } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { nonces } from '../db/schema.ts';

/** One-time sign-up nonces, stored as their SHA-256 only. */
export function noncesRepository(db: Db) {
  return {
    async insert(valueHash: string, expires: Date): Promise<void> {
      await db.insert(nonces).values({ valueHash, expires });
    },
    /** Deletes up to `limit` nonces that expired before `cutoff` (nonce-sweep.ts); returns how many. */
    async deleteExpiredBefore(cutoff: Date, limit: number): Promise<number> {
      const due = db.select({ valueHash: nonces.valueHash }).from(nonces).where(lt(nonces.expires, cutoff)).limit(limit);
      const rows = await db.delete(nonces).where(inArray(nonces.valueHash, due)).returning({ valueHash: nonces.valueHash });
      return rows.length;
    },
    /**
     * Uses the nonce up: true only for an unused, unexpired one. A concurrent second use waits on
     * the row until the first transaction ends and then finds it consumed (or, after a rollback, free).
     */
    async consume(valueHash: string, at: Date): Promise<boolean> {
      const rows = await db.update(nonces).set({ consumed: at })
        .where(and(eq(nonces.valueHash, valueHash), isNull(nonces.consumed), gt(nonces.expires, at)))
        .returning({ valueHash: nonces.valueHash });
      return rows.length === 1;
    },
  };
}

export type NoncesRepository = ReturnType<typeof noncesRepository>;
