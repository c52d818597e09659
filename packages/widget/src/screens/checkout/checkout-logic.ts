import type { BillingRenewalTerm } from '@portico/core';
import { defaultTermForPlan } from '@portico/core/billing/index';
import type { Catalog } from '../../components/billing/catalog.ts';
import { findPlan } from '../../components/billing/catalog.ts';
import { draftForPlan, emptyDraft } from '../../components/billing/subscription-draft.ts';
import type { SubscriptionDraft } from '../../components/billing/subscription-draft.ts';
import { planTerms } from '../../components/billing/term-selector-logic.ts';

/** Spec 2 checkout: 'Complete sign up' when nothing is due now, else 'Sign up and pay {amount}'. */
export function submitLabelKey(dueNow: number): 'billing.checkout.submitFree' | 'billing.checkout.submitPay' {
  return dueNow === 0 ? 'billing.checkout.submitFree' : 'billing.checkout.submitPay';
}

const TERMS: readonly string[] = ['Monthly', 'Quarterly', 'Yearly', 'OneTime'];

/**
 * The draft checkout starts from: the plan of params.planUid (else the plan
 * chosen on selectPlan), its term from params/the choice when the plan offers
 * it, else core's defaultTermForPlan; then core's choosePlan via draftForPlan.
 */
export function initialDraft(
  catalog: Catalog, params: Record<string, unknown>, chosen: { planUid: string; term: BillingRenewalTerm } | null,
): SubscriptionDraft {
  const uid = typeof params.planUid === 'string' ? params.planUid : chosen?.planUid;
  const plan = findPlan(catalog, uid);
  if (!plan || !plan.IsActive) return emptyDraft();
  const asked = typeof params.term === 'string' && TERMS.includes(params.term) ? (params.term as BillingRenewalTerm) : chosen?.term;
  const term = asked && planTerms(plan).includes(asked) ? asked : defaultTermForPlan(plan);
  return draftForPlan(emptyDraft(term), plan);
}
