import { and, asc, eq, inArray, isNotNull, isNull, lte, min, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { accounts, invoices, outbox, payments, plans, subscriptions } from '../db/schema.ts';
import { newUid } from '../ids/new-uid.ts';

/** The Open invoices in dunning a new card retries at once (docs/billing.md "Collection and dunning"). */
export const DUNNING_STATUSES = ['retrying', 'hard_declined', 'exhausted', 'action_required'] as const;

export const CHARGE_INVOICE_TOPIC = 'billing.charge-invoice';

/** The outbox message of one claimed attempt. */
export interface ChargeInvoicePayload {
  invoiceUid: string;
  attempt: number;
}

/** Which Open invoices a claim takes (each only when no attempt is in flight). */
export type ClaimFilter =
  /** The collector's pass: due by the server clock. */
  | { dueBy: Date; limit: number }
  /** Saving a new card: the account's invoices in dunning, due or not. */
  | { accountUid: string; inDunning: true }
  /** The admin's retry: this invoice. */
  | { invoiceUid: string }
  /** The renewal pass: the invoices its batch just wrote, charged as soon as the batch commits. */
  | { invoiceUids: string[] };

export type CollectionInvoice = typeof invoices.$inferSelect;

/** The account's stage and the subscription's plan, term and next renewal, as a paid invoice's booking reads them. */
export interface PaidContext {
  stage: string | null;
  plan: { plan: string; term: string; renewalDate: Date | null } | null;
}

/** Outcome columns written with the attempt's guard (attempt_in_flight = n). */
export interface AttemptFailure {
  status: string;
  nextAttemptAt: Date | null;
  message: string;
  code: string | null;
  pendingIntentId: string | null;
}

/** The collector's queries on invoices (the invoice's attempt columns), payments, accounts and subscriptions. */
export function collectionRepository(db: Db) {
  const guard = (uid: string, attempt: number) => and(eq(invoices.uid, uid), eq(invoices.attemptInFlight, attempt), eq(invoices.status, 'Open'));
  return {
    /**
     * Claims attempts: `attempt_in_flight = attempt_count + 1` on Open invoices with none in flight, the
     * rows locked FOR UPDATE SKIP LOCKED (another node's claim skips them, never waits or doubles), and one
     * outbox message per claimed attempt written in the same statement's transaction (the caller's).
     */
    async claim(filter: ClaimFilter): Promise<ChargeInvoicePayload[]> {
      let where: SQL | undefined;
      let limit = 1000;
      if ('dueBy' in filter) {
        where = and(isNotNull(invoices.nextAttemptAt), lte(invoices.nextAttemptAt, filter.dueBy));
        limit = filter.limit;
      } else if ('accountUid' in filter) {
        where = and(eq(invoices.accountUid, filter.accountUid), inArray(invoices.dunningStatus, [...DUNNING_STATUSES]));
      } else if ('invoiceUids' in filter) {
        where = inArray(invoices.uid, filter.invoiceUids);
        limit = filter.invoiceUids.length;
      } else {
        where = eq(invoices.uid, filter.invoiceUid);
      }
      const due = await db.select({ uid: invoices.uid }).from(invoices)
        .where(and(eq(invoices.status, 'Open'), isNull(invoices.attemptInFlight), sql`${invoices.total} > ${invoices.amountPaid}`, where))
        .orderBy(asc(invoices.nextAttemptAt), asc(invoices.uid)).limit(limit).for('update', { skipLocked: true });
      if (due.length === 0) return [];
      const claimed = await db.update(invoices).set({ attemptInFlight: sql`${invoices.attemptCount} + 1` })
        .where(and(inArray(invoices.uid, due.map((d) => d.uid)), isNull(invoices.attemptInFlight)))
        .returning({ invoiceUid: invoices.uid, attempt: invoices.attemptInFlight });
      const messages = claimed.map((c) => ({ invoiceUid: c.invoiceUid, attempt: c.attempt! }));
      if (messages.length) await db.insert(outbox).values(messages.map((payload) => ({ uid: newUid(), topic: CHARGE_INVOICE_TOPIC, payload })));
      return messages;
    },
    async invoice(uid: string): Promise<CollectionInvoice | null> {
      const [row] = await db.select().from(invoices).where(eq(invoices.uid, uid));
      return row ?? null;
    },
    /** Locks the invoice for an admin's change (void). */
    async lockInvoice(uid: string): Promise<CollectionInvoice | null> {
      const [row] = await db.select().from(invoices).where(eq(invoices.uid, uid)).for('update');
      return row ?? null;
    },
    /**
     * Ends attempts as successes, several invoices in one statement (the caller books the money next, in
     * the same transaction): each row only while its attempt is still in flight and it is Open. Answers
     * the rows it moved; a replay, a twin handler or a voided invoice is left out.
     */
    async finishPaid(attempts: { uid: string; attempt: number }[]): Promise<CollectionInvoice[]> {
      if (attempts.length === 0) return [];
      const pairs = sql.join(attempts.map((a) => sql`(${a.uid}::text, ${a.attempt}::integer)`), sql`, `);
      return db.update(invoices).set({
        // SET reads the row as it was: the attempt count becomes the attempt that was in flight.
        attemptInFlight: null, attemptCount: sql`${invoices.attemptInFlight}`, nextAttemptAt: null, dunningStatus: null, pendingIntentId: null,
      }).where(and(sql`(${invoices.uid}, ${invoices.attemptInFlight}) in (${pairs})`, eq(invoices.status, 'Open'))).returning();
    },
    /** Ends attempt `attempt` as a failure; null as finishPaid. */
    async finishFailed(uid: string, attempt: number, f: AttemptFailure): Promise<CollectionInvoice | null> {
      const [row] = await db.update(invoices).set({
        attemptInFlight: null, attemptCount: attempt, nextAttemptAt: f.nextAttemptAt, dunningStatus: f.status,
        lastFailureMessage: f.message.slice(0, 500), lastFailureCode: f.code, pendingIntentId: f.pendingIntentId,
      }).where(guard(uid, attempt)).returning();
      return row ?? null;
    },
    /** An authentication completed by the customer books the attempt that asked for it: the invoice must still wait for it. */
    async finishAuthenticated(uid: string, intentId: string): Promise<CollectionInvoice | null> {
      const [row] = await db.update(invoices).set({ nextAttemptAt: null, dunningStatus: null, pendingIntentId: null })
        .where(and(eq(invoices.uid, uid), eq(invoices.status, 'Open'), eq(invoices.pendingIntentId, intentId), isNull(invoices.attemptInFlight)))
        .returning();
      return row ?? null;
    },
    /** When the invoice's first attempt failed: the schedule counts from it (its failed payment rows carry the server clock's time). */
    async firstFailureAt(invoiceUid: string): Promise<Date | null> {
      const [row] = await db.select({ at: min(payments.created) }).from(payments).where(and(eq(payments.invoiceUid, invoiceUid), eq(payments.status, 'failed')));
      return row?.at ?? null;
    },
    async accountStage(accountUid: string): Promise<string | null> {
      const [row] = await db.select({ stage: accounts.accountStage }).from(accounts).where(eq(accounts.uid, accountUid));
      return row?.stage ?? null;
    },
    async setAccountStage(accountUid: string, stage: string, at: Date): Promise<void> {
      await db.update(accounts).set({ accountStage: stage, updated: at }).where(eq(accounts.uid, accountUid));
    },
    /** Whether another Open invoice of the account is still in dunning (the account stays PastDue while one is). */
    async otherInDunning(accountUid: string, invoiceUid: string): Promise<boolean> {
      const rows = await db.select({ uid: invoices.uid }).from(invoices).where(and(
        eq(invoices.accountUid, accountUid), eq(invoices.status, 'Open'), inArray(invoices.dunningStatus, [...DUNNING_STATUSES]), sql`${invoices.uid} <> ${invoiceUid}`,
      )).limit(1);
      return rows.length > 0;
    },
    /**
     * What booking payments needs in one read, by invoice uid: the account's stage and, for a
     * subscription's invoice, what the receipt names (the plan, its term and the next renewal day).
     */
    async paidContexts(invoiceUids: string[]): Promise<Map<string, PaidContext>> {
      if (invoiceUids.length === 0) return new Map();
      const rows = await db.select({
        uid: invoices.uid, stage: accounts.accountStage, plan: plans.name, term: subscriptions.billingRenewalTerm, renewalDate: subscriptions.renewalDate,
      })
        .from(invoices)
        .innerJoin(accounts, eq(accounts.uid, invoices.accountUid))
        .leftJoin(subscriptions, and(eq(subscriptions.uid, invoices.subscriptionUid), eq(subscriptions.accountUid, accounts.uid)))
        .leftJoin(plans, eq(plans.uid, subscriptions.planUid))
        .where(inArray(invoices.uid, invoiceUids));
      return new Map(rows.map((r) => [r.uid, {
        stage: r.stage, plan: r.plan !== null && r.term !== null ? { plan: r.plan, term: r.term, renewalDate: r.renewalDate } : null,
      }]));
    },
    /** The invoices of these uids (those that exist), by uid. */
    async invoices(uids: string[]): Promise<Map<string, CollectionInvoice>> {
      if (uids.length === 0) return new Map();
      const rows = await db.select().from(invoices).where(inArray(invoices.uid, uids));
      return new Map(rows.map((r) => [r.uid, r]));
    },
    async subscription(uid: string) {
      const [row] = await db.select().from(subscriptions).where(eq(subscriptions.uid, uid));
      return row ?? null;
    },
    /** Ends a subscription now (dunning's last attempt failed, billing.dunning.afterLastAttempt 'cancel'); false when it had ended. */
    async endSubscription(uid: string, at: Date): Promise<boolean> {
      const rows = await db.update(subscriptions).set({ endDate: at, renewalDate: null, updated: at })
        .where(and(eq(subscriptions.uid, uid), isNull(subscriptions.endDate))).returning({ uid: subscriptions.uid });
      return rows.length === 1;
    },
    /** Voids an Open invoice with no attempt in flight; null when it is not (the caller tells why). */
    async voidInvoice(uid: string, at: Date): Promise<CollectionInvoice | null> {
      const [row] = await db.update(invoices).set({ status: 'Void', voidedAt: at, nextAttemptAt: null, pendingIntentId: null })
        .where(and(eq(invoices.uid, uid), eq(invoices.status, 'Open'), isNull(invoices.attemptInFlight))).returning();
      return row ?? null;
    },
    /** The account's invoices (newest first) and payments (newest first), for the admin's billing read. */
    async accountBilling(accountUid: string) {
      const inv = await db.select().from(invoices).where(eq(invoices.accountUid, accountUid)).orderBy(sql`${invoices.invoiceDate} desc`, sql`${invoices.invoiceNumber} desc`);
      const pay = await db.select().from(payments).where(eq(payments.accountUid, accountUid)).orderBy(sql`${payments.created} desc`);
      return { invoices: inv, payments: pay };
    },
  };
}

export type CollectionRepository = ReturnType<typeof collectionRepository>;
