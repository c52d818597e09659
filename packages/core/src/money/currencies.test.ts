import { describe, expect, it } from 'vitest';
import { CURRENCIES, currencyByCode } from './currencies.ts';
import { ZERO_DECIMAL_CURRENCIES } from './currency.ts';

describe('currencies (spec 1 section 7 "Other": GET /enums/currencies)', () => {
  it('holds each active ISO 4217 code once, sorted, with a name and a symbol', () => {
    const codes = CURRENCIES.map((c) => c.Code);
    expect(new Set(codes).size).toBe(codes.length);
    expect([...codes].sort()).toEqual(codes);
    expect(CURRENCIES.every((c) => /^[A-Z]{3}$/.test(c.Code) && c.Name.length > 2 && c.Symbol.length > 0)).toBe(true);
    expect(currencyByCode('eur')).toEqual({ Code: 'EUR', Name: 'Euro', Symbol: '€', DecimalDigits: 2 });
    expect(currencyByCode('XXX')).toBeUndefined();
  });

  it('lists every zero-decimal currency of spec 9 with no decimal digits', () => {
    for (const code of ZERO_DECIMAL_CURRENCIES) expect(currencyByCode(code)?.DecimalDigits, code).toBe(0);
    expect(currencyByCode('USD')?.DecimalDigits).toBe(2);
  });
});
