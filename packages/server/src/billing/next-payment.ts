import { ErrorCode } from '@portico/core';
import type { BillingDeps } from './billing-deps.ts';
import type { Repositories } from '../unit-of-work.ts';
import type { SubscriptionInput } from './billing.schemas.ts';
import { AppError } from '../http/app-error.ts';
import { prepareChange } from './prepare-change.ts';
import { currentOf, isScheduled } from './subscription-timeline.ts';
import type { StoredSubscription } from './subscriptions.repository.ts';

/** The account's next payment: core's renewal summary of the subscription as it stands (minor units). */
export interface NextPayment {
  Total: number;
  /** ISO day of the renewal invoice. */
  InvoiceDate: string;
  /** The plan that renewal bills (the scheduled change's plan when one is scheduled). */
  PlanUid: string;
}

/** The stored subscription as the change body that keeps it as it is (its coupon kept: no DiscountCouponSubscriptions). */
export function unchangedBody(s: StoredSubscription): SubscriptionInput {
  return {
    Plan: { Uid: s.planUid }, Quantity: s.quantity, BillingRenewalTerm: s.term,
    SubscriptionAddOns: s.addOns.filter((a) => a.endDate === null).map((a) => ({ AddOn: { Uid: a.addOnUid }, Quantity: a.quantity, BillingRenewalTerm: a.term })),
  };
}

/**
 * 'Next payment' on the billing screen (spec 2 section 2): the renewal invoice of the current
 * subscription, priced by core exactly as a change to "the same items" would price its renewal
 * (billing/prepare-change.ts), so the plan screen, the change preview and this block never
 * disagree. A scheduled change (a downgrade) is what renews, so its items are priced. Null when
 * nothing renews: no current subscription, a one-time plan, or a plan that ends (cancelling,
 * an expiration) on or before its renewal.
 */
export async function nextPayment(deps: BillingDeps, repos: Repositories, accountUid: string): Promise<NextPayment | null> {
  const now = deps.clock.now();
  const all = await repos.subscriptions.listForAccount(accountUid);
  const base = currentOf(all, now);
  if (!base || base.term === 'OneTime') return null;
  const scheduled = all.find((s) => isScheduled(s, now)) ?? null;
  const ends = scheduled ? null : base.endDate ?? base.expirationDate;
  const snapshot = await deps.snapshots.get();
  let renewal;
  try {
    renewal = (await prepareChange(deps, repos, snapshot, base.uid, unchangedBody(scheduled ?? base))).summaries.renewal;
  } catch (err) {
    // A subscription the catalogue no longer prices (a plan removed from the config) has no next payment to show.
    if (err instanceof AppError && err.code !== ErrorCode.SystemError) return null;
    throw err;
  }
  if (ends && ends.getTime() <= Date.parse(`${renewal.InvoiceDate}T00:00:00Z`)) return null;
  return { Total: renewal.Total, InvoiceDate: renewal.InvoiceDate, PlanUid: (scheduled ?? base).planUid };
}
