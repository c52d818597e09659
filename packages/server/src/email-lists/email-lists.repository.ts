import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import type { WireEmailList } from '@portico/core';
import type { Db } from '../db/database.ts';
import { emailLists } from '../db/schema.ts';

export type EmailListRow = typeof emailLists.$inferSelect;
export const toWireList = (r: EmailListRow): WireEmailList & { IsSignUpList: boolean } => ({
  Uid: r.uid, Name: r.name, Description: r.description, RequiresDoubleOptIn: r.requiresDoubleOptIn, IsSignUpList: r.isSignUpList,
});

export function emailListsRepository(db: Db) {
  return {
    async upsert(row: typeof emailLists.$inferInsert): Promise<void> {
      await db.insert(emailLists).values(row).onConflictDoUpdate({ target: emailLists.uid, set: row });
    },
    /** The lists people see (archived ones left out), by name. */
    async list(): Promise<(WireEmailList & { IsSignUpList: boolean })[]> {
      const rows = await db.select().from(emailLists).where(isNull(emailLists.archived)).orderBy(asc(emailLists.name));
      return rows.map(toWireList);
    },
    /** Every list, archived ones included (the admin API). */
    async listAll(): Promise<EmailListRow[]> {
      return db.select().from(emailLists).orderBy(asc(emailLists.name));
    },
    async get(uid: string): Promise<EmailListRow | null> {
      const [row] = await db.select().from(emailLists).where(eq(emailLists.uid, uid));
      return row ?? null;
    },
    /** The company's sign-up list ('Sign up for email updates'), when one is configured and live. */
    async signUpList(): Promise<EmailListRow | null> {
      const [row] = await db.select().from(emailLists).where(and(eq(emailLists.isSignUpList, true), isNull(emailLists.archived))).orderBy(asc(emailLists.uid)).limit(1);
      return row ?? null;
    },
    async insert(row: typeof emailLists.$inferInsert): Promise<void> {
      await db.insert(emailLists).values(row);
    },
    async update(uid: string, set: Partial<Omit<typeof emailLists.$inferInsert, 'uid'>>): Promise<EmailListRow | null> {
      const [row] = await db.update(emailLists).set(set).where(eq(emailLists.uid, uid)).returning();
      return row ?? null;
    },
    /** Only one list is the sign-up list: making one clears the others. */
    async clearSignUpListExcept(uid: string): Promise<void> {
      await db.update(emailLists).set({ isSignUpList: false }).where(and(eq(emailLists.isSignUpList, true), ne(emailLists.uid, uid)));
    },
  };
}
