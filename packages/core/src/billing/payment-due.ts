/**
 * Whether a sign-up involves money (issue 15). Two questions, one place, asked by the widget and
 * by the server's registration with the same arguments:
 *
 * - isPaymentDue: does the subscription cost anything, now or later? A field configured
 *   RequiredWhenPaymentDue (the demo company's billing address) is required then, and not asked
 *   at all otherwise; a sign-up where nothing is due goes from register straight to the
 *   confirmation. Read from the catalogue (prices, setup fees, add-ons), never from a computed
 *   invoice: the answer is known before any call, so a form never grows or shrinks while it loads.
 *   A coupon does not change it (a 100 % code today is still a plan that bills later).
 * - isPaymentInformationRequired: must a payment method be given at this sign-up (spec 1
 *   section 4: the total due now is above 0, or the plan or the site requires payment information)?
 */
import type { BillingRenewalTerm } from '../entities/billing-terms.ts';
import type { Plan } from '../entities/catalog.ts';
import { resolveAddOnTerm } from './add-on-terms.ts';
import type { AddOnSelection } from './charge-summary.types.ts';
import { rateFor } from './terms.ts';

/** The subscription a sign-up buys, as the widget's draft and the server's resolved request both give it. */
export interface SignupPurchase {
  plan: Plan;
  term: BillingRenewalTerm;
  addOns: readonly AddOnSelection[];
}

const positive = (n: number | null | undefined) => n !== null && n !== undefined && n > 0;

/** Does anything in the purchase carry a price (its term's rate, a setup fee, a usage price)? */
function costsSomething(p: SignupPurchase): boolean {
  if (positive(rateFor(p.plan, p.term)) || positive(p.plan.SetupFee)) return true;
  return p.addOns.some((sel) => positive(rateFor(sel.addOn, resolveAddOnTerm(sel.addOn, p.term, sel.term))) || positive(sel.addOn.SetupFee));
}

/**
 * Payment is due when a plan is bought and it, or one of its add-ons, costs something now or
 * later, or the plan or the site asks for payment information. No plan: nothing is bought.
 */
export function isPaymentDue(purchase: SignupPurchase | null, siteRequiresPaymentInformation = false): boolean {
  if (!purchase) return false;
  return siteRequiresPaymentInformation || purchase.plan.RequirePaymentInformation || costsSomething(purchase);
}

/** Spec 1 section 4: a payment method is asked when something is due now, or the plan or the site requires one. */
export function isPaymentInformationRequired(dueNow: number, plan: Pick<Plan, 'RequirePaymentInformation'> | null, siteRequiresPaymentInformation = false): boolean {
  if (!plan) return false;
  return dueNow > 0 || siteRequiresPaymentInformation || plan.RequirePaymentInformation;
}
