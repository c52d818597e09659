import { describe, expect, it } from 'vitest';
import { isPaymentDue, isPaymentInformationRequired } from './payment-due.ts';
import { makeAddOn, makePlan } from './test-fixtures.ts';

const free = makePlan({ Uid: 'plan-free', MonthlyRate: 0 });

describe('isPaymentDue (issue 15: what RequiredWhenPaymentDue and the free sign-up ask)', () => {
  it('a free plan with nothing priced: no payment is due', () => {
    expect(isPaymentDue({ plan: free, term: 'Monthly', addOns: [] })).toBe(false);
    expect(isPaymentDue({ plan: makePlan({ MonthlyRate: null }), term: 'Monthly', addOns: [] })).toBe(false);
  });

  it('no plan bought: nothing is due', () => {
    expect(isPaymentDue(null)).toBe(false);
    expect(isPaymentDue(null, true)).toBe(false);
  });

  it('a rate for the term, a setup fee, or a trial that bills later: payment is due', () => {
    expect(isPaymentDue({ plan: makePlan({ MonthlyRate: 1000 }), term: 'Monthly', addOns: [] })).toBe(true);
    expect(isPaymentDue({ plan: makePlan({ MonthlyRate: 0, SetupFee: 4900 }), term: 'Monthly', addOns: [] })).toBe(true);
    expect(isPaymentDue({ plan: makePlan({ MonthlyRate: 1200, TrialUntilDate: '2099-01-01' }), term: 'Monthly', addOns: [] })).toBe(true);
  });

  it('a priced add-on (recurring, setup fee or usage) on a free plan makes payment due', () => {
    const due = (addOn: ReturnType<typeof makeAddOn>) => isPaymentDue({ plan: free, term: 'Monthly', addOns: [{ addOn, quantity: 1 }] });
    expect(due(makeAddOn({ MonthlyRate: 500 }))).toBe(true);
    expect(due(makeAddOn({ MonthlyRate: 0, SetupFee: 2500 }))).toBe(true);
    expect(due(makeAddOn({ BillingAddOnType: 'Usage', MonthlyRate: 25, UnitOfMeasure: '1,000 calls' }))).toBe(true);
    expect(due(makeAddOn({ MonthlyRate: 0 }))).toBe(false);
  });

  it('the plan or the site asking for payment information makes it due even at no price', () => {
    expect(isPaymentDue({ plan: makePlan({ MonthlyRate: 0, RequirePaymentInformation: true }), term: 'Monthly', addOns: [] })).toBe(true);
    expect(isPaymentDue({ plan: free, term: 'Monthly', addOns: [] }, true)).toBe(true);
  });
});

describe('isPaymentInformationRequired (spec 1 section 4)', () => {
  it('a payment method is asked when something is due now, or the plan or the site requires one; never without a plan', () => {
    expect(isPaymentInformationRequired(0, free)).toBe(false);
    expect(isPaymentInformationRequired(100, free)).toBe(true);
    expect(isPaymentInformationRequired(0, makePlan({ RequirePaymentInformation: true }))).toBe(true);
    expect(isPaymentInformationRequired(0, free, true)).toBe(true);
    expect(isPaymentInformationRequired(100, null, true)).toBe(false);
  });
});
