import { describe, expect, it } from 'vitest';
import { changeBody, startedWithin } from './complete-change.ts';
import { sentenceText } from './plan-change-logic.ts';
import { enPlanChange } from './en-plan-change.ts';

/** A stand-in for i18next over en-plan-change.ts: `planChange.a.b` looked up, `_one`/`_other` by count, {{x}} filled. */
function t(key: string, options: Record<string, unknown> = {}): string {
  const path = key.replace(/^planChange\./, '').split('.');
  let node: unknown = enPlanChange;
  for (const [i, part] of path.entries()) {
    const table = node as Record<string, unknown>;
    node = i === path.length - 1 && typeof options.count === 'number' && `${part}_one` in table ? table[`${part}_${options.count === 1 ? 'one' : 'other'}`] : table[part];
  }
  return String(node).replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(options[k]));
}
const words = { t, money: (minor: number) => `$${(minor / 100).toFixed(2)}`, date: (iso: string) => (iso === '2026-12-01' ? '1 Dec' : iso) };

describe('the plan change sentence in words', () => {
  it('says what is charged today and what follows, and that a downgrade charges nothing', () => {
    expect(sentenceText({ key: 'payToday', amount: 4120, days: 16, period: 'Monthly', then: { amount: 7900, per: 'Monthly', from: '2026-12-01' } }, words))
      .toBe('You pay $41.20 today for the 16 days left of this month, then $79.00 monthly from 1 Dec.');
    expect(sentenceText({ key: 'scheduled', plan: 'Starter', current: 'Pro', on: '2026-12-01' }, words))
      .toBe('Nothing is charged today. Your plan changes to Starter on 1 Dec; until then you keep Pro.');
    expect(sentenceText({ key: 'credit', credit: 1240, on: '2026-12-01', then: { amount: 2900, per: 'Monthly', from: '2026-12-01' } }, words))
      .toBe('Nothing is charged today. $12.40 of unused time is kept as credit on your account and taken off your next invoice on 1 Dec; then $29.00 monthly.');
    expect(sentenceText({ key: 'payToday', amount: 100, days: 1, period: 'Yearly', then: null }, words)).toBe('You pay $1.00 today for the 1 day left of this year.');
  });

  it('a change keeps its coupon (no coupon field) and drops ended add-ons; the reissue window is either side of now', () => {
    expect(changeBody({ planUid: 'pro', term: 'Monthly', quantity: 1, coupon: null, addOns: [{ uid: 'a', quantity: 2 }, { uid: 'old', quantity: 1, endDate: '2026-01-01' }] }))
      .toEqual({ Plan: { Uid: 'pro' }, Quantity: 1, BillingRenewalTerm: 'Monthly', SubscriptionAddOns: [{ AddOn: { Uid: 'a' }, Quantity: 2 }] });
    const now = new Date('2026-11-29T12:00:00Z');
    expect(startedWithin(['2026-11-29T11:58:00Z'], now, 5 * 60_000)).toBe(true);
    expect(startedWithin(['2026-12-03T00:00:00Z', null], now, 5 * 86_400_000)).toBe(true);
    expect(startedWithin(['2026-12-15T00:00:00Z'], now, 5 * 86_400_000)).toBe(false);
  });
});
