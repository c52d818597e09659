import type { BillingRenewalTerm } from '../entities/billing-terms.ts';
import type { Plan } from '../entities/catalog.ts';
import { setAddOnSelected } from './add-on-rules.ts';
import { choosePlan, registrationTerm } from './plan-choice.ts';
import { addOnQuantityBounds, normalizeQuantityInput } from './quantity.ts';
import type { Rated } from './terms.ts';

/** One add-on of the subscription being edited. */
export interface DraftAddOn {
  uid: string;
  quantity: number;
  /** Already purchased one-time: cannot be unchecked (existing subscriptions). */
  forceSelected?: boolean;
  endDate?: string | null;
}

/** The discount code entered, with the plans it is limited to (empty = every plan). */
export interface DraftCoupon {
  code: string;
  planUids: readonly string[];
}

/** The subscription the widget is editing (sign-up, checkout, plan options): plain data, storable as JSON. */
export interface SubscriptionDraft {
  planUid: string | null;
  term: BillingRenewalTerm;
  quantity: number;
  addOns: DraftAddOn[];
  coupon: DraftCoupon | null;
}

export interface DraftPlanChange {
  draft: SubscriptionDraft;
  /** What the new plan could not keep, so the screen can say so. */
  dropped: { addOnUids: string[]; couponCode: string | null };
}

export const emptySubscriptionDraft = (term: BillingRenewalTerm = 'Monthly'): SubscriptionDraft =>
  ({ planUid: null, term, quantity: 0, addOns: [], coupon: null });

const couponFits = (coupon: DraftCoupon, planUid: string) => coupon.planUids.length === 0 || coupon.planUids.includes(planUid);

/**
 * Changing the plan of a draft (spec 4 "Plan availability and choice"): core's
 * choosePlan decides (an unavailable plan clears the selection; the quantity
 * resets to the plan minimum; OneTime is forced for one-time plans), and
 * registrationTerm forces Monthly where the plan has neither add-ons nor the term.
 * Beyond that the person's choices survive: the discount code is kept while it
 * applies to the new plan, the add-ons the new plan offers are kept with their
 * quantities clamped to the add-on's bounds, and add-ons the new plan includes
 * (not user-selectable) are added.
 */
export function changeDraftPlan(draft: SubscriptionDraft, plan: Plan, upgradeFrom?: Rated | null): DraftPlanChange {
  const sel = choosePlan({ planUid: draft.planUid, term: draft.term, quantity: draft.quantity, addOnUids: draft.addOns.map((a) => a.uid) }, plan, upgradeFrom);
  if (!sel.planUid) {
    return { draft: { ...emptySubscriptionDraft(sel.term), coupon: draft.coupon }, dropped: { addOnUids: draft.addOns.map((a) => a.uid), couponCode: null } };
  }
  const offered = new Map(plan.PlanAddOns.map((pa, i) => [pa.AddOn.Uid, { pa, order: i }]));
  const kept: DraftAddOn[] = draft.addOns.flatMap((a) => {
    const o = offered.get(a.uid);
    if (!o || !sel.addOnUids.includes(a.uid)) return [];
    const quantity = o.pa.AddOn.IsQuantityEditable ? normalizeQuantityInput(a.quantity, addOnQuantityBounds(o.pa.AddOn)) : 1;
    return [{ ...a, quantity }];
  });
  const included: DraftAddOn[] = plan.PlanAddOns
    .filter((pa) => !pa.IsUserSelectable && !kept.some((a) => a.uid === pa.AddOn.Uid))
    .map((pa) => {
      const row = setAddOnSelected({ AddOn: pa.AddOn, Quantity: pa.AddOn.IsQuantityEditable ? 0 : 1, selected: false, isUserSelectable: false, forceSelected: false }, true);
      return { uid: pa.AddOn.Uid, quantity: row.Quantity };
    });
  const addOns = [...kept, ...included].sort((a, b) => offered.get(a.uid)!.order - offered.get(b.uid)!.order);
  const coupon = draft.coupon && couponFits(draft.coupon, plan.Uid) ? draft.coupon : null;
  return {
    draft: { planUid: sel.planUid, term: registrationTerm(plan, sel.term), quantity: sel.quantity, addOns, coupon },
    dropped: { addOnUids: draft.addOns.filter((a) => !offered.has(a.uid)).map((a) => a.uid), couponCode: draft.coupon && !coupon ? draft.coupon.code : null },
  };
}
