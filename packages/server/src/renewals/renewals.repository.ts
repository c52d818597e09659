import { and, asc, eq, inArray, isNull, lte, ne, or, sql, gte } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { accounts, addresses, invoiceCounters, invoices, subscriptionAddOns, subscriptions } from '../db/schema.ts';
import { subscriptionsWithChildren, type StoredSubscription } from '../billing/subscriptions.repository.ts';
import { usageRepository } from '../usage/usage.repository.ts';

/** What the renewal of one batch reads of an account (locked for the batch's transaction). */
export interface RenewalAccount {
  uid: string;
  accountStage: string | null;
  accountCredit: number;
  taxStatus: string | null;
  country: string | null;
  state: string | null;
}

/** One renewal invoice as the pass writes it (numbered by `insertInvoices`). */
export interface RenewalInvoice {
  uid: string;
  accountUid: string;
  subscriptionUid: string;
  invoiceDate: Date;
  currency: string;
  subtotal: number;
  tax: number;
  total: number;
  status: 'Open' | 'Paid';
  taxBehavior: string;
  lines: unknown;
  periodStart: Date;
  periodEnd: Date;
  paidAt: Date | null;
  nextAttemptAt: Date | null;
}

type SubscriptionRow = typeof subscriptions.$inferSelect;

/**
 * The renewal pass's queries (issue 17, docs/billing.md "Renewals"): set-based, one query per step
 * for a whole batch, so a pass of 100,000 subscriptions costs a few queries per 200 rows.
 */
