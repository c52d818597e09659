/** Shared helpers: what one plan or add-on costs per period, and whether it recurs. */
import type { BillingRenewalTerm } from '../entities/billing-terms.ts';
import type { Plan } from '../entities/catalog.ts';
import { resolveAddOnTerm } from './add-on-rules.ts';
import { addMonths, periodContaining, termMonths, type DayNumber, type Period } from './days.ts';
import { rateFor, yearlyEquivalent } from './terms.ts';
import type { AddOnSelection } from './charge-summary.types.ts';

/** Per-unit and per-user plans multiply by quantity; flat plans count once. */
export function planMultiplier(plan: Plan, quantity: number): number {
  return plan.IsQuantityEditable || plan.IsPerUser ? quantity : 1;
}

/** The plan's price for one period of the term (rate x multiplier), minor units. */
export function planAmount(plan: Plan, term: BillingRenewalTerm, quantity: number): number {
  return (rateFor(plan, term) ?? 0) * planMultiplier(plan, quantity);
}

/** An add-on selection resolved for billing; null when it is not charged (usage, or quantity 0). */
export interface BilledAddOn {
  uid: string;
  name: string;
  term: BillingRenewalTerm;
  /** Price per period (or once), minor units. */
  amount: number;
  setupFee: number;
  billedDuringTrial: boolean;
}

export function billedAddOn(sel: AddOnSelection, subscriptionTerm: BillingRenewalTerm): BilledAddOn | null {
  const a = sel.addOn;
  if (a.BillingAddOnType === 'Usage') return null;
  if (a.IsQuantityEditable && sel.quantity <= 0) return null;
  const term = resolveAddOnTerm(a, subscriptionTerm, sel.term);
  const mult = a.IsQuantityEditable ? sel.quantity : 1;
  return {
    uid: a.Uid,
    name: a.Name,
    term,
    amount: (rateFor(a, term) ?? 0) * mult,
    setupFee: a.SetupFee ?? 0,
    billedDuringTrial: a.IsBilledDuringTrial,
  };
}

export function billedAddOns(sels: readonly AddOnSelection[], subscriptionTerm: BillingRenewalTerm): BilledAddOn[] {
  const out: BilledAddOn[] = [];
  for (const s of sels) {
    const b = billedAddOn(s, subscriptionTerm);
    if (b) out.push(b);
  }
  return out;
}

/** Yearly-equivalent price of the recurring part of a subscription (one-time parts count 0). */
export function subscriptionYearlyEquivalent(plan: Plan, term: BillingRenewalTerm, quantity: number, addOns: readonly BilledAddOn[]): number {
  let sum = yearlyEquivalent(planAmount(plan, term, quantity), term);
  for (const a of addOns) sum += yearlyEquivalent(a.amount, a.term);
  return sum;
}

/** The anchored period that starts exactly on `day`, or null if `day` is not a boundary. */
export function periodStartingOn(anchor: DayNumber, term: BillingRenewalTerm, day: DayNumber): Period | null {
  if (termMonths(term) === 0) return null;
  const p = periodContaining(anchor, term, day);
  return p.start === day ? p : null;
}

/** One full period of a term starting on `day`. */
export function periodFrom(day: DayNumber, term: BillingRenewalTerm): DayNumber {
  return addMonths(day, termMonths(term));
}
