import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatMoney, hasValidPrecision, isZeroDecimal, toMajor, toMinor, toProviderAmount } from './currency.ts';

describe('money (spec 1 section 9: zero-decimal currencies; section 7: provider amount)', () => {
  it('knows the zero-decimal currencies, in any letter case', () => {
    expect(isZeroDecimal('JPY')).toBe(true);
    expect(isZeroDecimal('jpy')).toBe(true);
    expect(isZeroDecimal('USD')).toBe(false);
  });
  it('minor -> major -> minor is exact, and major prints as the 2-decimal value', () => {
    fc.assert(fc.property(fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }), (minor) => {
      const major = toMajor(minor, 'USD');
      expect(toMinor(major, 'USD')).toBe(minor);
      expect(major).toBe(Number((minor / 100).toFixed(2)));
      expect(hasValidPrecision(major, 'USD')).toBe(true);
    }));
    expect(toMajor(2999, 'USD')).toBe(29.99);
    expect(toMajor(2999, 'JPY')).toBe(2999);
  });
  it('"The amount sent to the provider is the amount as-is for zero-decimal currencies, otherwise the amount times 100, rounded."', () => {
    expect(toProviderAmount(29.99, 'USD')).toBe(2999);
    expect(toProviderAmount(0.1 + 0.2, 'USD')).toBe(30);
    expect(toProviderAmount(500, 'JPY')).toBe(500);
  });
  it('refuses more decimals than the currency has, and formats with USD as default', () => {
    expect(hasValidPrecision(9.999, 'USD')).toBe(false);
    expect(hasValidPrecision(12.5, 'JPY')).toBe(false);
    expect(formatMoney(123456, 'USD')).toBe('$1,234.56');
    expect(formatMoney(500, 'JPY')).toBe('¥500');
    expect(formatMoney(100, '')).toBe('$1.00');
  });
});
