import { describe, expect, it } from 'vitest';
import { chargeSummary, chargeSummaries, renewalSummary } from './charge-summary.ts';
import { needsRenewalSummary } from './new-subscription-summary.ts';
import { compact, makeAddOn, makePlan, summaryInput } from './test-fixtures.ts';
import type { ChargeSummaryInput } from './charge-summary.types.ts';

const now = (over: Partial<ChargeSummaryInput> = {}) => chargeSummary(summaryInput({ ...over, asOf: 'now' }));
const renewal = (over: Partial<ChargeSummaryInput> = {}) => chargeSummary(summaryInput({ ...over, asOf: 'renewal' }));

describe('new subscription: quantity and terms', () => {
  it('"per-unit and per-user quantity": the rate is multiplied by the quantity; a flat plan counts once', () => {
    expect(now({ plan: makePlan({ IsQuantityEditable: true }), quantity: 3 }).Total).toBe(3000);
    expect(now({ plan: makePlan({ IsPerUser: true }), quantity: 4 }).Total).toBe(4000);
    expect(now({ plan: makePlan(), quantity: 5 }).Total).toBe(1000);
  });

  it('"Monthly/Quarterly/Yearly/OneTime terms and period end dates"', () => {
    const plan = makePlan({ MonthlyRate: 1000, QuarterlyRate: 2700, AnnualRate: 10000, OneTimeRate: 5000 });
    const dates = (term: ChargeSummaryInput['term']) => {
      const line = now({ plan, term }).InvoiceDisplayItems[0];
      return [line?.Amount, line?.StartDate, line?.EndDate];
    };
    expect(dates('Monthly')).toEqual([1000, '2024-04-01', '2024-05-01']);
    expect(dates('Quarterly')).toEqual([2700, '2024-04-01', '2024-07-01']);
    expect(dates('Yearly')).toEqual([10000, '2024-04-01', '2025-04-01']);
    expect(dates('OneTime')).toEqual([5000, '2024-04-01', null]);
  });

  it('"month-end safe with anchor day kept (Jan 31 monthly renews Feb 28/29, Mar 31, Apr 30)" — anchor-day example', () => {
    const r = renewal({ now: new Date('2024-01-31T09:00:00Z') });
    expect(r.InvoiceDate).toBe('2024-02-29');
    expect(r.InvoiceDisplayItems[0]).toMatchObject({ StartDate: '2024-02-29', EndDate: '2024-03-31', Amount: 1000 });
  });

  it('"setup fees on the first invoice only"', () => {
    const plan = makePlan({ SetupFee: 2500 });
    const addOns = [{ addOn: makeAddOn({ SetupFee: 300 }), quantity: 1 }];
    expect(compact(now({ plan, addOns }).InvoiceDisplayItems)).toEqual([[1, 1000, 0, 1000], [3, 500, 0, 500], [2, 2500, 0, 2500], [4, 300, 0, 300]]);
    expect(renewal({ plan, addOns }).InvoiceDisplayItems.map((i) => i.LineItemType)).toEqual([1, 3]);
  });

  it('"usage add-ons are not charged up front"', () => {
    const addOns = [{ addOn: makeAddOn({ BillingAddOnType: 'Usage', MonthlyRate: 900 }), quantity: 1 }];
    expect(now({ addOns }).Total).toBe(1000);
    expect(renewal({ addOns }).Total).toBe(1000);
  });

  it('quantity-editable add-ons multiply by their quantity and are skipped at 0', () => {
    const addOn = makeAddOn({ IsQuantityEditable: true, MonthlyRate: 200 });
    expect(now({ addOns: [{ addOn, quantity: 3 }] }).Total).toBe(1600);
    expect(now({ addOns: [{ addOn, quantity: 0 }] }).Total).toBe(1000);
  });
});

describe('new subscription: trials', () => {
  it('"trials by TrialPeriodDays ... (no plan charge during trial)"', () => {
    const plan = makePlan({ TrialPeriodDays: 14 });
    expect(compact(now({ plan }).InvoiceDisplayItems)).toEqual([[1, 0, 0, 0]]);
    const r = renewal({ plan });
    expect(r.InvoiceDate).toBe('2024-04-15');
    expect(r.InvoiceDisplayItems[0]).toMatchObject({ Amount: 1000, StartDate: '2024-04-15', EndDate: '2024-05-15' });
  });

  it('"trials by ... TrialUntilDate"', () => {
    const plan = makePlan({ TrialUntilDate: '2024-05-01' });
    expect(now({ plan }).Total).toBe(0);
    expect(renewal({ plan }).InvoiceDate).toBe('2024-05-01');
    expect(now({ plan: makePlan({ TrialUntilDate: '2024-03-01' }) }).Total).toBe(1000); // past until-date: no trial
  });

  it('"add-ons billed during trial only when IsBilledDuringTrial" (pro rata for the trial days)', () => {
    const plan = makePlan({ TrialPeriodDays: 15 });
    const billed = makeAddOn({ Uid: 'billed', MonthlyRate: 3000, IsBilledDuringTrial: true });
    const notBilled = makeAddOn({ Uid: 'free', MonthlyRate: 700 });
    const addOns = [{ addOn: billed, quantity: 1 }, { addOn: notBilled, quantity: 1 }];
    const first = now({ plan, addOns });
    expect(first.InvoiceDisplayItems.find((i) => i.LineItemEntityUid === 'billed')).toMatchObject({ Amount: 1500, EndDate: '2024-04-16' });
    expect(first.InvoiceDisplayItems.some((i) => i.LineItemEntityUid === 'free')).toBe(false);
    expect(renewal({ plan, addOns }).Total).toBe(1000 + 3000 + 700);
  });
});

