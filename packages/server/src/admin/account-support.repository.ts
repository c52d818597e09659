import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { accounts, people, personAccounts } from '../db/schema.ts';
import { newUid } from '../ids/new-uid.ts';

/** Operator support writes on an account: its stage, and who belongs to it. */
export function accountSupportRepository(db: Db) {
  return {
    /** False when no such account. */
    async setStage(accountUid: string, stage: string | null): Promise<boolean> {
      const rows = await db.update(accounts).set({ accountStage: stage }).where(eq(accounts.uid, accountUid)).returning({ uid: accounts.uid });
      return rows.length > 0;
    },
    async personUidByEmail(email: string): Promise<string | null> {
      const [row] = await db.select({ uid: people.uid }).from(people).where(sql`lower(${people.email}) = lower(${email})`).limit(1);
      return row?.uid ?? null;
    },
    async accountExists(accountUid: string): Promise<boolean> {
      const [row] = await db.select({ uid: accounts.uid }).from(accounts).where(eq(accounts.uid, accountUid));
      return row !== undefined;
    },
    /** Links the person to the account as a member; false when already linked. */
    async addMember(accountUid: string, personUid: string): Promise<boolean> {
      const [existing] = await db.select({ uid: personAccounts.uid }).from(personAccounts)
        .where(and(eq(personAccounts.accountUid, accountUid), eq(personAccounts.personUid, personUid)));
      if (existing) return false;
      await db.insert(personAccounts).values({ uid: newUid(), accountUid, personUid, isPrimary: false }).onConflictDoNothing();
      return true;
    },
  };
}
