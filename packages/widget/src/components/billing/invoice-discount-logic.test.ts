import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@portico/core';
import { couponFromWire, chargeSummaries, dueLabel } from '@portico/core/billing/index';
import { DEMO_COUPONS } from '../../demo/demo-settings.ts';
import { demoPlan } from './test-catalog.ts';
import { dueLabelText, invoiceTable } from './invoice-preview-logic.ts';
import { canApplyCode, demoCouponLookup, discountLookupErrors } from './discount-code-logic.ts';
import { chargeInput, draftForPlan, emptyDraft } from './subscription-draft.ts';

const now = new Date('2024-04-01T12:00:00Z');
const coupons = DEMO_COUPONS.map((c) => couponFromWire(c, 'USD'));

describe('invoice preview logic', () => {
  it('maps each due label of core to its text key', () => {
    expect(dueLabelText('dueNow')).toEqual({ key: 'billing.invoice.dueNow' });
    expect(dueLabelText('dueNowAndAtRenewal')).toEqual({ key: 'billing.invoice.dueNowAndAtRenewal' });
    expect(dueLabelText('dueAtRenewal')).toEqual({ key: 'billing.invoice.dueAtRenewal' });
    expect(dueLabelText({ kind: 'dueOn', date: '2024-07-01' })).toEqual({ key: 'billing.invoice.dueOn', date: '2024-07-01' });
  });

  it('a trial plan is due at renewal; a monthly plan is due now and at renewal', () => {
    const pro = demoPlan('plan_pro');
    const trial = chargeSummaries(chargeInput(draftForPlan(emptyDraft('Monthly'), pro), pro, 'USD', now));
    expect(dueLabel(trial.now, trial.renewal, now)).toBe('dueAtRenewal');
    const noTrial = { ...pro, TrialPeriodDays: null };
    const plain = chargeSummaries(chargeInput(draftForPlan(emptyDraft('Monthly'), noTrial), noTrial, 'USD', now));
    expect(dueLabel(plain.now, plain.renewal, now)).toBe('dueNowAndAtRenewal');
    const table = invoiceTable(plain.now);
    expect(table.rows.map((r) => [r.description, r.total])).toEqual([['Pro', 2999]]);
    expect(table.showTax).toBe(false);
  });
});

describe('discount code logic', () => {
  it('needs a non-empty value', () => {
    expect(canApplyCode('  ')).toBe(false);
    expect(canApplyCode(' X ')).toBe(true);
  });

  it('maps lookup failures per spec section 8', () => {
    expect(discountLookupErrors(400, { FieldErrors: [{ Field: 'code', ErrorCode: ErrorCode.DiscountCodeExpired, Message: 'Expired' }] }))
      .toEqual([{ code: ErrorCode.DiscountCodeExpired, message: 'Expired' }]);
    expect(discountLookupErrors(400, { FieldErrors: [] })).toEqual([{ code: ErrorCode.DiscountCodeNotFound }]);
    expect(discountLookupErrors(400, null)).toEqual([{ code: ErrorCode.DiscountCodeNotFound }]);
    expect(discountLookupErrors(404, null)).toEqual([{ code: ErrorCode.DiscountCodeNotFound }]);
    expect(discountLookupErrors(500, null)).toEqual([{ code: ErrorCode.SystemError }]);
    expect(discountLookupErrors(0, null)).toEqual([{ code: ErrorCode.SystemError }]);
  });

  it('demo lookup: unknown, expired, wrong plan, valid (case-insensitive)', () => {
    expect(demoCouponLookup(coupons, 'nope', 'plan_pro', now)).toEqual({ errors: [{ code: ErrorCode.DiscountCodeNotFound }] });
    expect(demoCouponLookup(coupons, 'SUMMER2020', 'plan_pro', now)).toEqual({ errors: [{ code: ErrorCode.DiscountCodeExpired }] });
    expect(demoCouponLookup(coupons, 'TEAM50', 'plan_pro', now)).toEqual({ errors: [{ code: ErrorCode.DiscountCodeNotApplicable }] });
    const ok = demoCouponLookup(coupons, ' welcome10 ', 'plan_pro', now);
    expect('coupon' in ok && ok.coupon.PercentOff).toBe(10);
    const team = demoCouponLookup(coupons, 'TEAM50', 'plan_team', now);
    expect('coupon' in team && team.coupon.AmountOff).toBe(5000);
  });
});
