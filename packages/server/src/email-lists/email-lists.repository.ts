import { asc } from 'drizzle-orm';
import type { WireEmailList } from '@portico/core';
import type { Db } from '../db/database.ts';
import { emailLists } from '../db/schema.ts';

export function emailListsRepository(db: Db) {
  return {
    async upsert(row: typeof emailLists.$inferInsert): Promise<void> {
      await db.insert(emailLists).values(row).onConflictDoUpdate({ target: emailLists.uid, set: row });
    },
    async list(): Promise<(WireEmailList & { IsSignUpList: boolean })[]> {
      const rows = await db.select().from(emailLists).orderBy(asc(emailLists.name));
      return rows.map((r) => ({ Uid: r.uid, Name: r.name, Description: r.description, RequiresDoubleOptIn: r.requiresDoubleOptIn, IsSignUpList: r.isSignUpList }));
    },
  };
}
