import { describe, expect, it } from 'vitest';
import { choosePlan, isPlanUnavailable, registrationTerm, sortPlans, type PlanSelection } from './plan-choice.ts';
import { makeAddOn, makePlan } from './test-fixtures.ts';

const sel: PlanSelection = { planUid: 'old', term: 'Monthly', quantity: 7, addOnUids: ['x', 'y'] };

describe('plan availability and choice (spec 4)', () => {
  it('"A plan is unavailable for the chosen term when it lacks that term\'s rate but has other rates"', () => {
    const yearlyOnly = makePlan({ MonthlyRate: null, AnnualRate: 10000 });
    expect(isPlanUnavailable(yearlyOnly, 'Monthly')).toBe(true);
    expect(isPlanUnavailable(yearlyOnly, 'Yearly')).toBe(false);
    expect(isPlanUnavailable(makePlan({ MonthlyRate: null }), 'Monthly')).toBe(false); // no rates at all
  });

  it('"It is also unavailable when it is cheaper than the plan being upgraded from on any rate"', () => {
    const from = makePlan({ MonthlyRate: 2000, AnnualRate: 20000 });
    expect(isPlanUnavailable(makePlan({ MonthlyRate: 3000, AnnualRate: 19000 }), 'Monthly', from)).toBe(true);
    expect(isPlanUnavailable(makePlan({ MonthlyRate: 3000, AnnualRate: 30000 }), 'Monthly', from)).toBe(false);
    expect(isPlanUnavailable(makePlan({ MonthlyRate: 2000, AnnualRate: null }), 'Monthly', from)).toBe(false);
  });

  it('"Selecting an unavailable plan clears the selection"', () => {
    const result = choosePlan(sel, makePlan({ MonthlyRate: null, AnnualRate: 100 }));
    expect(result.planUid).toBeNull();
    expect(result.addOnUids).toEqual([]);
  });

  it('"Choosing a plan keeps only the add-ons the plan offers, resets the quantity to the minimum (or 0)"', () => {
    const plan = makePlan({ Uid: 'p', MinimumQuantity: 2, PlanAddOns: [{ AddOn: makeAddOn({ Uid: 'y' }), IsUserSelectable: true }] });
    expect(choosePlan(sel, plan)).toEqual({ planUid: 'p', term: 'Monthly', quantity: 2, addOnUids: ['y'] });
    expect(choosePlan(sel, makePlan({ Uid: 'q' })).quantity).toBe(0);
  });

  it('"and forces OneTime when the plan has a one-time rate"', () => {
    expect(choosePlan(sel, makePlan({ MonthlyRate: 1000, OneTimeRate: 5000 })).term).toBe('OneTime');
  });

  it('"Registration: if a plan has no add-ons and no rate for the chosen term, the term is forced to Monthly"', () => {
    expect(registrationTerm(makePlan({ AnnualRate: null }), 'Yearly')).toBe('Monthly');
    expect(registrationTerm(makePlan({ AnnualRate: 9000 }), 'Yearly')).toBe('Yearly');
    const withAddOns = makePlan({ PlanAddOns: [{ AddOn: makeAddOn(), IsUserSelectable: true }] });
    expect(registrationTerm(withAddOns, 'Yearly')).toBe('Yearly');
  });

  it('"Plan lists are sorted by monthly, quarterly, annual and one-time rate, then by name"', () => {
    const plans = [
      makePlan({ Name: 'Zed', MonthlyRate: 1000, QuarterlyRate: 2000 }),
      makePlan({ Name: 'Beta', MonthlyRate: 1000, QuarterlyRate: 2000 }),
      makePlan({ Name: 'Cheap', MonthlyRate: 500 }),
      makePlan({ Name: 'Q', MonthlyRate: 1000, QuarterlyRate: 1500 }),
      makePlan({ Name: 'NoMonthly', MonthlyRate: null, OneTimeRate: 1 }),
    ];
    expect(sortPlans(plans).map((p) => p.Name)).toEqual(['Cheap', 'Q', 'Beta', 'Zed', 'NoMonthly']);
    expect(plans[0]?.Name).toBe('Zed'); // input untouched
  });
});
