import { and, inArray, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { sessions } from '../db/schema.ts';

/** The deletion of long-ended sessions (session-cleanup.ts); the only other writer of `sessions` is sessions.repository.ts. */
export function sessionCleanupRepository(db: Db) {
  return {
    /**
     * Deletes up to `limit` sessions that ended before `cutoff`, or never ended and passed their
     * idle deadline (never later than the absolute one) before it; returns how many. Nodes running it at the same moment
     * only try to delete the same rows twice, which deletes nothing the second time.
     */
    async deleteEndedBefore(cutoff: Date, limit: number): Promise<number> {
      const due = db.select({ uid: sessions.uid }).from(sessions)
        .where(or(lt(sessions.ended, cutoff), and(isNull(sessions.ended), lt(sessions.idleExpires, cutoff)))).limit(limit);
      const rows = await db.delete(sessions).where(inArray(sessions.uid, due)).returning({ uid: sessions.uid });
      return rows.length;
    },
  };
}
