import type { BillingRenewalTerm, Plan } from '@portico/core';
// Deep imports: the first screen takes these few plan rules, not the billing barrel's shared chunk.
import { DEFAULT_TERM_PREFERENCE, hasRate } from '@portico/core/billing/terms';
import { sortPlans } from '@portico/core/billing/plan-choice';
import { choosePlanFamily } from '@portico/core/billing/plan-selection';
import type { Catalog } from '../../components/billing/catalog.ts';

/**
 * What selectPlan lists (spec 1 section 4), composed from core's rules:
 * choosePlanFamily (current plan's family, else latest's, else the default,
 * else any with an active plan) over the active families, and sortPlans.
 */
export function chooseFamilyUid(catalog: Catalog, currentPlanUid?: string | null, latestPlanUid?: string | null): string | null {
  return choosePlanFamily({
    families: catalog.families.filter((f) => f.IsActive),
    plans: catalog.plans,
    currentPlanUid: currentPlanUid ?? null,
    latestPlanUid: latestPlanUid ?? null,
  });
}

/** The active plans of a family, in core's order (rates, then name). */
export function sortedActivePlans(catalog: Catalog, familyUid: string | null): Plan[] {
  if (!familyUid) return [];
  return sortPlans(catalog.plans.filter((p) => p.PlanFamilyUid === familyUid && p.IsActive));
}

/** Recurring terms any listed plan has a rate for, in core's preference order (Monthly, Quarterly, Yearly). */
export function offeredTerms(plans: readonly Plan[]): BillingRenewalTerm[] {
  return DEFAULT_TERM_PREFERENCE.filter((term) => plans.some((p) => hasRate(p, term)));
}
