import type { BillingRenewalTerm } from '../entities/billing-terms.ts';
import type { Plan } from '../entities/catalog.ts';

/** Spec 4: "The default term preference order is Monthly, Quarterly, Yearly." */
export const DEFAULT_TERM_PREFERENCE: readonly BillingRenewalTerm[] = ['Monthly', 'Quarterly', 'Yearly'];

/** The four rates a plan or an add-on can carry (minor units, null = no rate). */
export type Rated = Pick<Plan, 'MonthlyRate' | 'QuarterlyRate' | 'AnnualRate' | 'OneTimeRate'>;

/**
 * Spec 4: configuration term text: oneTime -> OneTime, quarterly -> Quarterly,
 * annual or yearly -> Yearly, anything else -> Monthly (case-insensitive).
 */
export function termFromConfiguration(text: string | null | undefined): BillingRenewalTerm {
  const t = (text ?? '').trim().toLowerCase();
  if (t === 'onetime') return 'OneTime';
  if (t === 'quarterly') return 'Quarterly';
  if (t === 'annual' || t === 'yearly') return 'Yearly';
  return 'Monthly';
}

/** Spec 4: plan payment-term text starting with month, quarter, annual or year; default Monthly. */
export function termFromPlanPaymentTerm(text: string | null | undefined): BillingRenewalTerm {
  const t = (text ?? '').trim().toLowerCase();
  if (t.startsWith('quarter')) return 'Quarterly';
  if (t.startsWith('annual') || t.startsWith('year')) return 'Yearly';
  return 'Monthly';
}

/** The raw rate for a term (no fallback). */
export function rawRate(item: Rated, term: BillingRenewalTerm): number | null {
  switch (term) {
    case 'Monthly': return item.MonthlyRate;
    case 'Quarterly': return item.QuarterlyRate;
    case 'Yearly': return item.AnnualRate;
    default: return item.OneTimeRate;
  }
}

/** Spec 4: "The rate fallback for a one-time add-on or plan is the monthly rate." */
export function oneTimeRateWithFallback(item: Rated): number | null {
  return item.OneTimeRate ?? item.MonthlyRate;
}

/** The rate charged for a term: the raw rate, with the monthly fallback for OneTime. */
export function rateFor(item: Rated, term: BillingRenewalTerm): number | null {
  return term === 'OneTime' ? oneTimeRateWithFallback(item) : rawRate(item, term);
}

export function hasRate(item: Rated, term: BillingRenewalTerm): boolean {
  return rawRate(item, term) !== null;
}

/** First of Monthly, Quarterly, Yearly the plan has a rate for; then OneTime; else Monthly. */
export function defaultTermForPlan(plan: Rated): BillingRenewalTerm {
  for (const term of DEFAULT_TERM_PREFERENCE) if (hasRate(plan, term)) return term;
  return plan.OneTimeRate !== null ? 'OneTime' : 'Monthly';
}

/**
 * Yearly-equivalent price used to tell an upgrade from a downgrade:
 * monthly x 12, quarterly x 4, annual x 1. One-time amounts count as 0 (they do not recur).
 */
export function yearlyEquivalent(amountPerPeriod: number, term: BillingRenewalTerm): number {
  switch (term) {
    case 'Monthly': return amountPerPeriod * 12;
    case 'Quarterly': return amountPerPeriod * 4;
    case 'Yearly': return amountPerPeriod;
    default: return 0;
  }
}

