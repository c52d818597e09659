import type { Operation, ResponseBody } from '../api/api-types.ts';
import { DEMO_PLANS } from './demo-settings.ts';

type Subscription = NonNullable<ResponseBody<Operation<'post', '/api/v1/crm/registrations'>>['Subscription']>;
type AddOnLine = Subscription['SubscriptionAddOns'][number];

/** A demo subscription as the server describes one (sign-up answers, a persona's accounts); null for an unknown plan. */
export function demoSubscription(o: {
  uid: string; accountUid: string; planUid: string; term: Subscription['BillingRenewalTerm']; quantity: number; start: Date;
  addOns?: { addOnUid: string; quantity: number; uid: string }[];
}): Subscription | null {
  const plan = DEMO_PLANS.find((p) => p.Uid === o.planUid);
  if (!plan) return null;
  const start = o.start.toISOString();
  const addOns = (o.addOns ?? []).flatMap((a): AddOnLine[] => {
    const offered = plan.PlanAddOns.find((pa) => pa.AddOn.Uid === a.addOnUid);
    return offered ? [{ Uid: a.uid, AddOn: offered.AddOn, Quantity: a.quantity, BillingRenewalTerm: o.term, StartDate: start, EndDate: null, RenewalDate: null }] : [];
  });
  return {
    Uid: o.uid, Account: { Uid: o.accountUid }, Plan: plan, BillingRenewalTerm: o.term, Quantity: o.quantity,
    StartDate: start, EndDate: null, ExpirationDate: null, RenewalDate: null, IsPlanUpgradeRequired: false, NewRequiredQuantity: null,
    PlanUpgradeRequiredMessage: null, SubscriptionAddOns: addOns, DiscountCouponSubscriptions: [], CurrentDiscountCouponSubscriptions: [],
  };
}
