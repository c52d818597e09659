import { lt } from 'drizzle-orm';
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
      // Expired rows are dropped first (indexed): a replay of them fails on the expiry anyway.
      await db.delete(captchaSolutions).where(lt(captchaSolutions.expires, new Date()));
      const inserted = await db.insert(captchaSolutions).values({ id, expires }).onConflictDoNothing().returning({ id: captchaSolutions.id });
      return inserted.length === 1;
    },
  };
}

export type CaptchaSolutionsRepository = ReturnType<typeof captchaSolutionsRepository>;
