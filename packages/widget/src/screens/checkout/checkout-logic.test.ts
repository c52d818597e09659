import { describe, expect, it } from 'vitest';
import { demoCatalog } from '../../components/billing/test-catalog.ts';
import { initialDraft, submitLabelKey } from './checkout-logic.ts';

describe('checkout logic', () => {
  it("reads 'Complete sign up' when nothing is due now, else 'Sign up and pay {amount}'", () => {
    expect(submitLabelKey(0)).toBe('billing.checkout.submitFree');
    expect(submitLabelKey(2999)).toBe('billing.checkout.submitPay');
  });

  it('starts from params.planUid/term, else the chosen plan, with the term the plan offers', () => {
    const c = demoCatalog();
    expect(initialDraft(c, { planUid: 'plan_team', term: 'Yearly' }, null)).toMatchObject({ planUid: 'plan_team', term: 'Yearly', quantity: 3 });
    expect(initialDraft(c, {}, { planUid: 'plan_pro', term: 'Quarterly' })).toMatchObject({ planUid: 'plan_pro', term: 'Monthly', quantity: 0 });
    expect(initialDraft(c, { planUid: 'plan_legacy' }, null).planUid).toBeNull();
    expect(initialDraft(c, {}, null).planUid).toBeNull();
  });
});
