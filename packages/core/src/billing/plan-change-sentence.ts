/**
 * The one plain sentence a plan change shows before its button (issue 16 §1): what is charged today
 * and what follows, worded by the widget (`planChange.sentence.<key>`), numbers from here. Computed from
 * the two charge summaries the server priced for the change (changesubscriptionpreview asOf=now and
 * asOf=renewal) and whether the change applies now (an upgrade, core's rule in change-summary.ts) or
 * at the renewal (a downgrade). Amounts in minor units, dates as ISO days.
 *
 * - payToday: "You pay $41.20 today for the 16 days left of this month, then $79.00 monthly from 1 Dec."
 * - payTodayNewTerm: a change of term starts a new period today: "You pay $790.00 today for your first year, then $790.00 yearly from 15 Mar 2027."
 * - credit: unused time worth more than today's items: "Nothing is charged today. $12.40 of unused time is kept as account credit
 *   and taken off your next invoice on 1 Dec; then $29.00 monthly." (never a credit the customer cannot see)
 * - nothingToday: an immediate change with nothing due (a trial): "Nothing is charged today. Your plan changes to Pro now; from 1 Dec you pay $79.00 monthly."
 * - scheduled: a downgrade: "Nothing is charged today. Your plan changes to Starter on 1 Dec; until then you keep Pro."
 */
import type { BillingRenewalTerm } from '../entities/billing-terms.ts';
import type { Plan } from '../entities/catalog.ts';
import type { AddOnSelection, ChargeSummary } from './charge-summary.types.ts';
import { toDay } from './days.ts';
import { billedAddOns, subscriptionYearlyEquivalent } from './subscription-items.ts';

export interface PlanChangeSide {
  plan: Plan;
  term: BillingRenewalTerm;
  quantity: number;
  addOns: readonly AddOnSelection[];
}

/** Whether a change applies today (an upgrade: the yearly equivalent does not go down) or at the renewal (change-summary.ts's rule). */
export function changeAppliesNow(current: PlanChangeSide, wanted: PlanChangeSide): boolean {
  return subscriptionYearlyEquivalent(wanted.plan, wanted.term, wanted.quantity, billedAddOns(wanted.addOns, wanted.term))
    >= subscriptionYearlyEquivalent(current.plan, current.term, current.quantity, billedAddOns(current.addOns, current.term));
}

/** What follows today: the next invoice's total, per the new term, from its day (null when nothing renews or it is free). */
export interface ThenPart {
  amount: number;
  per: BillingRenewalTerm;
  from: string;
}

export type PlanChangeSentence =
  | { key: 'payToday'; amount: number; days: number; period: BillingRenewalTerm; then: ThenPart | null }
  | { key: 'payTodayNewTerm'; amount: number; period: BillingRenewalTerm; then: ThenPart | null }
  | { key: 'credit'; credit: number; on: string; then: ThenPart | null }
  | { key: 'nothingToday'; plan: string; then: ThenPart | null }
  | { key: 'scheduled'; plan: string; current: string; on: string };

export interface PlanChangeSentenceInput {
  now: ChargeSummary;
  renewal: ChargeSummary | null;
  appliesNow: boolean;
  currentPlan: string;
  currentTerm: BillingRenewalTerm;
  newPlan: string;
  newTerm: BillingRenewalTerm;
  /** The current period's end (the renewal day of the subscription being changed), ISO day: when a downgrade starts. */
  periodEnd: string;
  /** The clock. */
  today: Date;
}

function thenOf(renewal: ChargeSummary | null, per: BillingRenewalTerm): ThenPart | null {
  if (!renewal || per === 'OneTime' || renewal.InvoiceDisplayItems.length === 0 || renewal.Total <= 0) return null;
  return { amount: renewal.Total, per, from: renewal.InvoiceDate };
}

/** The credit an immediate change leaves: the invoice's 'unused time moved to account credit' line (type 6, positive). */
export function changeCredit(now: ChargeSummary): number {
  return now.InvoiceDisplayItems.filter((l) => l.LineItemType === 6 && l.Amount > 0).reduce((n, l) => n + l.Amount, 0);
}

export function planChangeSentence(input: PlanChangeSentenceInput): PlanChangeSentence {
  const { now, renewal } = input;
  if (!input.appliesNow) return { key: 'scheduled', plan: input.newPlan, current: input.currentPlan, on: input.periodEnd };
  const then = thenOf(renewal, input.newTerm);
  const credit = changeCredit(now);
  if (now.Total <= 0) {
    if (credit > 0) return { key: 'credit', credit, on: renewal?.InvoiceDate ?? input.periodEnd, then };
    return { key: 'nothingToday', plan: input.newPlan, then };
  }
  if (input.newTerm !== input.currentTerm) return { key: 'payTodayNewTerm', amount: now.Total, period: input.newTerm, then };
  // The prorated plan line runs from today to the period's end: its days are "the days left".
  const prorated = now.InvoiceDisplayItems.find((l) => l.LineItemType === 1 && l.EndDate);
  const end = prorated?.EndDate ?? input.periodEnd;
  const days = Math.max(0, toDay(end) - toDay(input.today));
  return { key: 'payToday', amount: now.Total, days, period: input.currentTerm, then };
}
