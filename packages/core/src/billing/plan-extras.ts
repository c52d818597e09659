/**
 * What a plan card states besides its price (issue 15: "plan cards state setup fees, minimum
 * quantities and usage add-ons in the words the order summary already uses"): everything the
 * checkout would add to the plan's rate for a term, read from the catalogue. Amounts in minor units.
 */
import type { BillingRenewalTerm } from '../entities/billing-terms.ts';
import type { Plan } from '../entities/catalog.ts';
import { resolveAddOnTerm } from './add-on-terms.ts';
import type { AddOnSelection } from './charge-summary.types.ts';
import { rateFor } from './terms.ts';
import { usageItems, type UsageItem } from './usage-items.ts';

export interface PlanExtras {
  /** The plan's one-time setup fee, charged with the first invoice; null when none. */
  setupFee: number | null;
  /** A per-unit plan sold from more than one unit: the smallest quantity and what it costs per term. */
  minimum: { quantity: number; amount: number; per: BillingRenewalTerm } | null;
  /** Add-ons every subscription of the plan includes (not user-selectable) that carry a price. */
  included: { uid: string; name: string; amount: number; per: BillingRenewalTerm; setupFee: number | null }[];
  /** Included usage add-ons: billed afterwards, per unit of use (the order summary's UsageItem). */
  usage: UsageItem[];
}

/** The add-ons the plan includes, as a subscription to it starts with them (core's changeDraftPlan adds the same). */
function includedAddOns(plan: Plan): AddOnSelection[] {
  return plan.PlanAddOns.filter((pa) => !pa.IsUserSelectable)
    .map((pa) => ({ addOn: pa.AddOn, quantity: pa.AddOn.IsQuantityEditable ? Math.max(1, pa.AddOn.MinimumQuantity) : 1 }));
}

export function planExtras(plan: Plan, term: BillingRenewalTerm): PlanExtras {
  const rate = rateFor(plan, term);
  const perUnit = plan.IsPerUser || plan.IsQuantityEditable;
  const addOns = includedAddOns(plan);
  const included = addOns.flatMap((sel) => {
    if (sel.addOn.BillingAddOnType === 'Usage') return [];
    const per = resolveAddOnTerm(sel.addOn, term);
    const amount = (rateFor(sel.addOn, per) ?? 0) * sel.quantity;
    const setupFee = sel.addOn.SetupFee && sel.addOn.SetupFee > 0 ? sel.addOn.SetupFee : null;
    return amount > 0 || setupFee ? [{ uid: sel.addOn.Uid, name: sel.addOn.Name, amount, per, setupFee }] : [];
  });
  return {
    setupFee: plan.SetupFee && plan.SetupFee > 0 ? plan.SetupFee : null,
    minimum: perUnit && plan.MinimumQuantity > 1 && rate !== null && rate > 0
      ? { quantity: plan.MinimumQuantity, amount: rate * plan.MinimumQuantity, per: term }
      : null,
    included,
    usage: usageItems({ plan, term, addOns }),
  };
}
