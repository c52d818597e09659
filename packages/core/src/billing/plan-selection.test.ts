import { describe, expect, it } from 'vitest';
import { choosePlanFamily, presetPlanQuantity } from './plan-selection.ts';
import {
  DEFAULT_TERM_PREFERENCE, defaultTermForPlan, oneTimeRateWithFallback, rateFor, termFromConfiguration, termFromPlanPaymentTerm,
} from './terms.ts';
import { makeFamily, makePlan } from './test-fixtures.ts';

const families = [makeFamily({ Uid: 'a' }), makeFamily({ Uid: 'b', IsDefault: true }), makeFamily({ Uid: 'c' })];
const plans = [
  makePlan({ Uid: 'pa', PlanFamilyUid: 'a', IsActive: false }),
  makePlan({ Uid: 'pc', PlanFamilyUid: 'c' }),
  makePlan({ Uid: 'pb', PlanFamilyUid: 'b', IsActive: false }),
];

describe('plan selection defaults (spec 4)', () => {
  it('"the family of the current plan" comes first', () => {
    expect(choosePlanFamily({ families, plans, currentPlanUid: 'pa', latestPlanUid: 'pc' })).toBe('a');
  });
  it('"else of the latest plan"', () => {
    expect(choosePlanFamily({ families, plans, currentPlanUid: 'missing', latestPlanUid: 'pc' })).toBe('c');
  });
  it('"else the default family"', () => {
    expect(choosePlanFamily({ families, plans })).toBe('b');
  });
  it('"else any family with an active plan"', () => {
    const noDefault = families.map((f) => ({ ...f, IsDefault: false }));
    expect(choosePlanFamily({ families: noDefault, plans })).toBe('c');
    expect(choosePlanFamily({ families: noDefault, plans: [] })).toBeNull();
  });

  it('"a term of oneTime gives OneTime; quarterly gives Quarterly; annual or yearly gives Yearly; anything else gives Monthly"', () => {
    expect(termFromConfiguration('oneTime')).toBe('OneTime');
    expect(termFromConfiguration('quarterly')).toBe('Quarterly');
    expect(termFromConfiguration('annual')).toBe('Yearly');
    expect(termFromConfiguration('yearly')).toBe('Yearly');
    expect(termFromConfiguration('weekly')).toBe('Monthly');
    expect(termFromConfiguration(undefined)).toBe('Monthly');
  });

  it('"A plan payment term text starting with month, quarter, annual or year maps to Monthly, Quarterly or Yearly, defaulting to Monthly"', () => {
    expect(termFromPlanPaymentTerm('monthly')).toBe('Monthly');
    expect(termFromPlanPaymentTerm('Quarter (3 months)')).toBe('Quarterly');
    expect(termFromPlanPaymentTerm('annually')).toBe('Yearly');
    expect(termFromPlanPaymentTerm('year')).toBe('Yearly');
    expect(termFromPlanPaymentTerm('bi-weekly')).toBe('Monthly');
    expect(termFromPlanPaymentTerm(null)).toBe('Monthly');
  });

  it('"The default term preference order is Monthly, Quarterly, Yearly" (first the plan has a rate for)', () => {
    expect(DEFAULT_TERM_PREFERENCE).toEqual(['Monthly', 'Quarterly', 'Yearly']);
    expect(defaultTermForPlan(makePlan({ MonthlyRate: null, QuarterlyRate: 2500, AnnualRate: 9000 }))).toBe('Quarterly');
    expect(defaultTermForPlan(makePlan({ MonthlyRate: null, AnnualRate: 9000 }))).toBe('Yearly');
    expect(defaultTermForPlan(makePlan({ MonthlyRate: 1000, AnnualRate: 9000 }))).toBe('Monthly');
    expect(defaultTermForPlan(makePlan({ MonthlyRate: null, OneTimeRate: 500 }))).toBe('OneTime');
  });

  it('"With a plan uid preset, the quantity is raised to the plan minimum for quantity-editable or per-user plans"', () => {
    expect(presetPlanQuantity(makePlan({ IsQuantityEditable: true, MinimumQuantity: 3 }), 1)).toBe(3);
    expect(presetPlanQuantity(makePlan({ IsPerUser: true, MinimumQuantity: 2 }), 0)).toBe(2);
    expect(presetPlanQuantity(makePlan({ IsPerUser: true, MinimumQuantity: 2 }), 5)).toBe(5);
    expect(presetPlanQuantity(makePlan({ MinimumQuantity: 4 }), 1)).toBe(1);
  });

  it('"The rate fallback for a one-time add-on or plan is the monthly rate"', () => {
    expect(oneTimeRateWithFallback(makePlan({ OneTimeRate: null, MonthlyRate: 700 }))).toBe(700);
    expect(oneTimeRateWithFallback(makePlan({ OneTimeRate: 900, MonthlyRate: 700 }))).toBe(900);
    expect(rateFor(makePlan({ MonthlyRate: 700 }), 'OneTime')).toBe(700);
    expect(rateFor(makePlan({ MonthlyRate: 700 }), 'Yearly')).toBeNull();
  });
});