describe('new subscription: coupons', () => {
  const addOns = [{ addOn: makeAddOn(), quantity: 1 }];
  const coupon = (c: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ coupon: { Uid: 'c', UniqueIdentifier: 'C', Name: 'C', PercentOff: null, AmountOff: null, Duration: 'Forever' as const, DurationInMonths: null, RedeemBy: null, PlanUids: [], IsActive: true, ...c }, ...extra });

  it('"coupons percent or amount": percent off the subtotal, rounded half-up', () => {
    const s = now({ addOns, coupon: coupon({ PercentOff: 10 }) });
    expect(compact(s.InvoiceDisplayItems).at(-1)).toEqual([5, -150, 0, -150]);
    expect(s.Total).toBe(1350);
    expect(now({ addOns, coupon: coupon({ AmountOff: 200 }) }).Total).toBe(1300);
  });

  it('"never below zero, amount-off does not carry over"', () => {
    const c = coupon({ AmountOff: 2000, Duration: 'Once' });
    expect(now({ addOns, coupon: c }).Total).toBe(0);
    expect(renewal({ addOns, coupon: c }).Total).toBe(1500);
  });

  it('"Once/Forever": Once discounts the first invoice only, Forever every invoice', () => {
    expect(renewal({ coupon: coupon({ PercentOff: 50, Duration: 'Once' }) }).Total).toBe(1000);
    expect(now({ coupon: coupon({ PercentOff: 50, Duration: 'Once' }) }).Total).toBe(500);
    expect(renewal({ coupon: coupon({ PercentOff: 50 }) }).Total).toBe(500);
  });

  it('"Repeating with DurationInMonths": applies for that many months from redemption', () => {
    const c = coupon({ PercentOff: 50, Duration: 'Repeating', DurationInMonths: 2 }, { appliedAt: '2024-03-01' });
    expect(now({ coupon: c }).Total).toBe(500);
    expect(renewal({ coupon: c }).Total).toBe(1000); // 2024-05-01 is past 2024-03-01 + 2 months
    const fresh = coupon({ PercentOff: 50, Duration: 'Repeating', DurationInMonths: 2 });
    expect(renewal({ coupon: fresh }).Total).toBe(500);
  });

  it('"RedeemBy (cannot redeem after)"', () => {
    const late = coupon({ PercentOff: 50, RedeemBy: '2024-03-31T23:59:59Z' });
    expect(now({ coupon: late }).Total).toBe(1000);
    const earlier = coupon({ PercentOff: 50, RedeemBy: '2024-03-31T23:59:59Z' }, { appliedAt: '2024-03-15T00:00:00Z' });
    expect(now({ coupon: earlier }).Total).toBe(500);
  });

  it('"ExpireDate (stops applying after)"', () => {
    const c = coupon({ PercentOff: 50 }, { expireDate: '2024-04-30' });
    expect(now({ coupon: c }).Total).toBe(500);
    expect(renewal({ coupon: c }).Total).toBe(1000);
  });

  it('a coupon limited to other plans does not apply', () => {
    expect(now({ coupon: coupon({ PercentOff: 50, PlanUids: ['other'] }) }).Total).toBe(1000);
  });
});

