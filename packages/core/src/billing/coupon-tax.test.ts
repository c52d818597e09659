import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../errors/error-codes.ts';
import { couponDiscount, couponRedeemError } from './coupon.ts';
import { findTaxRate, lineTax } from './tax.ts';
import { makeCoupon } from './test-fixtures.ts';

describe('coupon rules', () => {
  const now = new Date('2024-04-01T12:00:00Z');
  it('"RedeemBy (cannot redeem after)" -> DiscountCodeExpired', () => {
    expect(couponRedeemError(makeCoupon({ RedeemBy: '2024-04-01T11:59:59Z' }), 'p', now)).toBe(ErrorCode.DiscountCodeExpired);
    expect(couponRedeemError(makeCoupon({ RedeemBy: '2024-04-01T12:00:00Z' }), 'p', now)).toBeNull();
    expect(couponRedeemError(makeCoupon({ IsActive: false }), 'p', now)).toBe(ErrorCode.DiscountCodeExpired);
  });
  it('a coupon naming other plans -> DiscountCodeNotApplicable', () => {
    expect(couponRedeemError(makeCoupon({ PlanUids: ['q'] }), 'p', now)).toBe(ErrorCode.DiscountCodeNotApplicable);
    expect(couponRedeemError(makeCoupon({ PlanUids: ['p'] }), 'p', now)).toBeNull();
  });
  it('"never below zero": percent rounds half-up, amount-off is capped at the base', () => {
    expect(couponDiscount(makeCoupon({ PercentOff: 12.5 }), 1001)).toBe(125); // 125.125
    expect(couponDiscount(makeCoupon({ PercentOff: 100 }), 999)).toBe(999);
    expect(couponDiscount(makeCoupon({ PercentOff: null, AmountOff: 5000 }), 1200)).toBe(1200);
    expect(couponDiscount(makeCoupon({ PercentOff: 50 }), -300)).toBe(0);
  });
});

describe('tax table', () => {
  const rates = [{ country: 'US', state: 'CA', rateBasisPoints: 725 }, { country: 'US', rateBasisPoints: 500 }];
  it('"keyed by country and optional state, rates in basis points": state row wins, else country row, else 0', () => {
    expect(findTaxRate({ rates, country: 'us', state: 'ca', behavior: 'exclusive' })).toBe(725);
    expect(findTaxRate({ rates, country: 'US', state: 'TX', behavior: 'exclusive' })).toBe(500);
    expect(findTaxRate({ rates, country: 'US', behavior: 'exclusive' })).toBe(500);
    expect(findTaxRate({ rates, country: 'CA', behavior: 'exclusive' })).toBe(0);
    expect(findTaxRate(null)).toBe(0);
  });
  it('"TaxStatus \'Exempt\' means no tax"', () => {
    expect(findTaxRate({ rates, country: 'US', status: 'Exempt', behavior: 'exclusive' })).toBe(0);
  });
  it('exclusive tax is on top, inclusive tax is contained; both rounded half-up per line', () => {
    expect(lineTax(1000, 725, 'exclusive')).toBe(73);
    expect(lineTax(1073, 725, 'inclusive')).toBe(73); // 72.53
    expect(lineTax(-1000, 725, 'exclusive')).toBe(-73);
  });
});
