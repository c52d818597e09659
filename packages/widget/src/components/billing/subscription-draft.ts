/**
 * The subscription being edited at checkout, and its edits. Every rule is
 * core's (changeDraftPlan, setAddOnSelected, visibleAddOns,
 * quantityBounds, normalizeQuantityInput, needsRenewalSummary); this file only
 * keeps the draft in a shape the screen can hold in state.
 */
import type { BillingRenewalTerm, Plan } from '@portico/core';
import {
  addOnQuantityBounds, changeDraftPlan, emptySubscriptionDraft, normalizeQuantityInput, quantityBounds, setAddOnSelected, visibleAddOns,
} from '@portico/core/billing/index';
import type { ChargeSummaryInput, DraftAddOn, QuantityBounds, Rated, SelectableAddOn, SubscriptionDraft, TaxStatus } from '@portico/core/billing/index';
import type { Operation, RequestBody } from '../../api/api-types.ts';

/** The body of POST /billing/subscriptions/compute-charge-summary, from the generated API types. */
export type ComputeChargeSummaryBody = RequestBody<Operation<'post', '/api/v1/billing/subscriptions/compute-charge-summary'>>;

/** The draft's shape and the plan-change rule live in core (billing/draft-plan-change.ts). */
export type { DraftAddOn, DraftCoupon, SubscriptionDraft } from '@portico/core/billing/index';

/** The parts of the account that change a charge summary (spec 4 "Charge summary"). */
export interface ChargeAccount {
  BillingAddress?: { Country?: string | null; State?: string | null; PostalCode?: string | null } | null;
  MailingAddress?: { Country?: string | null; State?: string | null; PostalCode?: string | null } | null;
  TaxId?: string | null;
  TaxIdType?: string | null;
  TaxStatus?: TaxStatus | null;
}

export const emptyDraft = (term: BillingRenewalTerm = 'Monthly'): SubscriptionDraft => emptySubscriptionDraft(term);

/** Choosing a plan: core's changeDraftPlan (keeps the code and the offered add-ons), without the report of what was dropped. */
export const draftForPlan = (prev: SubscriptionDraft, plan: Plan, upgradeFrom?: Rated | null): SubscriptionDraft => changeDraftPlan(prev, plan, upgradeFrom).draft;

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
  return { now, currency, plan, term: draft.term, quantity: draft.quantity, addOns, coupon: null };
}

/** Body of POST /billing/subscriptions/compute-charge-summary. */
export function chargeRequestBody(draft: SubscriptionDraft & { planUid: string }, account?: ChargeAccount | null): ComputeChargeSummaryBody {
  const body: ComputeChargeSummaryBody = {
    Plan: { Uid: draft.planUid },
    Quantity: draft.quantity,
    BillingRenewalTerm: draft.term,
    SubscriptionAddOns: draft.addOns.map((a) => ({ AddOn: { Uid: a.uid }, Quantity: a.quantity })),
    DiscountCouponSubscriptions: draft.coupon ? [{ DiscountCoupon: { UniqueIdentifier: draft.coupon.code } }] : [],
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
    draft.planUid, draft.term, draft.quantity, draft.addOns.map((a) => [a.uid, a.quantity]), draft.coupon?.code ?? null,
    addr(account?.BillingAddress), addr(account?.MailingAddress),
    account?.TaxId ?? null, account?.TaxIdType ?? null, account?.TaxStatus ?? null,
  ]);
}
