import { describe, expect, it } from 'vitest';
import { demoCatalog } from '../../components/billing/test-catalog.ts';
import { emptyDraft } from '../../components/billing/subscription-draft.ts';
import { checkoutDraft, submitLabelKey } from './checkout-logic.ts';

describe('checkout logic', () => {
  it("reads 'Complete sign up' when nothing is due now, else 'Sign up and pay {amount}'", () => {
    expect(submitLabelKey(0)).toBe('billing.checkout.submitFree');
    expect(submitLabelKey(2999)).toBe('billing.checkout.submitPay');
  });

  it('brings in params.planUid with params.term when the plan offers it, else the default term; unknown or inactive plans show none', () => {
    const c = demoCatalog();
    expect(checkoutDraft(c, { planUid: 'plan_team', term: 'Yearly' }, null)).toMatchObject({ planUid: 'plan_team', term: 'Yearly', quantity: 3 });
    expect(checkoutDraft(c, { planUid: 'plan_pro', term: 'Quarterly' }, null)).toMatchObject({ planUid: 'plan_pro', term: 'Monthly', quantity: 0 });
    expect(checkoutDraft(c, { planUid: 'plan_legacy' }, null).planUid).toBeNull();
    expect(checkoutDraft(c, {}, null).planUid).toBeNull();
  });

  it('shows the flow draft as it is, whatever params say about the same plan: the person\'s edits win', () => {
    const c = demoCatalog();
    const draft = { ...emptyDraft('Monthly'), planUid: 'plan_team', quantity: 7, addOns: [{ uid: 'addon_console', quantity: 1 }] };
    expect(checkoutDraft(c, {}, draft)).toBe(draft);
    expect(checkoutDraft(c, { planUid: 'plan_team', term: 'Yearly' }, draft)).toBe(draft);
  });

  it('a params plan other than the draft\'s changes the plan and keeps the code and the add-ons it offers', () => {
    const c = demoCatalog();
    const onTeam = { ...emptyDraft('Yearly'), planUid: 'plan_team', quantity: 7, addOns: [{ uid: 'addon_console', quantity: 1 }, { uid: 'addon_onboarding', quantity: 1 }], coupon: { code: 'WELCOME10', planUids: [] } };
    expect(checkoutDraft(c, { planUid: 'plan_pro' }, onTeam)).toEqual({ planUid: 'plan_pro', term: 'Yearly', quantity: 0, addOns: [], coupon: { code: 'WELCOME10', planUids: [] } });
  });
});
