import { describe, expect, it } from 'vitest';
import { toDay } from './days.ts';
import { invoiceTotals, periodEndingOn, renewal, usageAmount, usageBlockSize, type RenewalInput, type RenewingRow } from './renewal.ts';
import { compact, makeAddOn, makeCoupon, makePlan } from './test-fixtures.ts';

const d = (iso: string) => toDay(iso);
const row = (over: Partial<RenewingRow> = {}): RenewingRow => ({
  plan: makePlan(), term: 'Monthly', quantity: 1, addOns: [], anchor: d('2024-01-31'), start: d('2024-01-31'), coupon: null, ...over,
});
const input = (over: Partial<RenewalInput> = {}): RenewalInput => ({
  now: new Date('2024-03-31T00:00:05Z'), renewalDay: d('2024-03-31'), current: row(), scheduled: null, ends: false, tax: null,
  creditIn: 0, usage: new Map(), ...over,
});
const iso = (n: number | null) => (n === null ? null : new Date(n * 86_400_000).toISOString().slice(0, 10));

describe('renewal: the invoice for the new period', () => {
  it('bills the plan for [renewal, next) by the anchor rule (Jan 31 anchor: Mar 31 → Apr 30)', () => {
    const o = renewal(input());
    expect(o.kind).toBe('renew');
    expect(o.invoice?.InvoiceDisplayItems.map((l) => [l.LineItemType, l.Amount, l.StartDate, l.EndDate])).toEqual([[1, 1000, '2024-03-31', '2024-04-30']]);
    expect([iso(o.periodStart), iso(o.periodEnd), iso(o.nextRenewal)]).toEqual(['2024-03-31', '2024-04-30', '2024-04-30']);
    expect(o.invoice?.Total).toBe(1000);
  });

  it('bills recurring add-ons whose period starts that day, never setup fees; a yearly add-on waits for its own anniversary', () => {
    const plan = makePlan({ SetupFee: 4900 });
    const monthly = makeAddOn({ Uid: 'm', MonthlyRate: 500, SetupFee: 100 });
    const yearly = makeAddOn({ Uid: 'y', MonthlyRate: null, AnnualRate: 6000 });
    const o = renewal(input({ current: row({ plan, addOns: [{ addOn: monthly, quantity: 1 }, { addOn: yearly, quantity: 1, term: 'Yearly' }] }) }));
    expect(compact(o.invoice!.InvoiceDisplayItems)).toEqual([[1, 1000, 0, 1000], [3, 500, 0, 500]]);
    const year = renewal(input({ renewalDay: d('2025-01-31'), current: row({ plan, addOns: [{ addOn: yearly, quantity: 1, term: 'Yearly' }] }) }));
    expect(compact(year.invoice!.InvoiceDisplayItems)).toEqual([[1, 1000, 0, 1000], [3, 6000, 0, 6000]]);
  });

  it('adds tax per line as the engine does', () => {
    const o = renewal(input({ tax: { rates: [{ country: 'US', rateBasisPoints: 1000 }], country: 'US', state: null, behavior: 'exclusive' } }));
    expect(compact(o.invoice!.InvoiceDisplayItems)).toEqual([[1, 1000, 100, 1100]]);
    expect(invoiceTotals(o.invoice!)).toEqual({ subtotal: 1000, tax: 100 });
  });

  it('a deactivated plan still renews at the subscriber\'s price (grandfathered)', () => {
    expect(renewal(input({ current: row({ plan: makePlan({ IsActive: false }) }) })).invoice?.Total).toBe(1000);
  });
});

describe('renewal: usage add-ons for the period just ended', () => {
  const calls = makeAddOn({ Uid: 'calls', Name: 'API calls', BillingAddOnType: 'Usage', MonthlyRate: 25, UnitOfMeasure: '1,000 calls' });
  it('prices per unit block as the order summary words it ($0.25 per 1,000 calls), every block begun billed', () => {
    expect(usageBlockSize('1,000 calls')).toBe(1000);
    expect(usageBlockSize('GB')).toBe(1);
    expect(usageBlockSize(null)).toBe(1);
    expect(usageAmount(12_345, 25, 1000)).toBe(13 * 25);
    expect(usageAmount(0, 25, 1000)).toBe(0);
  });

  it('bills reported use of [previous renewal, renewal) on the renewal invoice; zero when none was reported', () => {
    const current = row({ addOns: [{ addOn: calls, quantity: 1 }] });
    const o = renewal(input({ current, usage: new Map([['calls', 12_345]]) }));
    const usage = o.invoice!.InvoiceDisplayItems.find((l) => l.LineItemEntityUid === 'calls')!;
    expect([usage.Amount, usage.StartDate, usage.EndDate, usage.Description]).toEqual([325, '2024-02-29', '2024-03-31', 'API calls (usage: 12,345)']);
    expect(o.invoice!.Total).toBe(1325);
    expect([iso(o.usageFrom), iso(o.usageTo)]).toEqual(['2024-02-29', '2024-03-31']);
    const none = renewal(input({ current }));
    expect(none.invoice!.InvoiceDisplayItems.find((l) => l.LineItemEntityUid === 'calls')?.Amount).toBe(0);
  });

  it('the first period (and a trial) counts usage from the row\'s start', () => {
    expect(iso(periodEndingOn(row({ start: d('2024-01-10'), anchor: d('2024-01-24') }), d('2024-01-24')))).toBe('2024-01-10');
    expect(iso(periodEndingOn(row({ start: d('2024-03-15'), anchor: d('2024-01-31') }), d('2024-03-31')))).toBe('2024-03-15');
  });
});

