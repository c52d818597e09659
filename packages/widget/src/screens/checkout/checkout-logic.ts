import { defaultTermForPlan } from '@portico/core/billing/index';
import type { Catalog } from '../../components/billing/catalog.ts';
import { findPlan } from '../../components/billing/catalog.ts';
import { draftForPlan, emptyDraft } from '../../components/billing/subscription-draft.ts';
import type { SubscriptionDraft } from '../../components/billing/subscription-draft.ts';
import { planTerms } from '../../components/billing/term-selector-logic.ts';
import type { StateParams } from '../../flow/state-params.ts';

/** Spec 2 checkout: 'Complete sign up' when nothing is due now, else 'Sign up and pay {amount}'. */
export function submitLabelKey(dueNow: number): 'billing.checkout.submitFree' | 'billing.checkout.submitPay' {
  return dueNow === 0 ? 'billing.checkout.submitFree' : 'billing.checkout.submitPay';
}

/**
 * The subscription checkout shows: the flow draft's, unless params.planUid names
 * another plan — then core's plan change on the draft (the code and the add-ons
 * that plan offers are kept), with params.term when the plan offers it, else the
 * draft's term when offered, else core's defaultTermForPlan. Params only bring a
 * plan in: once the draft is on that plan, the person's own edits win. An
 * unknown or inactive plan shows no plan ('Choose a plan').
 */
export function checkoutDraft(catalog: Catalog, params: StateParams<'checkout'>, current: SubscriptionDraft | null): SubscriptionDraft {
  const plan = findPlan(catalog, params.planUid ?? current?.planUid);
  if (!plan || !plan.IsActive) return { ...(current ?? emptyDraft()), planUid: null, addOns: [] };
  if (current?.planUid === plan.Uid) return current;
  const offered = planTerms(plan);
  const asked = [params.term, current?.term].find((t) => t && offered.includes(t));
  return draftForPlan({ ...(current ?? emptyDraft()), term: asked ?? defaultTermForPlan(plan) }, plan);
}
