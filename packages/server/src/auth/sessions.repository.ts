import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { sessions } from '../db/schema.ts';
import { sessionNotices } from './session-notices.ts';

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
  /** The sign-in or the last re-authentication on this session (auth/reauthentication.ts). */
  authenticatedAt: Date;
  /** The User-Agent and client address at sign-in, for the person's session list (null when not sent). */
  userAgent: string | null;
  ip: string | null;
}

/** revoked: the person's role on the account changed (promotion) or they left it (team/). */
export type SessionEndReason = 'logout' | 'idle' | 'absolute' | 'revoked' | 'password.reset' | 'password.change';

/** The only module that reads and writes sign-in sessions; it announces every uid it ends or moves (session caches forget them). */
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
      sessionNotices.announce([uid]);
      await db.update(sessions).set({ accountUid }).where(eq(sessions.uid, uid));
    },
    /** Ends an open session; false when it was already ended (a second logout changes nothing). */
    async end(uid: string, at: Date, reason: SessionEndReason): Promise<boolean> {
      sessionNotices.announce([uid]);
      const rows = await db.update(sessions).set({ ended: at, endReason: reason })
        .where(and(eq(sessions.uid, uid), isNull(sessions.ended))).returning({ uid: sessions.uid });
      return rows.length > 0;
    },
    /** Ends every open session of a person (a password reset), or all but `keep` (a password change keeps the one making it). */
    async endAllOfPerson(personUid: string, at: Date, reason: SessionEndReason, keep?: string): Promise<number> {
      const open = and(eq(sessions.personUid, personUid), isNull(sessions.ended));
      const rows = await db.update(sessions).set({ ended: at, endReason: reason })
        .where(keep ? and(open, ne(sessions.uid, keep)) : open).returning({ uid: sessions.uid });
      sessionNotices.announce(rows.map((r) => r.uid));
      return rows.length;
    },
    /** Ends every open session of these people on one account: their tokens stop at once (promotion, removal). */
    async endOnAccount(personUids: string[], accountUid: string, at: Date, reason: SessionEndReason): Promise<number> {
      if (personUids.length === 0) return 0;
      const rows = await db.update(sessions).set({ ended: at, endReason: reason })
        .where(and(inArray(sessions.personUid, personUids), eq(sessions.accountUid, accountUid), isNull(sessions.ended))).returning({ uid: sessions.uid });
      sessionNotices.announce(rows.map((r) => r.uid));
      return rows.length;
    },
  };
}

export type SessionsRepository = ReturnType<typeof sessionsRepository>;
