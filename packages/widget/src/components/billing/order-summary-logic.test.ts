import { describe, expect, it } from 'vitest';
import type { TFunction } from '../../i18n/translator.ts';
import { getI18n } from '../../app/i18n.ts';
import { registerBillingStrings } from '../../i18n/register-billing-strings.ts';
import { formatAmount, formatDate } from './format.ts';
import { couponDurationText, followingText, itemDetail } from './order-summary-logic.ts';
import type { Formatters } from './order-summary-logic.ts';

const i18n = getI18n();
registerBillingStrings(i18n);
// Medium dates as a British reader sees them (the issue's own example), money in USD.
const f: Formatters = { t: i18n.t.bind(i18n) as TFunction, money: (m) => formatAmount(m, 'USD', 'en-US'), date: (d) => formatDate(d, 'en-GB') };
const coupon = (over: object) => ({ Uid: 'c', UniqueIdentifier: 'SPRING3', Name: 'Spring', PercentOff: null, AmountOff: null, Duration: 'Once' as const, DurationInMonths: null, RedeemBy: null, PlanUids: [], IsActive: true, ...over });

describe('the words of the order summary', () => {
  it("the issue's example: the discounted price until the coupon ends, then the full price from that date", () => {
    expect(followingText([{ key: 'thenUntil', amount: 28125, per: 'Monthly', until: '2027-02-23', fullAmount: 37500, names: [] }], f))
      .toEqual(['Then $281.25 per month until 23 Feb 2027, and $375.00 per month from 23 Feb 2027.']);
    expect(followingText([{ key: 'then', amount: 37500, per: 'Monthly', from: '2027-02-23', names: [], beforeDiscount: false }], f))
      .toEqual(['Then $375.00 per month from 23 Feb 2027.']);
  });

  it('a trial, parts on other terms, usage billed by use, nothing more', () => {
    expect(followingText([
      { key: 'trialEnds', date: '2026-12-07' },
      { key: 'then', amount: 1000, per: 'Monthly', from: '2026-12-07', names: ['Data retention'], beforeDiscount: true },
      { key: 'plus', amount: 100000, per: 'Quarterly', from: '2027-03-07', names: ['Pro'], beforeDiscount: false },
      { key: 'usage', name: 'API calls', unitAmount: 25, unit: '1,000 calls', per: 'Monthly' },
    ], f)).toEqual([
      'Your free trial ends on 7 Dec 2026.',
      'Then $10.00 per month from 7 Dec 2026 for Data retention, before your discount.',
      'Plus $1,000.00 per quarter from 7 Mar 2027 for Pro.',
      'API calls: billed by use at $0.25 per 1,000 calls, monthly.',
    ]);
    expect(followingText([{ key: 'nothingRenews' }, { key: 'staysFree' }], f)).toEqual(['Nothing more is charged after today.', 'Free: nothing is charged now or later.']);
  });

  it('a coupon says what it takes off and for how long', () => {
    expect(couponDurationText(coupon({ PercentOff: 25, Duration: 'Repeating', DurationInMonths: 3 }), f)).toBe('25% off for 3 months');
    expect(couponDurationText(coupon({ PercentOff: 25, Duration: 'Repeating', DurationInMonths: 1 }), f)).toBe('25% off for 1 month');
    expect(couponDurationText(coupon({ AmountOff: 1000 }), f)).toBe('$10.00 off once');
    expect(couponDurationText(coupon({ PercentOff: 10, Duration: 'Forever' }), f)).toBe('10% off forever');
  });

  it('a line reads quantity × unit price per term; a trial line says until when', () => {
    const base = { kind: 'plan' as const, uid: 'p', name: 'Team', amount: 4500, start: '2026-11-23', end: '2026-12-23', trial: false };
    expect(itemDetail({ ...base, quantity: 3, unitAmount: 1500, per: 'Monthly' }, f)).toBe('3 × $15.00 per month');
    expect(itemDetail({ ...base, quantity: null, unitAmount: null, per: null, amount: 0, trial: true }, f)).toBe('Free trial until 23 Dec 2026');
    expect(itemDetail({ ...base, quantity: null, unitAmount: null, per: null }, f)).toBe('23 Nov 2026 – 23 Dec 2026');
  });
});
