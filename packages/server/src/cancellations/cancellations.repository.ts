import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { accounts, cancellations } from '../db/schema.ts';

/** A cancellation request as stored (spec 2 section 3 "Cancellation request"). */
export interface StoredCancellation {
  uid: string;
  accountUid: string;
  personUid: string | null;
  priorAccountStage: string | null;
  cancelationReason: string | null;
  comment: string | null;
  submittedDateTime: Date;
  /** When the plan ends (the current period's end). */
  endsAt: Date | null;
  restored: Date | null;
}

export type NewCancellation = Omit<StoredCancellation, 'restored'>;

/** The account columns cancel and restore read and write. */
export interface AccountCancellationState {
  accountStage: string | null;
  retentionOfferedAt: Date | null;
}

const toStored = (r: typeof cancellations.$inferSelect): StoredCancellation => ({
  uid: r.uid, accountUid: r.accountUid, personUid: r.personUid, priorAccountStage: r.priorAccountStage, cancelationReason: r.cancelationReason,
  comment: r.comment, submittedDateTime: r.submittedDateTime, endsAt: r.endsAt, restored: r.restored,
});

/**
 * The only module that reads and writes cancellation requests, and the account columns they move:
 * `account_stage` on cancel and restore, `retention_offered_at` when the retention offer was made.
 * One open request per account (the partial unique index `cancellations_open_idx`).
 */
export function cancellationsRepository(db: Db) {
  return {
    /** The account's open request (not restored), or null. */
    async open(accountUid: string): Promise<StoredCancellation | null> {
      const [row] = await db.select().from(cancellations).where(and(eq(cancellations.accountUid, accountUid), isNull(cancellations.restored)));
      return row ? toStored(row) : null;
    },
    async insert(c: NewCancellation): Promise<void> {
      await db.insert(cancellations).values({ ...c });
    },
    async markRestored(uid: string, at: Date): Promise<void> {
      await db.update(cancellations).set({ restored: at }).where(eq(cancellations.uid, uid));
    },
    async accountState(accountUid: string): Promise<AccountCancellationState | null> {
      const [row] = await db.select({ accountStage: accounts.accountStage, retentionOfferedAt: accounts.retentionOfferedAt }).from(accounts).where(eq(accounts.uid, accountUid));
      return row ?? null;
    },
    async setAccountStage(accountUid: string, stage: string | null, at: Date): Promise<void> {
      await db.update(accounts).set({ accountStage: stage, updated: at }).where(eq(accounts.uid, accountUid));
    },
    async markRetentionOffered(accountUid: string, at: Date): Promise<void> {
      await db.update(accounts).set({ retentionOfferedAt: at }).where(eq(accounts.uid, accountUid));
    },
  };
}

export type CancellationsRepository = ReturnType<typeof cancellationsRepository>;
