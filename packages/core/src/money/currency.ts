/** Spec 1 section 9: currencies whose amounts carry no minor unit. */
export const ZERO_DECIMAL_CURRENCIES = [
  'BIF', 'CLP', 'DJF', 'GNF', 'JPY', 'KMF', 'KRW', 'MGA', 'PYG', 'RWF', 'UGX', 'VND', 'VUV', 'XAF', 'XOF', 'XPF',
] as const;

export const DEFAULT_CURRENCY = 'USD';

/**
 * The largest price, fee or amount off accepted, in major units. Amounts are
 * stored as 32-bit integers of minor units, so 10 million (1e9 cents) is the
 * round figure that fits every currency we support (0 or 2 decimals).
 */
export const MAX_AMOUNT_MAJOR = 10_000_000;

const ZERO_DECIMAL = new Set<string>(ZERO_DECIMAL_CURRENCIES);

export function isZeroDecimal(currency: string): boolean {
  return ZERO_DECIMAL.has(currency) || ZERO_DECIMAL.has(currency.toUpperCase());
}

/** Number of minor-unit digits: 0 for zero-decimal currencies, else 2. */
export function currencyExponent(currency: string): 0 | 2 {
  return isZeroDecimal(currency) ? 0 : 2;
}

/**
 * Major units (the wire format, e.g. 29.99) to integer minor units (2999).
 * Rounds half away from zero so 0.1 + 0.2 style float noise never leaks in.
 */
export function toMinor(major: number, currency: string): number {
  const factor = 10 ** currencyExponent(currency);
  const scaled = major * factor;
  return Math.sign(scaled) * Math.round(Math.abs(scaled) + 1e-9);
}

/** Integer minor units to major units for the wire (exact for 0 or 2 decimals). */
export function toMajor(minor: number, currency: string): number {
  // An integer divided by 100 is already the double nearest to the 2-decimal value.
  return isZeroDecimal(currency) ? minor : minor / 100;
}

/** True when a major-unit number has no more decimals than the currency allows. */
export function hasValidPrecision(major: number, currency: string): boolean {
  const factor = 10 ** currencyExponent(currency);
  const scaled = major * factor;
  return Number.isFinite(scaled) && Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

/**
 * Spec 1 section 7: "The amount sent to the provider is the amount as-is for
 * zero-decimal currencies, otherwise the amount times 100, rounded."
 */
export function toProviderAmount(major: number, currency: string): number {
  return isZeroDecimal(currency) ? major : Math.round(major * 100);
}

// Making an Intl.NumberFormat costs far more than using one (a plan list formats every price), so one per locale and currency.
const moneyFormats = new Map<string, Intl.NumberFormat>();

/** Formats minor units for display; formatting defaults to USD (spec 1 section 9). */
export function formatMoney(minor: number, currency: string = DEFAULT_CURRENCY, locale = 'en-US'): string {
  const code = currency || DEFAULT_CURRENCY;
  const key = `${locale}|${code}`;
  let format = moneyFormats.get(key);
  if (!format) moneyFormats.set(key, (format = new Intl.NumberFormat(locale, { style: 'currency', currency: code })));
  return format.format(toMajor(minor, code));
}
