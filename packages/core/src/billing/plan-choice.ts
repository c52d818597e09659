import type { BillingRenewalTerm } from '../entities/billing-terms.ts';
import type { Plan } from '../entities/catalog.ts';
import { rawRate, type Rated } from './terms.ts';

const RATE_KEYS = ['MonthlyRate', 'QuarterlyRate', 'AnnualRate', 'OneTimeRate'] as const;

/**
 * Spec 4: "A plan is unavailable for the chosen term when it lacks that term's
 * rate but has other rates. It is also unavailable when it is cheaper than the
 * plan being upgraded from on any rate." (Rates compared only where both have one.)
 */
export function isPlanUnavailable(plan: Rated, term: BillingRenewalTerm, upgradeFrom?: Rated | null): boolean {
  if (rawRate(plan, term) === null && RATE_KEYS.some((k) => plan[k] !== null)) return true;
  if (upgradeFrom) {
    for (const k of RATE_KEYS) {
      const a = plan[k];
      const b = upgradeFrom[k];
      if (a !== null && b !== null && a < b) return true;
    }
  }
  return false;
}

/** The plan part of the widget's subscription being edited. */
export interface PlanSelection {
  planUid: string | null;
  term: BillingRenewalTerm;
  quantity: number;
  /** Uids of the selected add-ons. */
  addOnUids: readonly string[];
}

/**
 * Spec 4: "Selecting an unavailable plan clears the selection." Otherwise
 * "Choosing a plan keeps only the add-ons the plan offers, resets the quantity
 * to the minimum (or 0), and forces OneTime when the plan has a one-time rate."
 */
export function choosePlan(
  selection: PlanSelection,
  plan: Plan,
  upgradeFrom?: Rated | null,
): PlanSelection {
  if (isPlanUnavailable(plan, selection.term, upgradeFrom)) {
    return { planUid: null, term: selection.term, quantity: 0, addOnUids: [] };
  }
  const offered = new Set(plan.PlanAddOns.map((pa) => pa.AddOn.Uid));
  return {
    planUid: plan.Uid,
    term: plan.OneTimeRate !== null ? 'OneTime' : selection.term,
    quantity: plan.MinimumQuantity > 0 ? plan.MinimumQuantity : 0,
    addOnUids: selection.addOnUids.filter((uid) => offered.has(uid)),
  };
}

/** Spec 4: "Registration: if a plan has no add-ons and no rate for the chosen term, the term is forced to Monthly." */
export function registrationTerm(plan: Plan, term: BillingRenewalTerm): BillingRenewalTerm {
  return plan.PlanAddOns.length === 0 && rawRate(plan, term) === null ? 'Monthly' : term;
}

function compareRate(a: number | null, b: number | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a - b;
}

/**
 * Spec 4: "Plan lists are sorted by monthly, quarterly, annual and one-time
 * rate, then by name." Missing rates sort last; names compare by code unit (deterministic).
 */
export function sortPlans<T extends Rated & { Name: string }>(plans: readonly T[]): T[] {
  return [...plans].sort((x, y) => {
    for (const k of RATE_KEYS) {
      const c = compareRate(x[k], y[k]);
      if (c !== 0) return c;
    }
    return x.Name < y.Name ? -1 : x.Name > y.Name ? 1 : 0;
  });
}
