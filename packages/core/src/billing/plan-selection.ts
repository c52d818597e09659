import type { Plan, PlanFamily } from '../entities/catalog.ts';

export interface PlanFamilyChoiceInput {
  families: readonly PlanFamily[];
  plans: readonly Plan[];
  currentPlanUid?: string | null;
  latestPlanUid?: string | null;
}

function familyOfPlan(input: PlanFamilyChoiceInput, planUid: string | null | undefined): string | null {
  if (!planUid) return null;
  const plan = input.plans.find((p) => p.Uid === planUid);
  if (!plan) return null;
  return input.families.some((f) => f.Uid === plan.PlanFamilyUid) ? plan.PlanFamilyUid : null;
}

/**
 * Spec 4: "The plan family chosen is, in order: the family of the current plan,
 * else of the latest plan, else the default family, else any family with an active plan."
 * Returns the family uid, or null when none qualifies.
 */
export function choosePlanFamily(input: PlanFamilyChoiceInput): string | null {
  const current = familyOfPlan(input, input.currentPlanUid);
  if (current) return current;
  const latest = familyOfPlan(input, input.latestPlanUid);
  if (latest) return latest;
  const def = input.families.find((f) => f.IsDefault);
  if (def) return def.Uid;
  const withActive = input.families.find((f) => input.plans.some((p) => p.PlanFamilyUid === f.Uid && p.IsActive));
  return withActive ? withActive.Uid : null;
}

/**
 * Spec 4: "With a plan uid preset, the quantity is raised to the plan minimum
 * for quantity-editable or per-user plans."
 */
export function presetPlanQuantity(plan: Plan, quantity: number): number {
  if (plan.IsQuantityEditable || plan.IsPerUser) return Math.max(quantity, plan.MinimumQuantity);
  return quantity;
}
