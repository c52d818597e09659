import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { nonces } from '../db/schema.ts';

/** Expired nonces are kept this long after their expiry (they still answer "expired" meanwhile), then swept. */
const KEEP_EXPIRED_HOURS = 24;

/** One-time sign-up nonces, stored as their SHA-256 only. */
export function noncesRepository(db: Db) {
  return {
    /** `now` is the server clock's (the one expiry is judged by); nonces expired a day before it go. */
    async insert(valueHash: string, expires: Date, now: Date): Promise<void> {
      await db.delete(nonces).where(lt(nonces.expires, new Date(now.getTime() - KEEP_EXPIRED_HOURS * 3_600_000)));
      await db.insert(nonces).values({ valueHash, expires });
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
