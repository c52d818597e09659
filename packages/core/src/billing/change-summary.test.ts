import { describe, expect, it } from 'vitest';
import { changeSummaries } from './change-summary.ts';
import { chargeSummary } from './charge-summary.ts';
import { dueLabel } from './due-label.ts';
import { compact, makeAddOn, makeCoupon, makePlan, summaryInput } from './test-fixtures.ts';
import type { ChargeSummaryInput, ExistingSubscription } from './charge-summary.types.ts';

const planA = makePlan({ Uid: 'A', Name: 'A', MonthlyRate: 1000 });
const planB = makePlan({ Uid: 'B', Name: 'B', MonthlyRate: 2500 });
const existing = (over: Partial<ExistingSubscription> = {}): ExistingSubscription => ({
  plan: planA, term: 'Monthly', quantity: 1, addOns: [], periodStart: '2024-01-01', periodEnd: '2024-02-01', ...over,
});
const change = (over: Partial<ChargeSummaryInput> = {}) =>
  changeSummaries(summaryInput({ now: new Date('2024-01-11T10:00:00Z'), plan: planB, existing: existing(), ...over }));

describe('change of an existing subscription: proration', () => {
  it('"fraction left at a change on day D = (days from D to the period end, D counted, end day not) / (days in that period)" — proration example', () => {
    const { now, renewal, immediate } = change();
    expect(immediate).toBe(true);
    // 21 of 31 days left: credit 1000 x 21/31 = 677.42 -> 677; charge 2500 x 21/31 = 1693.55 -> 1694
    expect(compact(now.InvoiceDisplayItems)).toEqual([[7, -677, 0, -677], [1, 1694, 0, 1694]]);
    expect(now.InvoiceDisplayItems[1]).toMatchObject({ StartDate: '2024-01-11', EndDate: '2024-02-01' });
    expect(now.Total).toBe(1017);
    expect(renewal.InvoiceDate).toBe('2024-02-01');
    expect(compact(renewal.InvoiceDisplayItems)).toEqual([[1, 2500, 0, 2500]]);
  });

  it('"both rounded half-up per line to the currency\'s minor unit" — rounding example with 8.25% tax', () => {
    const { now } = change({ tax: { rates: [{ country: 'US', rateBasisPoints: 825 }], country: 'US', behavior: 'exclusive' } });
    // credit tax 677 x 8.25% = 55.85 -> 56; charge tax 1694 x 8.25% = 139.755 -> 140
    expect(compact(now.InvoiceDisplayItems)).toEqual([[7, -677, -56, -733], [1, 1694, 140, 1834]]);
    expect(now.Total).toBe(1101);
  });

  it('"a change at the first instant (first day) of a period credits the whole old period, at its last day about nothing"', () => {
    const first = change({ now: new Date('2024-01-01T00:00:00Z') }).now;
    expect(first.InvoiceDisplayItems[0]?.Amount).toBe(-1000);
    const last = change({ now: new Date('2024-01-31T23:59:00Z') }).now;
    expect(last.InvoiceDisplayItems[0]?.Amount).toBe(-32); // 1000 x 1/31
  });

  it('"when the change costs less than the credit, due-now total is 0 and the remainder becomes account credit (a Credit line, LineItemType 6, on the next/renewal invoice)" — credit example', () => {
    const plan = makePlan({ Uid: 'P', MonthlyRate: 1000, AnnualRate: 12000 });
    const { now, renewal } = changeSummaries(summaryInput({
      now: new Date('2024-07-02T08:00:00Z'), plan, term: 'Monthly',
      existing: existing({ plan, term: 'Yearly', periodStart: '2024-01-01', periodEnd: '2025-01-01' }),
    }));
    // 183 of 366 days left: credit 12000 x 183/366 = 6000; new monthly period charged 1000
    expect(compact(now.InvoiceDisplayItems)).toEqual([[7, -6000, 0, -6000], [1, 1000, 0, 1000], [6, 5000, 0, 5000]]);
    expect(now.Total).toBe(0);
    expect(renewal.InvoiceDate).toBe('2024-08-02');
    expect(compact(renewal.InvoiceDisplayItems)).toEqual([[1, 1000, 0, 1000], [6, -1000, 0, -1000]]);
    expect(renewal.Total).toBe(0);
  });

  it('"a downgrade (lower yearly-equivalent price: monthly×12, quarterly×4, annual) is scheduled for the renewal date (due now 0, the new price on the renewal summary)"', () => {
    const { now, renewal, immediate } = change({ plan: planA, existing: existing({ plan: planB }) });
    expect(immediate).toBe(false);
    expect(now).toMatchObject({ Total: 0, InvoiceDisplayItems: [], InvoiceDate: '2024-01-11' });
    expect(renewal.InvoiceDate).toBe('2024-02-01');
    expect(compact(renewal.InvoiceDisplayItems)).toEqual([[1, 1000, 0, 1000]]);
    // Monthly 1000 (12000/yr) -> Yearly 11000 is a downgrade by yearly equivalent
    const both = makePlan({ Uid: 'A', MonthlyRate: 1000, AnnualRate: 11000 });
    expect(change({ plan: both, term: 'Yearly', existing: existing({ plan: both }) }).immediate).toBe(false);
  });

  it('"quantity changes": an increase is prorated at once, a decrease waits for the renewal', () => {
    const perUser = makePlan({ Uid: 'U', IsPerUser: true, MonthlyRate: 1000 });
    const up = change({ plan: perUser, quantity: 5, existing: existing({ plan: perUser, quantity: 3 }) }).now;
    expect(compact(up.InvoiceDisplayItems)).toEqual([[7, -2032, 0, -2032], [1, 3387, 0, 3387]]);
    const down = change({ plan: perUser, quantity: 3, existing: existing({ plan: perUser, quantity: 5 }) });
    expect(down.now.Total).toBe(0);
    expect(down.renewal.Total).toBe(3000);
  });

  it('"term changes": an upgrade to a longer term restarts the period on the change day', () => {
    const plan = makePlan({ Uid: 'A', MonthlyRate: 1000, AnnualRate: 12000 });
    const { now, renewal } = change({ plan, term: 'Yearly', existing: existing({ plan }) });
    expect(compact(now.InvoiceDisplayItems)).toEqual([[7, -677, 0, -677], [1, 12000, 0, 12000]]);
    expect(now.InvoiceDisplayItems[1]).toMatchObject({ StartDate: '2024-01-11', EndDate: '2025-01-11' });
    expect(renewal.InvoiceDate).toBe('2025-01-11');
  });

  it('add-ons: added ones are prorated with their setup fee, removed ones credited, unchanged ones untouched', () => {
    const keep = makeAddOn({ Uid: 'keep', MonthlyRate: 300 });
    const drop = makeAddOn({ Uid: 'drop', MonthlyRate: 500 });
    const add = makeAddOn({ Uid: 'add', MonthlyRate: 500, SetupFee: 100 });
    const { now, renewal } = change({
      addOns: [{ addOn: keep, quantity: 1 }, { addOn: add, quantity: 1 }],
      existing: existing({ addOns: [{ addOn: keep, quantity: 1 }, { addOn: drop, quantity: 1 }] }),
    });
    expect(compact(now.InvoiceDisplayItems)).toEqual([[7, -677, 0, -677], [1, 1694, 0, 1694], [8, -339, 0, -339], [3, 339, 0, 339], [4, 100, 0, 100]]);
    expect(renewal.Total).toBe(2500 + 300 + 500);
  });

  it('a coupon on the subscription discounts the net of the change (discount before tax)', () => {
    const { now } = change({ coupon: { coupon: makeCoupon({ PercentOff: 50 }), appliedAt: '2023-12-01' } });
    expect(compact(now.InvoiceDisplayItems).at(-1)).toEqual([5, -509, 0, -509]); // 1017 x 50% = 508.5 -> 509
    expect(now.Total).toBe(508);
  });
});