describe('new subscription: tax and currency', () => {
  const rates = [{ country: 'US', state: 'CA', rateBasisPoints: 725 }, { country: 'US', rateBasisPoints: 500 }, { country: 'GB', rateBasisPoints: 2000 }];

  it('"Tax exclusive ... from a tax-rate table passed in (keyed by country and optional state, rates in basis points)"', () => {
    const ca = now({ tax: { rates, country: 'US', state: 'CA', behavior: 'exclusive' } });
    expect(compact(ca.InvoiceDisplayItems)).toEqual([[1, 1000, 73, 1073]]); // 72.5 -> 73
    expect(now({ tax: { rates, country: 'US', state: 'NY', behavior: 'exclusive' } }).Total).toBe(1050);
    expect(now({ tax: { rates, country: 'FR', behavior: 'exclusive' } }).Total).toBe(1000);
  });

  it('"TaxStatus \'Exempt\' means no tax"', () => {
    expect(now({ tax: { rates, country: 'US', state: 'CA', status: 'Exempt', behavior: 'exclusive' } }).Total).toBe(1000);
  });

  it('"Tax ... inclusive": the tax is contained in the price and the total stays the price', () => {
    const s = now({ plan: makePlan({ MonthlyRate: 12000 }), tax: { rates, country: 'GB', behavior: 'inclusive' } });
    expect(s.TaxBehavior).toBe('inclusive');
    expect(compact(s.InvoiceDisplayItems)).toEqual([[1, 12000, 2000, 12000]]);
    expect(s.Total).toBe(12000);
  });

  it('"discount is applied before tax; per-line rounding" — discount-before-tax example', () => {
    const s = now({
      plan: makePlan({ MonthlyRate: 10000 }),
      coupon: { coupon: { Uid: 'c', UniqueIdentifier: 'C', Name: 'C', PercentOff: 15, AmountOff: null, Duration: 'Forever', DurationInMonths: null, RedeemBy: null, PlanUids: [], IsActive: true } },
      tax: { rates: [{ country: 'US', rateBasisPoints: 1000 }], country: 'US', behavior: 'exclusive' },
    });
    expect(compact(s.InvoiceDisplayItems)).toEqual([[1, 10000, 1000, 11000], [5, -1500, -150, -1650]]);
    expect(s.Total).toBe(9350);
  });

  it('a coupon covering the whole invoice leaves exactly zero, not a cent of credit from tax rounding', () => {
    // Per-line tax 0 + 3193 = 3193, but 3.02% of the whole 105746 rounds to 3194: the discount's tax is capped.
    const s = now({
      plan: makePlan({ MonthlyRate: 0, SetupFee: 1 }),
      addOns: [{ addOn: makeAddOn({ MonthlyRate: null, SetupFee: 105745 }), quantity: 0 }],
      coupon: { coupon: { Uid: 'c', UniqueIdentifier: 'C', Name: 'C', PercentOff: null, AmountOff: 105746, Duration: 'Once', DurationInMonths: null, RedeemBy: null, PlanUids: [], IsActive: true } },
      tax: { rates: [{ country: 'US', rateBasisPoints: 302 }], country: 'US', behavior: 'exclusive' },
    });
    expect(compact(s.InvoiceDisplayItems).filter(([type]) => type === 5 || type === 6)).toEqual([[5, -105746, -3193, -108939]]);
    expect(s.Total).toBe(0);
  });

  it('"zero-decimal currencies (no fractions ever)"', () => {
    const s = now({
      currency: 'JPY', plan: makePlan({ MonthlyRate: 999, TrialPeriodDays: 7 }),
      addOns: [{ addOn: makeAddOn({ MonthlyRate: 333, IsBilledDuringTrial: true }), quantity: 1 }],
      tax: { rates: [{ country: 'JP', rateBasisPoints: 1000 }], country: 'JP', behavior: 'exclusive' },
    });
    expect(compact(s.InvoiceDisplayItems)).toEqual([[1, 0, 0, 0], [3, 78, 8, 86]]); // 333 x 7/30 = 77.7 -> 78
    for (const i of s.InvoiceDisplayItems) for (const v of [i.Amount, i.Tax, i.Total]) expect(Number.isInteger(v)).toBe(true);
  });
});

describe('renewal summary for a new subscription', () => {
  it('"A second \'renewal\' summary is also computed for a new subscription if ... the term is not OneTime; there is a trial ...; any add-on is recurring"', () => {
    const oneTime = makePlan({ OneTimeRate: 5000 });
    const base = summaryInput({ plan: oneTime, term: 'OneTime' });
    expect(needsRenewalSummary(base)).toBe(false);
    expect(needsRenewalSummary({ ...base, addOns: [{ addOn: makeAddOn({ BillingAddOnType: 'OneTime' }), quantity: 1 }] })).toBe(false);
    expect(needsRenewalSummary({ ...base, addOns: [{ addOn: makeAddOn(), quantity: 1 }] })).toBe(true);
    expect(needsRenewalSummary({ ...base, plan: makePlan({ OneTimeRate: 5000, TrialPeriodDays: 7 }) })).toBe(true);
    expect(needsRenewalSummary(summaryInput())).toBe(true);
  });

  it('chargeSummaries and renewalSummary give { Total, InvoiceDate } or null', () => {
    expect(renewalSummary(summaryInput())).toEqual({ Total: 1000, InvoiceDate: '2024-05-01' });
    expect(renewalSummary(summaryInput({ plan: makePlan({ OneTimeRate: 5000 }), term: 'OneTime' }))).toBeNull();
    const both = chargeSummaries(summaryInput({ addOns: [{ addOn: makeAddOn({ AnnualRate: 4000, MonthlyRate: null }), quantity: 1 }] }));
    expect(both.now.Total).toBe(5000);
    expect(both.renewal?.InvoiceDisplayItems.map((i) => i.LineItemType)).toEqual([1]); // the yearly add-on does not renew on 2024-05-01
  });
});
