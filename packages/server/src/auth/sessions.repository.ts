import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { sessions } from '../db/schema.ts';

export interface StoredSession {
  uid: string;
  personUid: string;
  accountUid: string | null;
  created: Date;
  lastSeen: Date;
  idleExpires: Date;
  absoluteExpires: Date;
  ended: Date | null;
  endReason: string | null;
}

export type SessionEndReason = 'logout' | 'idle' | 'absolute';

/** The only module that reads and writes sign-in sessions. */
export function sessionsRepository(db: Db) {
  return {
    async insert(s: Omit<StoredSession, 'ended' | 'endReason'>): Promise<void> {
      await db.insert(sessions).values(s);
    },
    async get(uid: string): Promise<StoredSession | null> {
      const [row] = await db.select().from(sessions).where(eq(sessions.uid, uid));
      return row ?? null;
    },
    /** Pushes the idle deadline (never past the absolute one) for a session still open. */
    async touch(uid: string, at: Date, idleExpires: Date): Promise<void> {
      await db.update(sessions).set({ lastSeen: at, idleExpires }).where(and(eq(sessions.uid, uid), isNull(sessions.ended)));
    },
    /** The account a person chose (choose-account, then reissue). */
    async setAccount(uid: string, accountUid: string | null): Promise<void> {
      await db.update(sessions).set({ accountUid }).where(eq(sessions.uid, uid));
    },
    /** Ends an open session; false when it was already ended (a second logout changes nothing). */
    async end(uid: string, at: Date, reason: SessionEndReason): Promise<boolean> {
      const rows = await db.update(sessions).set({ ended: at, endReason: reason })
        .where(and(eq(sessions.uid, uid), isNull(sessions.ended))).returning({ uid: sessions.uid });
      return rows.length > 0;
    },
  };
}

export type SessionsRepository = ReturnType<typeof sessionsRepository>;
