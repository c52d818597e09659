/**
 * Charge summaries for a CHANGE of an existing subscription.
 * Proration basis (fixed): whole UTC days, half-open. At a change on day D the
 * fraction left = (days from D to the period end, D counted, end day not) / (days in the period).
 * An upgrade (yearly-equivalent price not lower) takes effect on D: the changed old items are
 * credited for that fraction (PlanCredit / AddOnCredit) and the new items charged for it, each line
 * rounded half-up. A term change restarts the period on D (new items charged a full new period).
 * A downgrade (lower yearly-equivalent) is scheduled for the renewal date: nothing is due now.
 */
import type { BillingRenewalTerm } from '../entities/billing-terms.ts';
import { periodContaining, termMonths, toDay, type DayNumber, type Period } from './days.ts';
import { emptyInvoice, finalizeInvoice, invoiceContext, line, type InvoiceContext } from './invoice-builder.ts';
import { mulDivRound } from './rounding.ts';
import {
  billedAddOns, periodFrom, periodStartingOn, planAmount, subscriptionYearlyEquivalent, type BilledAddOn,
} from './subscription-items.ts';
import type { ChargeSummary, ChargeSummaryInput, ExistingSubscription, InvoiceDisplayItem } from './charge-summary.types.ts';

/** Spec 9: "An invoice date more than 60 days ahead counts as not due now." */
export const NOT_DUE_NOW_AFTER_DAYS = 60;

/** Fraction of [start, end) left at day D as a ratio of whole days; D is clamped into the period. */
export function unusedDays(period: { start: DayNumber; end: DayNumber }, day: DayNumber): number {
  const d = Math.min(Math.max(day, period.start), period.end);
  return period.end - d;
}

/** Amount x (days left / days in period), rounded half-up. */
export function prorate(amount: number, period: { start: DayNumber; end: DayNumber }, day: DayNumber): number {
  const total = period.end - period.start;
  return total <= 0 ? 0 : mulDivRound(amount, unusedDays(period, day), total);
}

export interface ChangeSummaries {
  now: ChargeSummary;
  renewal: ChargeSummary;
  /** True when the change takes effect at once (upgrade), false when scheduled for the renewal (downgrade). */
  immediate: boolean;
}

function addOnPeriod(anchor: DayNumber, term: BillingRenewalTerm, day: DayNumber, planPeriod: Period, planTerm: BillingRenewalTerm): Period {
  return term === planTerm ? planPeriod : periodContaining(anchor, term, day);
}

function sameItem(a: BilledAddOn, b: BilledAddOn): boolean {
  return a.term === b.term && a.amount === b.amount;
}

function immediateItems(input: ChargeSummaryInput, ex: ExistingSubscription, D: DayNumber, oldAddOns: BilledAddOn[], newAddOns: BilledAddOn[]): InvoiceDisplayItem[] {
  const items: InvoiceDisplayItem[] = [];
  const { plan, term } = input;
  const planPeriod: Period = { index: 0, start: toDay(ex.periodStart), end: toDay(ex.periodEnd) };
  const anchor = ex.anchorDate ? toDay(ex.anchorDate) : planPeriod.start;
  const termChanged = term !== ex.term;
  const oldPlanAmount = planAmount(ex.plan, ex.term, ex.quantity);
  const newPlanAmount = planAmount(plan, term, input.quantity);
  const oldByUid = new Map<string, BilledAddOn>();
  for (const a of oldAddOns) oldByUid.set(a.uid, a);
  const newUids = new Set<string>();
  for (const a of newAddOns) newUids.add(a.uid);

  if (termChanged || ex.plan.Uid !== plan.Uid || oldPlanAmount !== newPlanAmount) {
    if (ex.term !== 'OneTime') {
      items.push(line(7, ex.plan.Uid, `Unused time on ${ex.plan.Name}`, -prorate(oldPlanAmount, planPeriod, D), D, planPeriod.end));
    }
    if (term === 'OneTime') {
      items.push(line(1, plan.Uid, plan.Name, newPlanAmount, D, null));
    } else if (termChanged) {
      items.push(line(1, plan.Uid, plan.Name, newPlanAmount, D, periodFrom(D, term)));
    } else {
      items.push(line(1, plan.Uid, plan.Name, prorate(newPlanAmount, planPeriod, D), D, planPeriod.end));
    }
  }
  for (const old of oldAddOns) {
    if (old.term === 'OneTime') continue;
    const next = newAddOns.find((a) => a.uid === old.uid);
    if (!termChanged && next && sameItem(old, next)) continue;
    const p = addOnPeriod(anchor, old.term, D, planPeriod, ex.term);
    items.push(line(8, old.uid, `Unused time on ${old.name}`, -prorate(old.amount, p, D), D, p.end));
  }
  for (const a of newAddOns) {
    const old = oldByUid.get(a.uid);
    if (a.term === 'OneTime') {
      if (!old) items.push(line(3, a.uid, a.name, a.amount, D, null));
    } else if (termChanged) {
      items.push(line(3, a.uid, a.name, a.amount, D, periodFrom(D, a.term)));
    } else if (!old || !sameItem(old, a)) {
      const p = addOnPeriod(anchor, a.term, D, planPeriod, term);
      items.push(line(3, a.uid, a.name, prorate(a.amount, p, D), D, p.end));
    }
    if (!old && a.setupFee > 0) items.push(line(4, a.uid, `${a.name} setup fee`, a.setupFee, null, null));
  }
  return items;
}

