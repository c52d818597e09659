/**
 * The subscription being edited at checkout, and its edits. Every rule is
 * core's (choosePlan, registrationTerm, setAddOnSelected, visibleAddOns,
 * quantityBounds, normalizeQuantityInput, needsRenewalSummary); this file only
 * keeps the draft in a shape the screen can hold in state.
 */
import type { BillingRenewalTerm, DiscountCoupon, Plan } from '@portico/core';
import {
  addOnQuantityBounds, choosePlan, normalizeQuantityInput, quantityBounds, registrationTerm, setAddOnSelected, visibleAddOns,
} from '@portico/core/billing/index';
import type { ChargeSummaryInput, QuantityBounds, Rated, SelectableAddOn, TaxStatus } from '@portico/core/billing/index';
import type { Operation, RequestBody } from '../../api/api-types.ts';

/** The body of POST /billing/subscriptions/compute-charge-summary, from the generated API types. */
export type ComputeChargeSummaryBody = RequestBody<Operation<'post', '/api/v1/billing/subscriptions/compute-charge-summary'>>;

export interface DraftAddOn {
  uid: string;
  quantity: number;
  /** Already purchased one-time: cannot be unchecked (existing subscriptions). */
  forceSelected?: boolean;
  endDate?: string | null;
}

export interface SubscriptionDraft {
  planUid: string | null;
  term: BillingRenewalTerm;
  quantity: number;
  /** The selected add-ons. */
  addOns: DraftAddOn[];
  coupon: DiscountCoupon | null;
}

/** The parts of the account that change a charge summary (spec 4 "Charge summary"). */
export interface ChargeAccount {
  BillingAddress?: { Country?: string | null; State?: string | null; PostalCode?: string | null } | null;
  MailingAddress?: { Country?: string | null; State?: string | null; PostalCode?: string | null } | null;
  TaxId?: string | null;
  TaxIdType?: string | null;
  TaxStatus?: TaxStatus | null;
}

export const emptyDraft = (term: BillingRenewalTerm = 'Monthly'): SubscriptionDraft => ({ planUid: null, term, quantity: 0, addOns: [], coupon: null });

/** The plan's add-ons as core's SelectableAddOn rows (unselected fixed-quantity add-ons count 1). */
function allAddOnRows(draft: SubscriptionDraft, plan: Plan): SelectableAddOn[] {
  return plan.PlanAddOns.map((pa) => {
    const chosen = draft.addOns.find((a) => a.uid === pa.AddOn.Uid);
    return {
      AddOn: pa.AddOn,
      Quantity: chosen ? chosen.quantity : pa.AddOn.IsQuantityEditable ? 0 : 1,
      selected: !!chosen,
      isUserSelectable: pa.IsUserSelectable,
      forceSelected: chosen?.forceSelected ?? false,
      EndDate: chosen?.endDate ?? null,
    };
  });
}

/** The add-on rows to show: core's visibleAddOns hides those that ended. */
export function addOnRows(draft: SubscriptionDraft, plan: Plan, now: Date): SelectableAddOn[] {
  return visibleAddOns(allAddOnRows(draft, plan), now);
}

const toDraftAddOn = (row: SelectableAddOn): DraftAddOn => ({
  uid: row.AddOn.Uid, quantity: row.Quantity,
  ...(row.forceSelected ? { forceSelected: true } : {}), ...(row.EndDate ? { endDate: row.EndDate } : {}),
});

/**
 * Choosing a plan (core choosePlan): add-ons kept only if offered, quantity
 * reset, OneTime forced; an unavailable plan clears the selection. Add-ons the
 * user cannot select are included (selected through core's setAddOnSelected).
 * Registration: core's registrationTerm forces Monthly for a plan with no add-ons and no rate for the term.
 */
export function draftForPlan(prev: SubscriptionDraft, plan: Plan, upgradeFrom?: Rated | null): SubscriptionDraft {
  const sel = choosePlan({ planUid: prev.planUid, term: prev.term, quantity: prev.quantity, addOnUids: prev.addOns.map((a) => a.uid) }, plan, upgradeFrom);
  if (!sel.planUid) return { ...emptyDraft(sel.term) };
  const kept = prev.addOns.filter((a) => sel.addOnUids.includes(a.uid));
  const base: SubscriptionDraft = { planUid: sel.planUid, term: registrationTerm(plan, sel.term), quantity: sel.quantity, addOns: kept, coupon: prev.coupon };
  const required = allAddOnRows(base, plan).filter((r) => !r.isUserSelectable && !r.selected).map((r) => toDraftAddOn(setAddOnSelected(r, true)));
  return { ...base, addOns: [...kept, ...required] };
}

export function planQuantityBounds(plan: Plan, newRequiredQuantity?: number | null): QuantityBounds {
  return quantityBounds(plan, newRequiredQuantity);
}

