import { summaryToWire, type ChargeSummary } from '@portico/core/billing/index';
import { addOnToWire, couponToWire, planToWire } from '../catalog/catalog.mappers.ts';
import { AppError } from '../http/app-error.ts';
import { ErrorCode } from '@portico/core';
import type { CatalogSnapshot } from './catalog-snapshot.ts';
import type { StoredCoupon, StoredSubscription } from './subscriptions.repository.ts';
import type { WireSubscription } from './billing.schemas.ts';

/** Stored (minor units, uids) to wire (major units, expanded Plan, AddOn and DiscountCoupon). */
const iso = (d: Date | null) => (d === null ? null : d.toISOString());

function lookup<T>(map: Map<string, T>, uid: string, what: string): T {
  const found = map.get(uid);
  // A row pointing at a catalogue entry that no longer exists is a data error, not bad input.
  if (!found) throw new AppError(ErrorCode.SystemError, `Missing ${what} '${uid}'.`);
  return found;
}

function couponSubscriptionToWire(c: StoredCoupon, snapshot: CatalogSnapshot, currency: string) {
  return {
    Uid: c.uid, DiscountCoupon: couponToWire(lookup(snapshot.coupons, c.couponUid, 'coupon'), currency),
    StartDate: c.startDate.toISOString(), ExpireDate: iso(c.expireDate),
  };
}

export function subscriptionToWire(s: StoredSubscription, snapshot: CatalogSnapshot, currency: string, now: Date): WireSubscription {
  const coupons = s.coupons.map((c) => couponSubscriptionToWire(c, snapshot, currency));
  const t = now.getTime();
  return {
    Uid: s.uid,
    Account: { Uid: s.accountUid },
    Plan: planToWire(lookup(snapshot.plans, s.planUid, 'plan'), currency),
    Quantity: s.quantity,
    BillingRenewalTerm: s.term,
    StartDate: s.startDate.toISOString(),
    EndDate: iso(s.endDate),
    ExpirationDate: iso(s.expirationDate),
    RenewalDate: iso(s.renewalDate),
    SubscriptionAddOns: s.addOns.map((a) => ({
      Uid: a.uid, AddOn: addOnToWire(lookup(snapshot.addOns, a.addOnUid, 'add-on'), currency), Quantity: a.quantity,
      BillingRenewalTerm: a.term, StartDate: a.startDate.toISOString(), EndDate: iso(a.endDate), RenewalDate: iso(a.renewalDate),
    })),
    DiscountCouponSubscriptions: coupons,
    CurrentDiscountCouponSubscriptions: coupons.filter((_, i) => {
      const c = s.coupons[i]!;
      return c.startDate.getTime() <= Math.max(t, s.startDate.getTime()) && (c.expireDate === null || c.expireDate.getTime() >= t);
    }),
    NewRequiredQuantity: s.newRequiredQuantity,
    IsPlanUpgradeRequired: s.isPlanUpgradeRequired,
    PlanUpgradeRequiredMessage: s.planUpgradeRequiredMessage,
  };
}

export const chargeSummaryToWire = (s: ChargeSummary, currency: string) => summaryToWire(s, currency);
