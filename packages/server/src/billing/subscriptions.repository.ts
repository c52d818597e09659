import { and, asc, desc, eq, gt, inArray, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { BillingRenewalTerm } from '@portico/core';
import type { Db } from '../db/database.ts';
import { paginate } from '../db/paginate.ts';
import type { Page, PageRequest } from '../http/list.ts';
import { discountCouponSubscriptions, personAccounts, subscriptionAddOns, subscriptions } from '../db/schema.ts';

/** A subscription as stored (minor units, catalogue entities by uid). */
export interface StoredAddOn {
  uid: string;
  addOnUid: string;
  quantity: number;
  term: BillingRenewalTerm;
  startDate: Date;
  endDate: Date | null;
  renewalDate: Date | null;
}

export interface StoredCoupon {
  uid: string;
  couponUid: string;
  startDate: Date;
  expireDate: Date | null;
}

export interface StoredSubscription {
  uid: string;
  accountUid: string;
  planUid: string;
  quantity: number;
  term: BillingRenewalTerm;
  startDate: Date;
  endDate: Date | null;
  expirationDate: Date | null;
  renewalDate: Date | null;
  /** ISO day the billing periods are counted from; null = the start day. */
  anchorDate: string | null;
  newRequiredQuantity: number | null;
  isPlanUpgradeRequired: boolean;
  planUpgradeRequiredMessage: string | null;
  addOns: StoredAddOn[];
  coupons: StoredCoupon[];
}

export type NewSubscription = Omit<StoredSubscription, 'expirationDate' | 'newRequiredQuantity' | 'isPlanUpgradeRequired' | 'planUpgradeRequiredMessage'>;

type SubscriptionRow = typeof subscriptions.$inferSelect;

export interface SubscriptionFilter {
  accountUid?: string | undefined;
  personUid?: string | undefined;
  /** Only each account's current row at this instant. */
  currentAt?: Date | undefined;
}

/** The only module that reads and writes subscriptions, their add-ons and their coupons. */
/** Subscription rows with their add-ons and coupons (two queries for any number of rows); the renewal pass reads its batch with it too. */
export async function subscriptionsWithChildren(db: Db, rows: SubscriptionRow[]): Promise<StoredSubscription[]> {
  if (rows.length === 0) return [];
  const uids = rows.map((r) => r.uid);
  const addOnRows = await db.select().from(subscriptionAddOns).where(inArray(subscriptionAddOns.subscriptionUid, uids)).orderBy(asc(subscriptionAddOns.uid));
  const couponRows = await db.select().from(discountCouponSubscriptions).where(inArray(discountCouponSubscriptions.subscriptionUid, uids)).orderBy(asc(discountCouponSubscriptions.startDate));
  return rows.map((r) => ({
    uid: r.uid, accountUid: r.accountUid, planUid: r.planUid, quantity: r.quantity, term: r.billingRenewalTerm as BillingRenewalTerm,
    startDate: r.startDate, endDate: r.endDate, expirationDate: r.expirationDate, renewalDate: r.renewalDate, anchorDate: r.anchorDate,
    newRequiredQuantity: r.newRequiredQuantity, isPlanUpgradeRequired: r.isPlanUpgradeRequired, planUpgradeRequiredMessage: r.planUpgradeRequiredMessage,
    addOns: addOnRows.filter((a) => a.subscriptionUid === r.uid).map((a) => ({
      uid: a.uid, addOnUid: a.addOnUid, quantity: a.quantity, term: a.billingRenewalTerm as BillingRenewalTerm,
      startDate: a.startDate, endDate: a.endDate, renewalDate: a.renewalDate,
    })),
    coupons: couponRows.filter((c) => c.subscriptionUid === r.uid).map((c) => ({
      uid: c.uid, couponUid: c.discountCouponUid, startDate: c.startDate, expireDate: c.expireDate,
    })),
  }));
}

export function subscriptionsRepository(db: Db) {
  const withChildren = (rows: SubscriptionRow[]) => subscriptionsWithChildren(db, rows);

  return {
    async get(uid: string): Promise<StoredSubscription | null> {
      return (await withChildren(await db.select().from(subscriptions).where(eq(subscriptions.uid, uid))))[0] ?? null;
    },
    /** Every subscription of an account, newest start first. */
    async listForAccount(accountUid: string): Promise<StoredSubscription[]> {
      return withChildren(await db.select().from(subscriptions).where(eq(subscriptions.accountUid, accountUid)).orderBy(desc(subscriptions.startDate), desc(subscriptions.created)));
    },
    /**
     * One page of the subscriptions of an account and/or of a person's accounts (person_accounts),
     * by account then newest start first; `currentAt` keeps each account's current row at that
     * instant (started, not ended, latest start), as subscription-timeline.ts currentOf decides.
     */
    async page(filter: SubscriptionFilter, page: PageRequest): Promise<Page<StoredSubscription>> {
      const conds: SQL[] = [];
      if (filter.accountUid) conds.push(eq(subscriptions.accountUid, filter.accountUid));
      if (filter.personUid) {
        const linked = db.select({ uid: personAccounts.accountUid }).from(personAccounts).where(eq(personAccounts.personUid, filter.personUid));
        conds.push(inArray(subscriptions.accountUid, linked));
      }
      const at = filter.currentAt;
      if (at) conds.push(lte(subscriptions.startDate, at), or(isNull(subscriptions.endDate), gt(subscriptions.endDate, at))!);
      const where = conds.length ? and(...conds) : undefined;
      const order = [asc(subscriptions.accountUid), desc(subscriptions.startDate), desc(subscriptions.created)];
      const found = await paginate(db, () => (at
        ? db.selectDistinctOn([subscriptions.accountUid]).from(subscriptions).where(where).orderBy(...order).$dynamic()
        : db.select().from(subscriptions).where(where).orderBy(...order).$dynamic()), page);
      return { items: await withChildren(found.items), total: found.total };
    },
    async insert(s: NewSubscription): Promise<void> {
      await db.insert(subscriptions).values({
        uid: s.uid, accountUid: s.accountUid, planUid: s.planUid, quantity: s.quantity, billingRenewalTerm: s.term,
        startDate: s.startDate, endDate: s.endDate, renewalDate: s.renewalDate, anchorDate: s.anchorDate,
      });
      if (s.addOns.length) {
        await db.insert(subscriptionAddOns).values(s.addOns.map((a) => ({
          uid: a.uid, subscriptionUid: s.uid, addOnUid: a.addOnUid, quantity: a.quantity, billingRenewalTerm: a.term,
          startDate: a.startDate, endDate: a.endDate, renewalDate: a.renewalDate,
        })));
      }
      await this.replaceCoupons(s.uid, s.coupons);
    },
    async setEndDate(uid: string, endDate: Date | null): Promise<void> {
      await db.update(subscriptions).set({ endDate, updated: new Date() }).where(eq(subscriptions.uid, uid));
    },
    /** Ends a subscription whose end was set for a start of a scheduled change: clears it again. */
    async reopenEndingAt(accountUid: string, endDate: Date): Promise<void> {
      await db.update(subscriptions).set({ endDate: null, updated: new Date() })
        .where(and(eq(subscriptions.accountUid, accountUid), eq(subscriptions.endDate, endDate)));
    },
    async delete(uid: string): Promise<void> {
      await db.delete(subscriptions).where(eq(subscriptions.uid, uid));
    },
    /** Deletes the account's subscriptions that start after `at` (scheduled changes); returns their start dates. */
    async deleteStartingAfter(accountUid: string, at: Date): Promise<Date[]> {
      const rows = await db.delete(subscriptions).where(and(eq(subscriptions.accountUid, accountUid), gt(subscriptions.startDate, at)))
        .returning({ startDate: subscriptions.startDate });
      return rows.map((r) => r.startDate);
    },
    async replaceCoupons(subscriptionUid: string, coupons: StoredCoupon[]): Promise<void> {
      await db.delete(discountCouponSubscriptions).where(eq(discountCouponSubscriptions.subscriptionUid, subscriptionUid));
      if (coupons.length) {
        await db.insert(discountCouponSubscriptions).values(coupons.map((c) => ({
          uid: c.uid, subscriptionUid, discountCouponUid: c.couponUid, startDate: c.startDate, expireDate: c.expireDate,
        })));
      }
    },
  };
}

export type SubscriptionsRepository = ReturnType<typeof subscriptionsRepository>;
