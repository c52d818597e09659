import { currencyExponent } from './currency.ts';
import { CURRENCY_ENTRIES } from './currency-list.ts';

/** One currency as GET /enums/currencies and the static enums file carry it. */
export interface CurrencyInfo {
  Code: string;
  Name: string;
  Symbol: string;
  /** Digits after the decimal point in major units: 0 for the spec's zero-decimal currencies, else 2. */
  DecimalDigits: 0 | 2;
}

export const CURRENCIES: readonly CurrencyInfo[] = CURRENCY_ENTRIES.map(([Code, Name, Symbol]) => ({
  Code, Name, Symbol, DecimalDigits: currencyExponent(Code),
}));

const BY_CODE = new Map(CURRENCIES.map((c) => [c.Code, c]));

export function currencyByCode(code: string | null | undefined): CurrencyInfo | undefined {
  return code ? BY_CODE.get(code.trim().toUpperCase()) : undefined;
}