/** Renewal invoice after the change: every recurring new item whose period starts on `r`. */
function renewalItems(input: ChargeSummaryInput, anchor: DayNumber, r: DayNumber, addOns: BilledAddOn[], extraOneTime: BilledAddOn[]): InvoiceDisplayItem[] {
  const items: InvoiceDisplayItem[] = [];
  const { plan, term } = input;
  if (term !== 'OneTime') {
    const p = periodStartingOn(anchor, term, r) ?? { start: r, end: periodFrom(r, term) };
    items.push(line(1, plan.Uid, plan.Name, planAmount(plan, term, input.quantity), p.start, p.end));
  }
  for (const a of addOns) {
    if (a.term === 'OneTime') continue;
    const p = periodStartingOn(anchor, a.term, r);
    if (p) items.push(line(3, a.uid, a.name, a.amount, p.start, p.end));
  }
  for (const a of extraOneTime) {
    items.push(line(3, a.uid, a.name, a.amount, r, null));
    if (a.setupFee > 0) items.push(line(4, a.uid, `${a.name} setup fee`, a.setupFee, null, null));
  }
  return items;
}

function nextRenewal(term: BillingRenewalTerm, anchor: DayNumber, day: DayNumber, addOns: BilledAddOn[], planEnd: DayNumber): DayNumber | null {
  if (term !== 'OneTime') return planEnd;
  let best: DayNumber | null = null;
  for (const a of addOns) {
    if (termMonths(a.term) === 0) continue;
    const end = periodContaining(anchor, a.term, day).end;
    if (best === null || end < best) best = end;
  }
  return best;
}

function computeChange(input: ChargeSummaryInput, ex: ExistingSubscription, ctx: InvoiceContext): ChangeSummaries {
  const today = toDay(input.now);
  const D = input.startDate ? toDay(input.startDate) : today;
  const oldAddOns = billedAddOns(ex.addOns, ex.term);
  const newAddOns = billedAddOns(input.addOns, input.term);
  const periodEnd = toDay(ex.periodEnd);
  const anchor = ex.anchorDate ? toDay(ex.anchorDate) : toDay(ex.periodStart);
  const immediate = subscriptionYearlyEquivalent(input.plan, input.term, input.quantity, newAddOns)
    >= subscriptionYearlyEquivalent(ex.plan, ex.term, ex.quantity, oldAddOns);
  const newCoupon = !input.coupon?.appliedAt;

  if (!immediate) {
    const oldUids = new Set(oldAddOns.map((a) => a.uid));
    const extra = newAddOns.filter((a) => a.term === 'OneTime' && !oldUids.has(a.uid));
    const items = renewalItems(input, periodEnd, periodEnd, newAddOns, extra);
    return {
      now: emptyInvoice(D, ctx.behavior),
      renewal: finalizeInvoice(ctx, periodEnd, items, newCoupon, 0).summary,
      immediate,
    };
  }
  const nowInvoice = finalizeInvoice(ctx, D, immediateItems(input, ex, D, oldAddOns, newAddOns), newCoupon, 0);
  const termChanged = input.term !== ex.term;
  const newAnchor = termChanged ? D : anchor;
  const planEnd = termChanged && input.term !== 'OneTime' ? periodFrom(D, input.term) : periodEnd;
  const r = nextRenewal(input.term, newAnchor, D, newAddOns, planEnd);
  const renewal = r === null
    ? emptyInvoice(D, ctx.behavior)
    : finalizeInvoice(ctx, r, renewalItems(input, newAnchor, r, newAddOns, []), false, nowInvoice.creditOut).summary;
  return { now: nowInvoice.summary, renewal, immediate };
}

/**
 * Both summaries of a change, with the 60-day rule applied (spec 4): "For an
 * existing subscription, if the invoice date is more than 60 days ahead, the
 * due-now invoice is treated as empty (total 0). The computed one then becomes the renewal invoice."
 */
export function changeSummaries(input: ChargeSummaryInput): ChangeSummaries {
  const ex = input.existing;
  if (!ex) throw new TypeError('changeSummaries needs input.existing');
  const ctx = invoiceContext(input.plan, input.now, input.coupon, input.tax);
  const computed = computeChange(input, ex, ctx);
  const ahead = toDay(computed.now.InvoiceDate) - toDay(input.now);
  if (ahead > NOT_DUE_NOW_AFTER_DAYS && computed.immediate) {
    return { now: emptyInvoice(toDay(computed.now.InvoiceDate), ctx.behavior), renewal: computed.now, immediate: true };
  }
  return computed;
}
