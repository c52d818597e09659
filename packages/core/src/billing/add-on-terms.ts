/** Which term an add-on is billed on (spec 4); kept apart from the other add-on rules so the plan list needs only this. */
import type { BillingRenewalTerm } from '../entities/billing-terms.ts';
import type { AddOn } from '../entities/catalog.ts';
import { hasRate } from './terms.ts';

/**
 * Spec 4: "A one-time add-on gives OneTime. Otherwise each non-empty rate adds
 * Monthly, Quarterly, Yearly or OneTime. If none applies, the result is Monthly.
 * Duplicates are removed."
 */
export function addOnRenewalTerms(addOn: AddOn): BillingRenewalTerm[] {
  if (addOn.BillingAddOnType === 'OneTime') return ['OneTime'];
  const terms: BillingRenewalTerm[] = [];
  for (const term of ['Monthly', 'Quarterly', 'Yearly', 'OneTime'] as const) {
    if (hasRate(addOn, term) && !terms.includes(term)) terms.push(term);
  }
  return terms.length > 0 ? terms : ['Monthly'];
}

/**
 * The term an add-on is billed on: OneTime for one-time add-ons; else the
 * requested term, else the subscription term when the add-on has a rate for
 * it, else its first offered term.
 */
export function resolveAddOnTerm(
  addOn: AddOn,
  subscriptionTerm: BillingRenewalTerm,
  requested?: BillingRenewalTerm | null,
): BillingRenewalTerm {
  if (addOn.BillingAddOnType === 'OneTime') return 'OneTime';
  if (requested) return requested;
  if (hasRate(addOn, subscriptionTerm)) return subscriptionTerm;
  return addOnRenewalTerms(addOn)[0] ?? 'Monthly';
}

