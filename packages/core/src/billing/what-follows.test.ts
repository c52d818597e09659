import { describe, expect, it } from 'vitest';
import { chargeSummaries } from './charge-summary.ts';
import type { ChargeSummaryInput } from './charge-summary.types.ts';
import { makeAddOn, makeCoupon, makePlan, summaryInput } from './test-fixtures.ts';
import { whatFollows } from './what-follows.ts';

/** Prices the subscription with core's own engine (as the server does), then asks what follows. */
function follows(over: Partial<ChargeSummaryInput>) {
  const input = summaryInput(over);
  const { now, renewal } = chargeSummaries(input);
  return whatFollows({
    now, renewal, plan: input.plan, term: input.term, quantity: input.quantity, addOns: input.addOns,
    coupon: input.coupon?.coupon ?? null, clock: input.now,
  });
}

const clock = new Date('2026-11-23T10:00:00Z');
const pro = makePlan({ Uid: 'pro', Name: 'Pro', MonthlyRate: 37500, QuarterlyRate: 100000, AnnualRate: 375000 });

describe('whatFollows: the sentence after today', () => {
  it("a plain monthly plan: 'Then $375.00 per month from' the first renewal", () => {
    expect(follows({ now: clock, plan: pro })).toEqual([
      { key: 'then', amount: 37500, per: 'Monthly', from: '2026-12-23', names: [], beforeDiscount: false },
    ]);
  });

  it('a 3-month 25% coupon: the discounted price until it ends, then the full price from 23 Feb 2027 (the issue\'s example)', () => {
    const coupon = makeCoupon({ Name: 'Spring', PercentOff: 25, Duration: 'Repeating', DurationInMonths: 3 });
    expect(follows({ now: clock, plan: pro, coupon: { coupon } })).toEqual([
      { key: 'thenUntil', amount: 28125, per: 'Monthly', until: '2027-02-23', fullAmount: 37500, names: [] },
    ]);
  });

  it('a coupon that discounts only today (Once) leaves the renewal at full price', () => {
    const coupon = makeCoupon({ PercentOff: 20, Duration: 'Once' });
    expect(follows({ now: clock, plan: pro, coupon: { coupon } })[0]).toMatchObject({ key: 'then', amount: 37500, from: '2026-12-23' });
  });

  it('a forever coupon keeps discounting: the renewal price is the discounted one', () => {
    const coupon = makeCoupon({ PercentOff: 10, Duration: 'Forever' });
    expect(follows({ now: clock, plan: pro, coupon: { coupon } })).toEqual([
      { key: 'then', amount: 33750, per: 'Monthly', from: '2026-12-23', names: [], beforeDiscount: false },
    ]);
  });

  it('a repeating coupon shorter than a yearly term ends before the first renewal: full price from it', () => {
    const coupon = makeCoupon({ PercentOff: 25, Duration: 'Repeating', DurationInMonths: 3 });
    expect(follows({ now: clock, plan: pro, term: 'Yearly', coupon: { coupon } })).toEqual([
      { key: 'then', amount: 375000, per: 'Yearly', from: '2027-11-23', names: [], beforeDiscount: false },
    ]);
  });

  it('a trial states its end, and the first charge is on that day', () => {
    const plan = makePlan({ Name: 'Starter', MonthlyRate: 2900, TrialPeriodDays: 14 });
    expect(follows({ now: clock, plan })).toEqual([
      { key: 'trialEnds', date: '2026-12-07' },
      { key: 'then', amount: 2900, per: 'Monthly', from: '2026-12-07', names: [], beforeDiscount: false },
    ]);
  });

  it('a trial with a 3-month coupon: the discount runs from the trial end until three months after today', () => {
    const plan = makePlan({ MonthlyRate: 2900, TrialPeriodDays: 14 });
    const coupon = makeCoupon({ PercentOff: 25, Duration: 'Repeating', DurationInMonths: 3 });
    expect(follows({ now: clock, plan, coupon: { coupon } })).toEqual([
      { key: 'trialEnds', date: '2026-12-07' },
      // Invoices on 7 Dec, 7 Jan and 7 Feb are within three months of 23 Nov; 7 Mar is not.
      { key: 'thenUntil', amount: 2175, per: 'Monthly', until: '2027-03-07', fullAmount: 2900, names: [] },
    ]);
  });

  it('tax added on top is in the amounts, as they will be charged', () => {
    const tax = { rates: [{ country: 'US', state: 'CA', rateBasisPoints: 725 }], country: 'US', state: 'CA', behavior: 'exclusive' as const };
    expect(follows({ now: clock, plan: pro, tax })[0]).toMatchObject({ key: 'then', amount: 40219 });
  });

  it('parts on two terms: each with its own price, start and names', () => {
    const retention = makeAddOn({ Uid: 'ret', Name: 'Data retention', MonthlyRate: 1000, QuarterlyRate: null, AnnualRate: 10000 });
    expect(follows({ now: clock, plan: pro, term: 'Quarterly', addOns: [{ addOn: retention, quantity: 1 }] })).toEqual([
      { key: 'then', amount: 1000, per: 'Monthly', from: '2026-12-23', names: ['Data retention'], beforeDiscount: false },
      { key: 'plus', amount: 100000, per: 'Quarterly', from: '2027-02-23', names: ['Pro'], beforeDiscount: false },
    ]);
  });

  it('parts on two terms with a forever coupon say their price is before the discount', () => {
    const retention = makeAddOn({ Uid: 'ret', Name: 'Data retention', MonthlyRate: 1000, QuarterlyRate: null });
    const coupon = makeCoupon({ PercentOff: 10, Duration: 'Forever' });
    const out = follows({ now: clock, plan: pro, term: 'Quarterly', addOns: [{ addOn: retention, quantity: 1 }], coupon: { coupon } });
    expect(out.map((s) => ('beforeDiscount' in s ? s.beforeDiscount : null))).toEqual([true, true]);
  });

  it('usage add-ons are billed by use: their price per unit and how often', () => {
    const calls = makeAddOn({ Uid: 'calls', Name: 'API calls', BillingAddOnType: 'Usage', UnitOfMeasure: '1,000 calls', MonthlyRate: 25 });
    expect(follows({ now: clock, plan: pro, addOns: [{ addOn: calls, quantity: 1 }] })).toEqual([
      { key: 'then', amount: 37500, per: 'Monthly', from: '2026-12-23', names: [], beforeDiscount: false },
      { key: 'usage', name: 'API calls', unitAmount: 25, unit: '1,000 calls', per: 'Monthly' },
    ]);
  });

  it('a one-time purchase: nothing more is charged after today', () => {
    const course = makePlan({ MonthlyRate: null, OneTimeRate: 19900 });
    expect(follows({ now: clock, plan: course, term: 'OneTime' })).toEqual([{ key: 'nothingRenews' }]);
  });

  it('a free plan stays free', () => {
    expect(follows({ now: clock, plan: makePlan({ MonthlyRate: 0 }) })).toEqual([{ key: 'staysFree' }]);
  });

  it('a one-time add-on not billed during the trial is charged once at its end', () => {
    const plan = makePlan({ MonthlyRate: 2900, TrialPeriodDays: 14 });
    const onboarding = makeAddOn({ Uid: 'onb', Name: 'Onboarding', BillingAddOnType: 'OneTime', OneTimeRate: 14900 });
    expect(follows({ now: clock, plan, addOns: [{ addOn: onboarding, quantity: 1 }] })).toEqual([
      { key: 'trialEnds', date: '2026-12-07' },
      { key: 'then', amount: 2900, per: 'Monthly', from: '2026-12-07', names: [], beforeDiscount: false },
      { key: 'thenOnce', amount: 14900, on: '2026-12-07' },
    ]);
  });
});