describe('the 60-day rule', () => {
  it('"For an existing subscription, if the invoice date is more than 60 days ahead, the due-now invoice is treated as empty (total 0). The computed one then becomes the renewal invoice." — 60-day example', () => {
    const input = summaryInput({
      now: new Date('2024-01-11T10:00:00Z'), startDate: '2024-03-12', plan: planB,
      existing: existing({ periodStart: '2024-03-01', periodEnd: '2024-04-01' }),
    });
    const nowSummary = chargeSummary({ ...input, asOf: 'now' });
    expect(nowSummary).toMatchObject({ Total: 0, InvoiceDisplayItems: [], InvoiceDate: '2024-03-12' });
    const renewal = chargeSummary({ ...input, asOf: 'renewal' });
    // 61 days ahead; 20 of 31 days left: credit -645 (645.16), charge 1613 (1612.9)
    expect(renewal.InvoiceDate).toBe('2024-03-12');
    expect(compact(renewal.InvoiceDisplayItems)).toEqual([[7, -645, 0, -645], [1, 1613, 0, 1613]]);
    expect(dueLabel(nowSummary, renewal, input.now)).toEqual({ kind: 'dueOn', date: '2024-03-12' });
  });

  it('exactly 60 days ahead is still due now', () => {
    const input = summaryInput({
      now: new Date('2024-01-11T10:00:00Z'), startDate: '2024-03-11', plan: planB,
      existing: existing({ periodStart: '2024-03-01', periodEnd: '2024-04-01' }),
    });
    expect(chargeSummary({ ...input, asOf: 'now' }).Total).toBeGreaterThan(0);
  });
});

describe('due label', () => {
  const clock = new Date('2024-04-01T12:00:00Z');
  const s = (Total: number, InvoiceDate = '2024-04-01') => ({ Total, InvoiceDate });
  it('"\'Due now\'"', () => {
    expect(dueLabel(s(1000), null, clock)).toBe('dueNow');
    expect(dueLabel(s(1500), s(1000, '2024-05-01'), clock)).toBe('dueNow');
  });
  it('"due now and at renewal, when both totals are equal"', () => {
    expect(dueLabel(s(1000), s(1000, '2024-05-01'), clock)).toBe('dueNowAndAtRenewal');
  });
  it('"due at renewal"', () => {
    expect(dueLabel(s(0), s(1000, '2024-04-15'), clock)).toBe('dueAtRenewal');
  });
  it('"\'Due on {date}\', when the due-now date is more than 60 days away"', () => {
    expect(dueLabel(s(1000, '2024-05-31'), null, clock)).toBe('dueNow'); // 60 days
    expect(dueLabel(s(1000, '2024-06-01'), null, clock)).toEqual({ kind: 'dueOn', date: '2024-06-01' });
  });
});
