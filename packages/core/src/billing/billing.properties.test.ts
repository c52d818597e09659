import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { AddOn, DiscountCoupon, Plan } from '../entities/catalog.ts';
import type { BillingRenewalTerm } from '../entities/billing-terms.ts';
import { chargeSummary } from './charge-summary.ts';
import { changeSummaries } from './change-summary.ts';
import { dayToIso, periodStartFromAnchor, toDay } from './days.ts';
import { makeAddOn, makeCoupon, makePlan } from './test-fixtures.ts';
import type { ChargeSummary, ChargeSummaryInput } from './charge-summary.types.ts';
import type { TaxInput } from './tax.ts';

const rate = fc.option(fc.integer({ min: 0, max: 500_000 }), { nil: null, freq: 3 });
const recurringTerm = fc.constantFrom<BillingRenewalTerm>('Monthly', 'Quarterly', 'Yearly');
const day = fc.integer({ min: toDay('2000-01-01'), max: toDay('2090-12-31') });

const arbPlan: fc.Arbitrary<Plan> = fc.record({
  MonthlyRate: fc.integer({ min: 0, max: 500_000 }), QuarterlyRate: rate, AnnualRate: rate, OneTimeRate: rate,
  SetupFee: rate, IsQuantityEditable: fc.boolean(), IsPerUser: fc.boolean(),
  TrialPeriodDays: fc.option(fc.integer({ min: 0, max: 90 }), { nil: null }),
}).map((p) => makePlan(p));

const arbAddOn: fc.Arbitrary<AddOn> = fc.record({
  Uid: fc.constantFrom('a1', 'a2', 'a3', 'a4'),
  BillingAddOnType: fc.constantFrom<AddOn['BillingAddOnType']>('Recurring', 'OneTime', 'Usage'),
  MonthlyRate: rate, QuarterlyRate: rate, AnnualRate: rate, OneTimeRate: rate, SetupFee: rate,
  IsQuantityEditable: fc.boolean(), IsBilledDuringTrial: fc.boolean(),
}).map((a) => makeAddOn(a));

const arbCoupon: fc.Arbitrary<DiscountCoupon> = fc.record({
  PercentOff: fc.option(fc.integer({ min: 1, max: 10_000 }).map((h) => h / 100), { nil: null }),
  AmountOff: fc.option(fc.integer({ min: 1, max: 200_000 }), { nil: null }),
  Duration: fc.constantFrom<DiscountCoupon['Duration']>('Once', 'Forever', 'Repeating'),
  DurationInMonths: fc.option(fc.integer({ min: 1, max: 24 }), { nil: null }),
}).map((c) => makeCoupon(c));

const arbTax: fc.Arbitrary<TaxInput | null> = fc.option(fc.record({
  rates: fc.integer({ min: 0, max: 2_700 }).map((bps) => [{ country: 'XX', rateBasisPoints: bps }]),
  country: fc.constant('XX'),
  status: fc.constantFrom<'Taxable' | 'Exempt'>('Taxable', 'Exempt'),
  behavior: fc.constantFrom<'inclusive' | 'exclusive'>('inclusive', 'exclusive'),
}), { nil: null });

const arbAddOns = fc.uniqueArray(fc.record({ addOn: arbAddOn, quantity: fc.integer({ min: 0, max: 20 }) }), { selector: (s) => s.addOn.Uid, maxLength: 4 });

const arbNewInput: fc.Arbitrary<ChargeSummaryInput> = fc.record({
  plan: arbPlan, term: fc.constantFrom<BillingRenewalTerm>('Monthly', 'Quarterly', 'Yearly', 'OneTime'),
  quantity: fc.integer({ min: 0, max: 50 }), addOns: arbAddOns, coupon: fc.option(arbCoupon, { nil: null }),
  tax: arbTax, today: day, currency: fc.constantFrom('USD', 'EUR', 'JPY', 'KRW'),
}).map(({ today, ...r }) => ({ ...r, coupon: r.coupon ? { coupon: r.coupon } : null, now: new Date(today * 86_400_000 + 3_600_000), asOf: 'now' }));

const arbChangeInput: fc.Arbitrary<ChargeSummaryInput> = fc.record({
  base: arbNewInput, oldPlan: arbPlan, oldTerm: recurringTerm, oldQuantity: fc.integer({ min: 0, max: 50 }),
  oldAddOns: arbAddOns, anchor: day, offset: fc.integer({ min: 0, max: 400 }),
}).map(({ base, oldPlan, oldTerm, oldQuantity, oldAddOns, anchor, offset }) => {
  const end = periodStartFromAnchor(anchor, oldTerm, 1);
  const changeDay = anchor + (offset % (end - anchor));
  return {
    ...base, plan: { ...base.plan, Uid: 'new' }, now: new Date(changeDay * 86_400_000 + 60_000),
    existing: { plan: oldPlan, term: oldTerm, quantity: oldQuantity, addOns: oldAddOns, periodStart: dayToIso(anchor), periodEnd: dayToIso(end) },
  };
});