/** Does the plan take a quantity (per unit or per user)? */
export const hasPlanQuantity = (plan: Plan): boolean => plan.IsQuantityEditable || plan.IsPerUser;

export function setDraftQuantity(draft: SubscriptionDraft, plan: Plan, value: string | number): SubscriptionDraft {
  return { ...draft, quantity: normalizeQuantityInput(value, quantityBounds(plan)) };
}

export function setDraftTerm(draft: SubscriptionDraft, term: BillingRenewalTerm): SubscriptionDraft {
  return { ...draft, term };
}

/** Check or uncheck an add-on through core's setAddOnSelected (a forced or non-selectable add-on stays checked). */
export function toggleDraftAddOn(draft: SubscriptionDraft, plan: Plan, uid: string, selected: boolean): SubscriptionDraft {
  const row = allAddOnRows(draft, plan).find((r) => r.AddOn.Uid === uid);
  if (!row) return draft;
  const next = setAddOnSelected(row, selected);
  const others = draft.addOns.filter((a) => a.uid !== uid);
  return { ...draft, addOns: next.selected ? insertInPlanOrder(plan, others, toDraftAddOn(next)) : others };
}

function insertInPlanOrder(plan: Plan, list: DraftAddOn[], item: DraftAddOn): DraftAddOn[] {
  const order = (uid: string) => plan.PlanAddOns.findIndex((pa) => pa.AddOn.Uid === uid);
  return [...list, item].sort((a, b) => order(a.uid) - order(b.uid));
}

/** Add-on quantity: core's bounds (at least its minimum and 1, at most MAX_QUANTITY), the ones the server checks. */
export { addOnQuantityBounds };

export function setDraftAddOnQuantity(draft: SubscriptionDraft, plan: Plan, uid: string, value: string | number): SubscriptionDraft {
  const pa = plan.PlanAddOns.find((p) => p.AddOn.Uid === uid);
  if (!pa) return draft;
  const quantity = normalizeQuantityInput(value, addOnQuantityBounds(pa.AddOn));
  return { ...draft, addOns: draft.addOns.map((a) => (a.uid === uid ? { ...a, quantity } : a)) };
}

/** The engine input (new subscription) for core's chargeSummaries. */
export function chargeInput(draft: SubscriptionDraft, plan: Plan, currency: string, now: Date): Omit<ChargeSummaryInput, 'asOf'> {
  const addOns = draft.addOns.flatMap((a) => {
    const pa = plan.PlanAddOns.find((p) => p.AddOn.Uid === a.uid);
    return pa ? [{ addOn: pa.AddOn, quantity: a.quantity }] : [];
  });
  return { now, currency, plan, term: draft.term, quantity: draft.quantity, addOns, coupon: draft.coupon ? { coupon: draft.coupon } : null };
}

/** Body of POST /billing/subscriptions/compute-charge-summary. */
export function chargeRequestBody(draft: SubscriptionDraft & { planUid: string }, account?: ChargeAccount | null): ComputeChargeSummaryBody {
  const body: ComputeChargeSummaryBody = {
    Plan: { Uid: draft.planUid },
    Quantity: draft.quantity,
    BillingRenewalTerm: draft.term,
    SubscriptionAddOns: draft.addOns.map((a) => ({ AddOn: { Uid: a.uid }, Quantity: a.quantity })),
    DiscountCouponSubscriptions: draft.coupon ? [{ DiscountCoupon: { UniqueIdentifier: draft.coupon.UniqueIdentifier } }] : [],
  };
  const addr = account?.BillingAddress;
  if (addr || account?.TaxStatus) {
    body.Account = {
      ...(addr ? { BillingAddress: { Country: addr.Country ?? null, State: addr.State ?? null, PostalCode: addr.PostalCode ?? null } } : {}),
      ...(account?.TaxStatus ? { TaxStatus: account.TaxStatus } : {}),
    };
  }
  return body;
}

/**
 * What a recompute depends on (spec 4): the subscription; the billing or
 * mailing address state, postal code or country; the tax id, tax id type or
 * tax status. Equal keys = no recompute.
 */
export function recomputeKey(draft: SubscriptionDraft, account?: ChargeAccount | null): string {
  const addr = (a: ChargeAccount['BillingAddress']) => (a ? [a.Country ?? null, a.State ?? null, a.PostalCode ?? null] : null);
  return JSON.stringify([
    draft.planUid, draft.term, draft.quantity, draft.addOns.map((a) => [a.uid, a.quantity]), draft.coupon?.UniqueIdentifier ?? null,
    addr(account?.BillingAddress), addr(account?.MailingAddress),
    account?.TaxId ?? null, account?.TaxIdType ?? null, account?.TaxStatus ?? null,
  ]);
}
