import { inArray, lt } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { captchaSolutions } from '../db/schema.ts';

/** Accepted captcha solutions (table captcha_solutions): each is accepted once, until its challenge expires. */
export function captchaSolutionsRepository(db: Db) {
  return {
    /**
     * Records a solution as used; false when it already was. One INSERT decides, so two nodes
     * receiving the same solution at once cannot both accept it.
     */
    async useOnce(id: string, expires: Date): Promise<boolean> {
      const inserted = await db.insert(captchaSolutions).values({ id, expires }).onConflictDoNothing().returning({ id: captchaSolutions.id });
      return inserted.length === 1;
    },
    /** Deletes up to `limit` solutions whose challenge expired before `cutoff` (a replay fails on the expiry anyway); returns how many. */
    async deleteExpiredBefore(cutoff: Date, limit: number): Promise<number> {
      const due = db.select({ id: captchaSolutions.id }).from(captchaSolutions).where(lt(captchaSolutions.expires, cutoff)).limit(limit);
      const rows = await db.delete(captchaSolutions).where(inArray(captchaSolutions.id, due)).returning({ id: captchaSolutions.id });
      return rows.length;
    },
  };
}

export type CaptchaSolutionsRepository = ReturnType<typeof captchaSolutionsRepository>;
