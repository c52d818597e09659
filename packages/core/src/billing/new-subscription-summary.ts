/**
 * Charge summaries for a NEW subscription: the first ('now') invoice and the
 * first renewal invoice. Rules: setup fees on the first invoice only; no plan
 * charge during a trial; add-ons are billed during a trial only when
 * IsBilledDuringTrial (pro rata for the trial days); usage add-ons are never
 * charged up front; after a trial everything is billed from the trial end.
 */
import type { Plan } from '../entities/catalog.ts';
import { addMonths, termMonths, toDay, type DayNumber } from './days.ts';
import { emptyInvoice, finalizeInvoice, invoiceContext, line } from './invoice-builder.ts';
import { mulDivRound } from './rounding.ts';
import { billedAddOns, periodFrom, periodStartingOn, planAmount, type BilledAddOn } from './subscription-items.ts';
import type { ChargeSummary, ChargeSummaryInput, InvoiceDisplayItem } from './charge-summary.types.ts';

/**
 * The first day after the trial, or null without a trial. TrialUntilDate wins
 * when it is after the start; else TrialPeriodDays > 0 counts from the start.
 */
export function trialEndDay(plan: Plan, start: DayNumber): DayNumber | null {
  if (plan.TrialUntilDate) {
    const until = toDay(plan.TrialUntilDate);
    if (until > start) return until;
  }
  if (plan.TrialPeriodDays !== null && plan.TrialPeriodDays > 0) return start + plan.TrialPeriodDays;
  return null;
}

export function startDay(input: Pick<ChargeSummaryInput, 'now' | 'startDate'>): DayNumber {
  return input.startDate ? toDay(input.startDate) : toDay(input.now);
}

function addSetupFees(items: InvoiceDisplayItem[], plan: Plan, addOns: readonly BilledAddOn[]): void {
  if (plan.SetupFee !== null && plan.SetupFee > 0) items.push(line(2, plan.Uid, `${plan.Name} setup fee`, plan.SetupFee, null, null));
  for (const a of addOns) if (a.setupFee > 0) items.push(line(4, a.uid, `${a.name} setup fee`, a.setupFee, null, null));
}

function firstInvoice(input: ChargeSummaryInput, start: DayNumber, trialEnd: DayNumber | null, addOns: readonly BilledAddOn[]): ChargeSummary {
  const { plan, term } = input;
  const items: InvoiceDisplayItem[] = [];
  if (trialEnd !== null) items.push(line(1, plan.Uid, `${plan.Name} (trial)`, 0, start, trialEnd));
  else if (term === 'OneTime') items.push(line(1, plan.Uid, plan.Name, planAmount(plan, term, input.quantity), start, null));
  else items.push(line(1, plan.Uid, plan.Name, planAmount(plan, term, input.quantity), start, periodFrom(start, term)));
  for (const a of addOns) {
    if (a.term === 'OneTime') {
      if (trialEnd === null || a.billedDuringTrial) items.push(line(3, a.uid, a.name, a.amount, start, null));
    } else if (trialEnd === null) {
      items.push(line(3, a.uid, a.name, a.amount, start, periodFrom(start, a.term)));
    } else if (a.billedDuringTrial) {
      const fullEnd = periodFrom(start, a.term);
      items.push(line(3, a.uid, a.name, mulDivRound(a.amount, trialEnd - start, fullEnd - start), start, trialEnd));
    }
  }
  addSetupFees(items, plan, addOns);
  return finalizeInvoice(invoiceContext(plan, input.now, input.coupon, input.tax), start, items, true, 0).summary;
}

/** The day of the first renewal invoice, or null when nothing recurs and there is no trial. */
export function firstRenewalDay(input: ChargeSummaryInput, start: DayNumber, trialEnd: DayNumber | null, addOns: readonly BilledAddOn[]): DayNumber | null {
  if (trialEnd !== null) return trialEnd;
  let best: DayNumber | null = input.term === 'OneTime' ? null : periodFrom(start, input.term);
  for (const a of addOns) {
    if (a.term === 'OneTime') continue;
    const d = addMonths(start, termMonths(a.term));
    if (best === null || d < best) best = d;
  }
  return best;
}

function renewalInvoice(input: ChargeSummaryInput, start: DayNumber, trialEnd: DayNumber | null, addOns: readonly BilledAddOn[]): ChargeSummary {
  const { plan, term } = input;
  const ctx = invoiceContext(plan, input.now, input.coupon, input.tax);
  const r = firstRenewalDay(input, start, trialEnd, addOns);
  if (r === null) return emptyInvoice(start, ctx.behavior);
  const items: InvoiceDisplayItem[] = [];
  const anchor = trialEnd ?? start;
  if (trialEnd !== null && term === 'OneTime') {
    items.push(line(1, plan.Uid, plan.Name, planAmount(plan, term, input.quantity), r, null));
  } else if (term !== 'OneTime') {
    const p = periodStartingOn(anchor, term, r);
    if (p) items.push(line(1, plan.Uid, plan.Name, planAmount(plan, term, input.quantity), p.start, p.end));
  }
  for (const a of addOns) {
    if (a.term === 'OneTime') {
      if (trialEnd !== null && !a.billedDuringTrial) items.push(line(3, a.uid, a.name, a.amount, r, null));
      continue;
    }
    const p = periodStartingOn(anchor, a.term, r);
    if (p) items.push(line(3, a.uid, a.name, a.amount, p.start, p.end));
  }
  return finalizeInvoice(ctx, r, items, false, 0).summary;
}

/** Spec 4 Charge summary for a new subscription, as of 'now' or the first 'renewal'. */
export function newSubscriptionSummary(input: ChargeSummaryInput): ChargeSummary {
  const start = startDay(input);
  const trialEnd = trialEndDay(input.plan, start);
  const addOns = billedAddOns(input.addOns, input.term);
  return input.asOf === 'now'
    ? firstInvoice(input, start, trialEnd, addOns)
    : renewalInvoice(input, start, trialEnd, addOns);
}

/**
 * Spec 4: "A second 'renewal' summary is also computed for a new subscription if
 * any of these holds: the term is not OneTime; there is a trial (days, or an
 * until-date in the future); any add-on is recurring."
 */
export function needsRenewalSummary(input: Pick<ChargeSummaryInput, 'now' | 'startDate' | 'plan' | 'term' | 'addOns'>): boolean {
  if (input.term !== 'OneTime') return true;
  if (trialEndDay(input.plan, startDay(input)) !== null) return true;
  return billedAddOns(input.addOns, input.term).some((a) => a.term !== 'OneTime');
}
