import { and, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { paginate } from '../db/paginate.ts';
import { sessions } from '../db/schema.ts';
import type { Page, PageRequest } from '../http/list.ts';
import { sessionNotices } from './session-notices.ts';
import type { SessionTimes } from './sessions.ts';

/** A member's session: the times every session has (sessions.ts `SessionTimes`) plus whose it is. */
export interface StoredSession extends SessionTimes {
  personUid: string;
  accountUid: string | null;
}

/**
 * revoked: the person's role on the account changed (promotion) or they left it (team/).
 * person.ended: the person ended it from their session list (one, or all but the current one); admin.ended: the admin API.
 */
export type SessionEndReason = 'logout' | 'idle' | 'absolute' | 'revoked' | 'password.reset' | 'password.change' | 'person.ended' | 'admin.ended'
  // The email change (email-change/): the person asked to end the others when it was confirmed; its undo ends every one.
  | 'email.change' | 'email.undo';

/** Open and inside both deadlines at `at`: what the access-token guard would accept (auth/sessions.ts liveSession). */
const liveAt = (at: Date) => and(isNull(sessions.ended), gt(sessions.idleExpires, at), gt(sessions.absoluteExpires, at));

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
    /**
     * The person proved who they are again on this open session (auth/reauthentication.ts). Announced
     * like an end, so every node's session cache reads the row again instead of an older copy.
     */
    async markAuthenticated(uid: string, at: Date): Promise<boolean> {
      sessionNotices.announce([uid]);
      const rows = await db.update(sessions).set({ authenticatedAt: at })
        .where(and(eq(sessions.uid, uid), isNull(sessions.ended))).returning({ uid: sessions.uid });
      return rows.length > 0;
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
    /** The person's live sessions: `first` (the caller's own) on top, then the most recently active (sessions/list-sessions.ts); paged by the database. */
    async listLive(personUid: string, at: Date, page: PageRequest, first?: string): Promise<Page<StoredSession>> {
      return paginate(db, () => db.select().from(sessions).where(and(eq(sessions.personUid, personUid), liveAt(at)))
        .orderBy(sql`${sessions.uid} = ${first ?? ''} desc`, desc(sessions.lastSeen), desc(sessions.created), sessions.uid).$dynamic(), page);
    },
    /**
     * Ends one live session of this person. False when the uid is unknown, another person's, already
     * ended or past a deadline: the caller answers all of these alike (404), so a guessed uid confirms nothing.
     */
    async endOwn(uid: string, personUid: string, at: Date, reason: SessionEndReason): Promise<boolean> {
      const rows = await db.update(sessions).set({ ended: at, endReason: reason })
        .where(and(eq(sessions.uid, uid), eq(sessions.personUid, personUid), liveAt(at))).returning({ uid: sessions.uid });
      sessionNotices.announce(rows.map((r) => r.uid));
      return rows.length > 0;
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