function sumTotals(s: ChargeSummary): number {
  return s.InvoiceDisplayItems.reduce((acc, i) => acc + i.Total, 0);
}
function allSummaries(input: ChargeSummaryInput): ChargeSummary[] {
  if (input.existing) {
    const c = changeSummaries(input);
    return [c.now, c.renewal];
  }
  return [chargeSummary({ ...input, asOf: 'now' }), chargeSummary({ ...input, asOf: 'renewal' })];
}
const anyInput = fc.oneof(arbNewInput, arbChangeInput);

describe('billing properties (fast-check)', () => {
  it('"total equals the sum of line totals"', () => {
    fc.assert(fc.property(anyInput, (input) => {
      for (const s of allSummaries(input)) {
        expect(s.Total).toBe(sumTotals(s));
        for (const i of s.InvoiceDisplayItems) {
          expect(i.Total).toBe(s.TaxBehavior === 'exclusive' ? i.Amount + i.Tax : i.Amount);
        }
      }
    }));
  });

  it('"due now is never negative" (nor the renewal)', () => {
    fc.assert(fc.property(anyInput, (input) => {
      for (const s of allSummaries(input)) expect(s.Total).toBeGreaterThanOrEqual(0);
    }));
  });

  it('"zero-decimal currencies never yield fractions (all amounts integers — and for 2-decimal currencies too everything is integer minor units)"', () => {
    fc.assert(fc.property(anyInput, (input) => {
      for (const s of allSummaries(input)) {
        expect(Number.isSafeInteger(s.Total)).toBe(true);
        for (const i of s.InvoiceDisplayItems) {
          expect([i.Amount, i.Tax, i.Total].every(Number.isSafeInteger)).toBe(true);
        }
      }
    }));
  });

  it('"a change at the first instant (first day) of a period credits the whole old period, at its last day about nothing (one day\'s worth at most)"', () => {
    fc.assert(fc.property(arbPlan, recurringTerm, fc.integer({ min: 1, max: 50 }), day, (oldPlan, term, quantity, anchor) => {
      const end = periodStartFromAnchor(anchor, term, 1);
      const newPlan = makePlan({ Uid: 'bigger', IsPerUser: true, MonthlyRate: 10_000_000, QuarterlyRate: 30_000_000, AnnualRate: 120_000_000 });
      const existing = { plan: oldPlan, term, quantity, addOns: [], periodStart: dayToIso(anchor), periodEnd: dayToIso(end) };
      const oldAmount = (term === 'Monthly' ? oldPlan.MonthlyRate : term === 'Quarterly' ? oldPlan.QuarterlyRate : oldPlan.AnnualRate) ?? 0;
      const oldTotal = oldAmount * (oldPlan.IsQuantityEditable || oldPlan.IsPerUser ? quantity : 1);
      const credit = (d: number) => changeSummaries({
        now: new Date(d * 86_400_000), currency: 'USD', plan: newPlan, term, quantity, addOns: [], existing, asOf: 'now',
      }).now.InvoiceDisplayItems.find((i) => i.LineItemType === 7)?.Amount ?? 0;
      expect(credit(anchor)).toBe(-oldTotal);
      expect(-credit(end - 1)).toBeLessThanOrEqual(Math.ceil(oldTotal / (end - anchor)));
    }));
  });

  it('"removing a coupon restores the undiscounted total"', () => {
    fc.assert(fc.property(arbNewInput, arbCoupon, (input, coupon) => {
      for (const asOf of ['now', 'renewal'] as const) {
        const withCoupon = chargeSummary({ ...input, coupon: { coupon }, asOf });
        const without = chargeSummary({ ...input, coupon: null, asOf });
        const undiscounted = withCoupon.InvoiceDisplayItems.filter((i) => i.LineItemType !== 5).reduce((a, i) => a + i.Total, 0);
        expect(without.Total).toBe(undiscounted);
        expect(withCoupon.Total).toBeLessThanOrEqual(without.Total);
      }
    }));
  });

  it('"inclusive-tax totals equal the pre-tax price"', () => {
    fc.assert(fc.property(anyInput, fc.integer({ min: 1, max: 2_700 }), (input, bps) => {
      const tax: TaxInput = { rates: [{ country: 'XX', rateBasisPoints: bps }], country: 'XX', behavior: 'inclusive' };
      const taxed = allSummaries({ ...input, tax });
      const untaxed = allSummaries({ ...input, tax: null });
      expect(taxed.map((s) => s.Total)).toEqual(untaxed.map((s) => s.Total));
    }));
  });
});
