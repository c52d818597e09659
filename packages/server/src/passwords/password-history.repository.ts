import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { passwordHistory, people } from '../db/schema.ts';

/** The only module that reads and writes earlier password hashes (PasswordHistory rule) and sets a new one. */
export function passwordHistoryRepository(db: Db) {
  return {
    async add(personUid: string, hash: string, at: Date): Promise<void> {
      await db.insert(passwordHistory).values({ personUid, hash, created: at });
    },
    /**
     * Sets a person's password hash; the one it replaces goes into the history first (password
     * change and reset use this, so the PasswordHistory rule sees every earlier password).
     */
    async replaceHash(personUid: string, hash: string, at: Date): Promise<void> {
      const [current] = await db.select({ hash: people.passwordHash }).from(people).where(eq(people.uid, personUid));
      if (current?.hash) await db.insert(passwordHistory).values({ personUid, hash: current.hash, created: at });
      await db.update(people).set({ passwordHash: hash, updated: at }).where(eq(people.uid, personUid));
    },
    /**
     * Takes the password away (it joins the history): whoever knew it cannot sign in with it any more, and
     * the person chooses a new one through a reset link. An email change's undo does this (email-change/).
     */
    async clearHash(personUid: string, at: Date): Promise<void> {
      const [current] = await db.select({ hash: people.passwordHash }).from(people).where(eq(people.uid, personUid));
      if (!current?.hash) return;
      await db.insert(passwordHistory).values({ personUid, hash: current.hash, created: at });
      await db.update(people).set({ passwordHash: null, updated: at }).where(eq(people.uid, personUid));
    },
    /** PasswordMustChange: cleared once the person has chosen a new password (reset or change). */
    async setMustChange(personUid: string, mustChange: boolean, at: Date): Promise<void> {
      await db.update(people).set({ passwordMustChange: mustChange, updated: at }).where(eq(people.uid, personUid));
    },
    /** The last `size` hashes, newest first. */
    async recent(personUid: string, size: number): Promise<string[]> {
      if (size <= 0) return [];
      const rows = await db.select({ hash: passwordHistory.hash }).from(passwordHistory)
        .where(eq(passwordHistory.personUid, personUid)).orderBy(desc(passwordHistory.created)).limit(size);
      return rows.map((r) => r.hash);
    },
  };
}

export type PasswordHistoryRepository = ReturnType<typeof passwordHistoryRepository>;