export function renewalsRepository(db: Db) {
  const withChildren = (rows: SubscriptionRow[]) => subscriptionsWithChildren(db, rows);

  return {
    /**
     * Locks up to `limit` subscriptions whose period has ended by `now` (FOR UPDATE SKIP LOCKED: rows
     * another runner holds are skipped, not waited for). A row that ended before its renewal date (an
     * upgrade ended it mid-period) is not due; one ending on it is (its end or scheduled change applies).
     */
    async lockDue(now: Date, limit: number): Promise<StoredSubscription[]> {
      const rows = await db.select().from(subscriptions)
        .where(and(
          lte(subscriptions.renewalDate, now), ne(subscriptions.billingRenewalTerm, 'OneTime'),
          or(isNull(subscriptions.endDate), gte(subscriptions.endDate, subscriptions.renewalDate)),
        ))
        .orderBy(asc(subscriptions.renewalDate)).limit(limit).for('update', { skipLocked: true });
      return withChildren(rows);
    },
    /**
     * Locks the accounts (FOR UPDATE SKIP LOCKED: an account a plan change holds is left for the next
     * batch, never waited for, so the pass and a change cannot deadlock) and reads what a renewal needs.
     */
    async lockAccounts(uids: string[]): Promise<Map<string, RenewalAccount>> {
      if (uids.length === 0) return new Map();
      const locked = await db.select({ uid: accounts.uid }).from(accounts).where(inArray(accounts.uid, uids)).for('update', { skipLocked: true });
      if (locked.length === 0) return new Map();
      const rows = await db.select({
        uid: accounts.uid, accountStage: accounts.accountStage, accountCredit: accounts.accountCredit, taxStatus: accounts.taxStatus,
        country: addresses.country, state: addresses.state,
      }).from(accounts).leftJoin(addresses, eq(addresses.uid, accounts.billingAddressUid)).where(inArray(accounts.uid, locked.map((l) => l.uid)));
      return new Map(rows.map((r) => [r.uid, r]));
    },
    /** Rows of these accounts that start exactly when the given rows end (scheduled changes). */
    async startingAt(ends: { accountUid: string; at: Date }[]): Promise<StoredSubscription[]> {
      if (ends.length === 0) return [];
      const rows = await db.select().from(subscriptions).where(inArray(subscriptions.accountUid, [...new Set(ends.map((e) => e.accountUid))]));
      const wanted = new Set(ends.map((e) => `${e.accountUid}|${e.at.getTime()}`));
      return withChildren(rows.filter((r) => wanted.has(`${r.accountUid}|${r.startDate.getTime()}`)));
    },
    /** Units used per usage add-on in [from, to) (usage/usage.repository.ts). */
    usageTotals(accountUid: string, from: Date, to: Date): Promise<Map<string, number>> {
      return usageRepository(db).totalsForPeriod(accountUid, from, to);
    },
    /** The (subscription, period start) pairs that already have their renewal invoice (a repeat writes none). */
    async existingRenewals(pairs: { subscriptionUid: string; periodStart: Date }[]): Promise<Set<string>> {
      if (pairs.length === 0) return new Set();
      const rows = await db.select({ s: invoices.subscriptionUid, p: invoices.periodStart }).from(invoices)
        .where(and(eq(invoices.kind, 'renewal'), inArray(invoices.subscriptionUid, pairs.map((p) => p.subscriptionUid))));
      return new Set(rows.map((r) => `${r.s}|${r.p?.getTime()}`));
    },
    /**
     * Writes the invoices with consecutive numbers taken from the company's counter in ONE update (the
     * counter row stays locked until this transaction ends, so numbers stay gapless and ordered: a
     * rolled-back batch gives its block back). Returns the numbers in the given order.
     */
    async insertInvoices(list: RenewalInvoice[]): Promise<number[]> {
      if (list.length === 0) return [];
      const [counter] = await db.insert(invoiceCounters).values({ series: 'invoices', lastNumber: list.length })
        .onConflictDoUpdate({ target: invoiceCounters.series, set: { lastNumber: sql`${invoiceCounters.lastNumber} + ${list.length}` } })
        .returning({ lastNumber: invoiceCounters.lastNumber });
      const first = counter!.lastNumber - list.length + 1;
      const numbers = list.map((_, i) => first + i);
      await db.insert(invoices).values(list.map((i, n) => ({ ...i, kind: 'renewal', invoiceNumber: numbers[n]! })));
      return numbers;
    },
    /** Sets each row's renewal date (null: it renews no more) and, when given, its end date. */
    async setRenewalDates(rows: { uid: string; renewalDate: Date | null; endDate?: Date }[]): Promise<void> {
      if (rows.length === 0) return;
      const json = JSON.stringify(rows.map((r) => ({ uid: r.uid, rd: r.renewalDate?.toISOString() ?? null, ed: r.endDate?.toISOString() ?? null })));
      await db.execute(sql`update ${subscriptions} s set renewal_date = v.rd, end_date = coalesce(v.ed, s.end_date), updated = now()
        from jsonb_to_recordset(${json}::jsonb) as v(uid text, rd timestamptz, ed timestamptz) where s.uid = v.uid`);
    },
    /** Moves add-ons' renewal dates (the periods a renewal billed). */
    async setAddOnRenewalDates(rows: { uid: string; renewalDate: Date }[]): Promise<void> {
      if (rows.length === 0) return;
      const json = JSON.stringify(rows.map((r) => ({ uid: r.uid, rd: r.renewalDate.toISOString() })));
      await db.execute(sql`update ${subscriptionAddOns} a set renewal_date = v.rd
        from jsonb_to_recordset(${json}::jsonb) as v(uid text, rd timestamptz) where a.uid = v.uid`);
    },
    /** Sets account credit and stage (null stage: unchanged). */
    async updateAccounts(rows: { uid: string; credit: number; stage: string | null }[]): Promise<void> {
      if (rows.length === 0) return;
      const json = JSON.stringify(rows);
      await db.execute(sql`update ${accounts} a set account_credit = v.credit, account_stage = coalesce(v.stage, a.account_stage), updated = now()
        from jsonb_to_recordset(${json}::jsonb) as v(uid text, credit integer, stage text) where a.uid = v.uid`);
    },
  };
}

export type RenewalsRepository = ReturnType<typeof renewalsRepository>;
