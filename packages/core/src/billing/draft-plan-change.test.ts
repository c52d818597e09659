import { describe, expect, it } from 'vitest';
import { changeDraftPlan, emptySubscriptionDraft, type SubscriptionDraft } from './draft-plan-change.ts';
import { makeAddOn, makePlan } from './test-fixtures.ts';

const print = makeAddOn({ Uid: 'print' });
const storage = makeAddOn({ Uid: 'storage', IsQuantityEditable: true, MinimumQuantity: 2 });
const console_ = makeAddOn({ Uid: 'console', MonthlyRate: 0 });
const archive = makeAddOn({ Uid: 'archive' });
const pro = makePlan({ Uid: 'pro', MonthlyRate: 2999, AnnualRate: 29900, PlanAddOns: [{ AddOn: print, IsUserSelectable: true }, { AddOn: archive, IsUserSelectable: true }] });
const team = makePlan({
  Uid: 'team', MonthlyRate: 7900, AnnualRate: 79000, IsPerUser: true, IsQuantityEditable: true, MinimumQuantity: 3, MaximumPeople: 50,
  PlanAddOns: [{ AddOn: console_, IsUserSelectable: false }, { AddOn: storage, IsUserSelectable: true }, { AddOn: print, IsUserSelectable: true }],
});

const onPro: SubscriptionDraft = {
  planUid: 'pro', term: 'Yearly', quantity: 0,
  addOns: [{ uid: 'archive', quantity: 1 }, { uid: 'print', quantity: 1 }, { uid: 'storage', quantity: 1 }],
  coupon: { code: 'WELCOME', planUids: [] },
};

describe('changing the plan of a draft', () => {
  it('keeps the coupon and the add-ons the new plan offers, in the plan\'s order, and adds what it includes', () => {
    const { draft, dropped } = changeDraftPlan(onPro, team);
    expect(draft.coupon).toEqual({ code: 'WELCOME', planUids: [] });
    expect(draft.addOns).toEqual([{ uid: 'console', quantity: 1 }, { uid: 'storage', quantity: 2 }, { uid: 'print', quantity: 1 }]);
    expect(dropped).toEqual({ addOnUids: ['archive'], couponCode: null });
  });

  it('clamps kept add-on quantities to the add-on\'s bounds and resets the plan quantity to the new minimum', () => {
    const { draft } = changeDraftPlan({ ...onPro, planUid: 'team', quantity: 9, addOns: [{ uid: 'storage', quantity: 0 }, { uid: 'print', quantity: 7 }] }, { ...team, Uid: 'team2' });
    expect(draft.addOns.find((a) => a.uid === 'storage')?.quantity).toBe(2);
    expect(draft.addOns.find((a) => a.uid === 'print')?.quantity).toBe(1);
    expect(draft.quantity).toBe(3);
    expect(draft.term).toBe('Yearly');
  });

  it('drops a coupon limited to other plans, and says so', () => {
    const limited = { ...onPro, coupon: { code: 'PROONLY', planUids: ['pro'] } };
    expect(changeDraftPlan(limited, team)).toMatchObject({ draft: { coupon: null }, dropped: { couponCode: 'PROONLY' } });
    expect(changeDraftPlan(limited, pro).draft.coupon).toEqual({ code: 'PROONLY', planUids: ['pro'] });
  });

  it('an unavailable plan clears the selection but not the code the person entered', () => {
    const monthlyOnly = makePlan({ Uid: 'monthly', MonthlyRate: 500 });
    const { draft } = changeDraftPlan(onPro, monthlyOnly);
    expect(draft).toEqual({ planUid: null, term: 'Yearly', quantity: 0, addOns: [], coupon: { code: 'WELCOME', planUids: [] } });
  });

  it('a one-time plan forces OneTime; a plan with no add-ons and no rate for the term gets Monthly at registration', () => {
    expect(changeDraftPlan(emptySubscriptionDraft('Monthly'), makePlan({ Uid: 'life', MonthlyRate: 1000, OneTimeRate: 9900 })).draft.term).toBe('OneTime');
    const unpriced = changeDraftPlan(emptySubscriptionDraft('Quarterly'), makePlan({ Uid: 'free', MonthlyRate: null })).draft;
    expect([unpriced.planUid, unpriced.term]).toEqual(['free', 'Monthly']);
  });
});
