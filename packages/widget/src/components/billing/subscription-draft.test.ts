import { describe, expect, it } from 'vitest';
import { MAX_QUANTITY, chargeSummaries, validateSubscriptionRequest } from '@portico/core/billing/index';
import { demoPlan } from './test-catalog.ts';
import {
  addOnRows, chargeInput, chargeRequestBody, draftForPlan, emptyDraft, recomputeKey, setDraftAddOnQuantity, setDraftQuantity, toggleDraftAddOn,
} from './subscription-draft.ts';

const now = new Date('2024-04-01T12:00:00Z');

describe('subscription draft (core rules)', () => {
  it('choosing a plan resets the quantity to its minimum, keeps offered add-ons and includes non-selectable ones, in the plan\'s order', () => {
    const team = demoPlan('plan_team');
    const d = draftForPlan({ ...emptyDraft('Yearly'), addOns: [{ uid: 'addon_print', quantity: 1 }, { uid: 'addon_storage', quantity: 4 }] }, team);
    expect(d).toMatchObject({ planUid: 'plan_team', term: 'Yearly', quantity: 3 });
    expect(d.addOns).toEqual([{ uid: 'addon_console', quantity: 1 }, { uid: 'addon_storage', quantity: 4 }]);
  });

  it('an unavailable plan clears the selection; a one-time plan forces OneTime', () => {
    const pro = demoPlan('plan_pro');
    expect(draftForPlan(emptyDraft('Quarterly'), pro)).toEqual(emptyDraft('Quarterly'));
    expect(draftForPlan(emptyDraft('Monthly'), { ...pro, OneTimeRate: 9900 }).term).toBe('OneTime');
  });

  it('add-on checkboxes follow setAddOnSelected / canUncheckAddOn', () => {
    const team = demoPlan('plan_team');
    let d = draftForPlan(emptyDraft('Monthly'), team);
    d = toggleDraftAddOn(d, team, 'addon_console', false);
    expect(d.addOns.map((a) => a.uid)).toEqual(['addon_console']);
    d = toggleDraftAddOn(d, team, 'addon_storage', true);
    expect(d.addOns).toEqual([{ uid: 'addon_console', quantity: 1 }, { uid: 'addon_storage', quantity: 1 }]);
    d = setDraftAddOnQuantity(d, team, 'addon_storage', '0');
    expect(d.addOns[1]!.quantity).toBe(1);
    d = setDraftAddOnQuantity(d, team, 'addon_storage', 5);
    expect(d.addOns[1]!.quantity).toBe(5);
    d = toggleDraftAddOn(d, team, 'addon_storage', false);
    expect(d.addOns.map((a) => a.uid)).toEqual(['addon_console']);
  });

  it('hides add-ons that ended (visibleAddOns)', () => {
    const team = demoPlan('plan_team');
    const d = { ...draftForPlan(emptyDraft(), team), addOns: [{ uid: 'addon_storage', quantity: 2, endDate: '2024-03-01' }] };
    expect(addOnRows(d, team, now).map((r) => r.AddOn.Uid)).toEqual(['addon_console', 'addon_onboarding']);
  });

  it('plan and add-on quantities stop at core\'s MAX_QUANTITY, so what the widget sends passes the server\'s check (issue 6)', () => {
    const units = { ...demoPlan('plan_team'), IsPerUser: false, IsQuantityEditable: true };
    let d = setDraftQuantity(draftForPlan(emptyDraft('Monthly'), units), units, '1000000000');
    expect(d.quantity).toBe(MAX_QUANTITY);
    d = setDraftAddOnQuantity(toggleDraftAddOn(d, units, 'addon_storage', true), units, 'addon_storage', 1_000_000_000);
    expect(d.addOns.find((a) => a.uid === 'addon_storage')!.quantity).toBe(MAX_QUANTITY);
    const sent = { plan: units, term: d.term, quantity: d.quantity, addOns: d.addOns.map((a) => ({ addOnUid: a.uid, quantity: a.quantity })) };
    expect(validateSubscriptionRequest(sent)).toEqual([]);
    expect(validateSubscriptionRequest({ ...sent, quantity: MAX_QUANTITY + 1 }).map((e) => e.ErrorCode)).toEqual(['Errors.QuantityAboveMaximum']);
  });

  it('quantity uses quantityBounds: min 3, max 50 people', () => {
    const team = demoPlan('plan_team');
    const d = draftForPlan(emptyDraft(), team);
    expect(setDraftQuantity(d, team, 'abc').quantity).toBe(3);
    expect(setDraftQuantity(d, team, 80).quantity).toBe(50);
  });

  it('builds the engine input and the compute-charge-summary body', () => {
    const team = demoPlan('plan_team');
    const d = { ...draftForPlan(emptyDraft('Monthly'), team), quantity: 4 };
    const s = chargeSummaries(chargeInput(d, team, 'USD', now));
    expect(s.now.Total).toBe(4 * 7900);
    const body = chargeRequestBody({ ...d, planUid: 'plan_team', coupon: { code: 'TEAM50', planUids: ['plan_team'] } }, { BillingAddress: { Country: 'US', State: 'CA', PostalCode: '94110' }, TaxStatus: 'Taxable' });
    expect(body).toEqual({
      Plan: { Uid: 'plan_team' }, Quantity: 4, BillingRenewalTerm: 'Monthly',
      SubscriptionAddOns: [{ AddOn: { Uid: 'addon_console' }, Quantity: 1 }],
      DiscountCouponSubscriptions: [{ DiscountCoupon: { UniqueIdentifier: 'TEAM50' } }],
      Account: { BillingAddress: { Country: 'US', State: 'CA', PostalCode: '94110' }, TaxStatus: 'Taxable' },
    });
    expect('Account' in chargeRequestBody({ ...d, planUid: 'plan_team' })).toBe(false);
  });

  it('recompute key changes with the subscription, addresses and tax fields only', () => {
    const d = draftForPlan(emptyDraft(), demoPlan('plan_pro'));
    const k = recomputeKey(d, { BillingAddress: { Country: 'US' } });
    expect(recomputeKey(d, { BillingAddress: { Country: 'US' } })).toBe(k);
    expect(recomputeKey({ ...d, quantity: 2 }, { BillingAddress: { Country: 'US' } })).not.toBe(k);
    expect(recomputeKey(d, { BillingAddress: { Country: 'CA' } })).not.toBe(k);
    expect(recomputeKey(d, { BillingAddress: { Country: 'US' }, MailingAddress: { PostalCode: '1' } })).not.toBe(k);
    expect(recomputeKey(d, { BillingAddress: { Country: 'US' }, TaxIdType: 'eu_vat' })).not.toBe(k);
  });
});
