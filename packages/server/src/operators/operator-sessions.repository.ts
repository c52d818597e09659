import { and, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { operatorSessions } from '../db/schema.ts';
import { sessionNotices } from '../auth/session-notices.ts';
import type { SessionStore, SessionTimes } from '../auth/sessions.ts';

export interface OperatorSession extends SessionTimes { operatorUid: string }

export type OperatorSessionEndReason = 'logout' | 'idle' | 'absolute' | 'operator.disabled' | 'operator.role' | 'password.reset';

/**
 * An operator's sessions, behind the same session rules as members' (auth/sessions.ts openSession,
 * liveSession). Every end is announced on the same session notices, so every node's cache forgets it.
 */
export function operatorSessionsRepository(db: Db) {
  const store: SessionStore<OperatorSession> & {
    end(uid: string, at: Date, reason: OperatorSessionEndReason): Promise<boolean>;
    endAllOf(operatorUid: string, at: Date, reason: OperatorSessionEndReason): Promise<number>;
    deleteEndedBefore(cutoff: Date, limit: number): Promise<number>;
  } = {
    async insert(s) {
      await db.insert(operatorSessions).values(s);
    },
    async get(uid) {
      const [row] = await db.select().from(operatorSessions).where(eq(operatorSessions.uid, uid));
      return row ?? null;
    },
    async touch(uid, at, idleExpires) {
      await db.update(operatorSessions).set({ lastSeen: at, idleExpires }).where(and(eq(operatorSessions.uid, uid), isNull(operatorSessions.ended)));
    },
    async end(uid, at, reason) {
      sessionNotices.announce([uid]);
      const rows = await db.update(operatorSessions).set({ ended: at, endReason: reason })
        .where(and(eq(operatorSessions.uid, uid), isNull(operatorSessions.ended))).returning({ uid: operatorSessions.uid });
      return rows.length > 0;
    },
    /** Disabling an operator, changing their role or a new password from a link ends every session: the tokens stop at once. */
    async endAllOf(operatorUid, at, reason) {
      const rows = await db.update(operatorSessions).set({ ended: at, endReason: reason })
        .where(and(eq(operatorSessions.operatorUid, operatorUid), isNull(operatorSessions.ended))).returning({ uid: operatorSessions.uid });
      sessionNotices.announce(rows.map((r) => r.uid));
      return rows.length;
    },
    /** Long-ended or long-expired sessions deleted (auth/session-cleanup.ts's rule, job operators.sessions-cleanup). */
    async deleteEndedBefore(cutoff: Date, limit: number): Promise<number> {
      const due = db.select({ uid: operatorSessions.uid }).from(operatorSessions)
        .where(or(lt(operatorSessions.ended, cutoff), and(isNull(operatorSessions.ended), lt(operatorSessions.idleExpires, cutoff)))).limit(limit);
      const rows = await db.delete(operatorSessions).where(inArray(operatorSessions.uid, due)).returning({ uid: operatorSessions.uid });
      return rows.length;
    },
  };
  return store;
}

export type OperatorSessionsRepository = ReturnType<typeof operatorSessionsRepository>;
