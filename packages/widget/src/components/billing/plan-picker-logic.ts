import type { BillingRenewalTerm, Plan } from '@portico/core';
import { isPlanUnavailable, sortPlans } from '@portico/core/billing/plan-choice';
import { rawRate } from '@portico/core/billing/terms';
import type { Rated } from '@portico/core/billing/index';

export type Unavailability = 'term' | 'lower' | null;

export interface PlanOption {
  plan: Plan;
  unavailable: Unavailability;
  /** The price to show: the chosen term's rate, else the one-time rate; null when neither. */
  price: { term: BillingRenewalTerm; rate: number } | null;
}

/** Why core's isPlanUnavailable says no: the term's rate is missing, or the plan is below the one upgraded from. */
export function unavailability(plan: Plan, term: BillingRenewalTerm, upgradeFrom?: Rated | null): Unavailability {
  if (isPlanUnavailable(plan, term, null)) return 'term';
  if (upgradeFrom && isPlanUnavailable(plan, term, upgradeFrom)) return 'lower';
  return null;
}

export function displayedPrice(plan: Rated, term: BillingRenewalTerm): PlanOption['price'] {
  const rate = rawRate(plan, term);
  if (rate !== null) return { term, rate };
  if (plan.OneTimeRate !== null) return { term: 'OneTime', rate: plan.OneTimeRate };
  return null;
}

/** The plans in core's sort order, each with its availability for the term and its price. */
export function planOptions(plans: readonly Plan[], term: BillingRenewalTerm, upgradeFrom?: Rated | null): PlanOption[] {
  return sortPlans(plans).map((plan) => ({ plan, unavailable: unavailability(plan, term, upgradeFrom), price: displayedPrice(plan, term) }));
}
