import { describe, expect, it } from 'vitest';
import { chargeSummary } from './charge-summary.ts';
import type { ChargeSummaryInput } from './charge-summary.types.ts';
import { couponTerms, orderSummary } from './order-summary.ts';
import { makeAddOn, makeCoupon, makePlan, summaryInput } from './test-fixtures.ts';

function order(over: Partial<ChargeSummaryInput>) {
  const input = summaryInput({ ...over, asOf: 'now' });
  return orderSummary(chargeSummary(input), { plan: input.plan, term: input.term, quantity: input.quantity, addOns: input.addOns });
}

const clock = new Date('2026-11-23T10:00:00Z');

describe('orderSummary: today\'s invoice as an order', () => {
  it('lines read as quantity × unit price; subtotal, discount, tax and total add up', () => {
    const plan = makePlan({ Name: 'Team', IsPerUser: true, MonthlyRate: 1500 });
    const seats = makeAddOn({ Uid: 'dash', Name: 'Extra dashboards', IsQuantityEditable: true, MonthlyRate: 450 });
    const tax = { rates: [{ country: 'US', state: 'CA', rateBasisPoints: 725 }], country: 'US', state: 'CA', behavior: 'exclusive' as const };
    const coupon = { coupon: makeCoupon({ Name: 'Friends', PercentOff: 10 }) };
    const o = order({ now: clock, plan, quantity: 3, addOns: [{ addOn: seats, quantity: 2 }], tax, coupon });
    expect(o.items.map((i) => [i.name, i.quantity, i.unitAmount, i.per, i.amount])).toEqual([
      ['Team', 3, 1500, 'Monthly', 4500],
      ['Extra dashboards', 2, 450, 'Monthly', 900],
    ]);
    expect(o.subtotal).toBe(5400);
    expect(o.discount).toEqual({ uid: 'coupon-1', name: 'Friends', amount: 540 });
    expect(o.subtotal - o.discount!.amount + o.tax).toBe(o.total);
    expect(o.tax).toBe(352);
  });

  it('a trial line is marked as such, without a unit price (nothing is charged for it)', () => {
    const o = order({ now: clock, plan: makePlan({ Name: 'Starter', TrialPeriodDays: 14 }) });
    expect(o.items).toEqual([expect.objectContaining({ name: 'Starter', trial: true, quantity: null, amount: 0, end: '2026-12-07' })]);
    expect(o.total).toBe(0);
  });

  it('a line prorated for a trial keeps its amount but shows no quantity × unit (that would not add up)', () => {
    const addOn = makeAddOn({ Name: 'Dashboards', IsBilledDuringTrial: true, MonthlyRate: 3000 });
    const o = order({ now: clock, plan: makePlan({ TrialPeriodDays: 14 }), addOns: [{ addOn, quantity: 1 }] });
    const line = o.items.find((i) => i.name === 'Dashboards')!;
    expect(line.amount).toBeGreaterThan(0);
    expect(line.amount).toBeLessThan(3000);
    expect(line.quantity).toBeNull();
  });

  it('setup fees are their own lines; a usage add-on is listed apart with its price per unit, never in the total', () => {
    const calls = makeAddOn({ Uid: 'calls', Name: 'API calls', BillingAddOnType: 'Usage', UnitOfMeasure: '1,000 calls', MonthlyRate: 25 });
    const o = order({ now: clock, plan: makePlan({ SetupFee: 4900 }), addOns: [{ addOn: calls, quantity: 1 }] });
    expect(o.items.map((i) => [i.kind, i.amount])).toEqual([['plan', 1000], ['setupFee', 4900]]);
    expect(o.usage).toEqual([{ uid: 'calls', name: 'API calls', unitAmount: 25, unit: '1,000 calls', per: 'Monthly' }]);
    expect(o.total).toBe(5900);
  });

  it('prices that include tax: the tax is inside the total', () => {
    const tax = { rates: [{ country: 'GB', rateBasisPoints: 2000 }], country: 'GB', behavior: 'inclusive' as const };
    const o = order({ now: clock, plan: makePlan({ MonthlyRate: 1200 }), tax });
    expect(o).toMatchObject({ inclusive: true, subtotal: 1200, tax: 200, total: 1200 });
  });

  it('couponTerms says what a coupon takes off and for how long', () => {
    expect(couponTerms(makeCoupon({ PercentOff: 25, Duration: 'Repeating', DurationInMonths: 3 }))).toEqual({ percentOff: 25, amountOff: null, duration: 'Repeating', months: 3 });
    expect(couponTerms(makeCoupon({ PercentOff: null, AmountOff: 1000, Duration: 'Once' }))).toEqual({ percentOff: null, amountOff: 1000, duration: 'Once', months: null });
  });
});