describe('renewal: account credit', () => {
  it('takes credit off and returns what is left', () => {
    const o = renewal(input({ creditIn: 300 }));
    expect([o.invoice!.Total, o.creditOut]).toEqual([700, 0]);
    const big = renewal(input({ creditIn: 2500 }));
    expect([big.invoice!.Total, big.creditOut]).toEqual([0, 1500]);
  });
});

describe('renewal: coupons', () => {
  const withCoupon = (over: Parameters<typeof makeCoupon>[0], appliedAt = '2024-01-31T10:00:00Z', expireDate: string | null = null) =>
    renewal(input({ current: row({ coupon: { coupon: makeCoupon(over), appliedAt, expireDate } }) })).invoice!.Total;
  it('Once: never on a renewal', () => expect(withCoupon({ Duration: 'Once', PercentOff: 50 })).toBe(1000));
  it('Forever: on every renewal', () => expect(withCoupon({ Duration: 'Forever', PercentOff: 50 })).toBe(500));
  it('Repeating: until redemption + DurationInMonths', () => {
    expect(withCoupon({ Duration: 'Repeating', DurationInMonths: 3, PercentOff: 50 })).toBe(500);
    expect(withCoupon({ Duration: 'Repeating', DurationInMonths: 2, PercentOff: 50 })).toBe(1000);
  });
  it('ExpireDate on the subscription: not after it', () => {
    expect(withCoupon({ Duration: 'Forever', PercentOff: 50 }, '2024-01-31T10:00:00Z', '2024-03-30')).toBe(1000);
    expect(withCoupon({ Duration: 'Forever', PercentOff: 50 }, '2024-01-31T10:00:00Z', '2024-03-31')).toBe(500);
  });
  it('a coupon deactivated after redemption keeps discounting (it was redeemed)', () => {
    expect(withCoupon({ Duration: 'Forever', PercentOff: 50, IsActive: false })).toBe(500);
  });
});

describe('renewal: outcomes', () => {
  it('end: a cancelled (or expired) row ends on the renewal day, no invoice', () => {
    const o = renewal(input({ ends: true, creditIn: 50 }));
    expect([o.kind, o.invoice, o.nextRenewal, o.creditOut]).toEqual(['end', null, null, 50]);
  });

  it('change: a scheduled downgrade is billed for its first period, usage of the old row included', () => {
    const calls = makeAddOn({ Uid: 'calls', Name: 'API calls', BillingAddOnType: 'Usage', MonthlyRate: 10, UnitOfMeasure: 'call' });
    const small = row({ plan: makePlan({ Uid: 'small', Name: 'Small', MonthlyRate: 400 }), anchor: d('2024-03-31'), start: d('2024-03-31') });
    const o = renewal(input({ current: row({ addOns: [{ addOn: calls, quantity: 1 }] }), scheduled: small, ends: true, usage: new Map([['calls', 3]]) }));
    expect(o.kind).toBe('change');
    expect(o.invoice!.InvoiceDisplayItems.map((l) => [l.LineItemEntityUid, l.Amount])).toEqual([['small', 400], ['calls', 30]]);
    expect(iso(o.nextRenewal)).toBe('2024-04-30');
  });

  it('none: a one-time term never renews', () => {
    expect(renewal(input({ current: row({ term: 'OneTime', plan: makePlan({ OneTimeRate: 5000 }) }) })).kind).toBe('none');
  });

  it('trial end: the first paid invoice, with the one-time add-ons the trial did not bill', () => {
    const setup = makeAddOn({ Uid: 'onboarding', BillingAddOnType: 'OneTime', MonthlyRate: null, OneTimeRate: 9900 });
    const trial = row({ start: d('2024-03-17'), anchor: d('2024-03-31'), addOns: [{ addOn: setup, quantity: 1 }] });
    const o = renewal(input({ current: trial }));
    expect(o.endsTrial).toBe(true);
    expect(compact(o.invoice!.InvoiceDisplayItems)).toEqual([[1, 1000, 0, 1000], [3, 9900, 0, 9900]]);
    expect(renewal(input({ renewalDay: d('2024-04-30'), current: trial })).invoice!.Total).toBe(1000);
  });
});
