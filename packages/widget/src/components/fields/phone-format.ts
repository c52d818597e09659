import { AsYouType, getCountries, getCountryCallingCode, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { countriesByName, countryByCode, DEFAULT_COUNTRY_CODE } from '@portico/core/geo/countries';

/**
 * Phone numbers through libphonenumber-js (spec 2 section 5: "Phone fields
 * show international format with a country flag"). The form holds E.164 once
 * a number is valid, and the raw text otherwise (core's rule then reports it).
 */

/** 'US' → 🇺🇸: two regional indicator symbols, no image assets. */
export function flagEmoji(code: string): string {
  return /^[A-Z]{2}$/.test(code) ? String.fromCodePoint(...[...code].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65)) : '';
}

export interface CallingCountry {
  code: CountryCode;
  label: string;
}

let cached: CallingCountry[] | null = null;

/** Every country libphonenumber-js knows, by English name: '🇺🇸 United States +1'. */
export function callingCountries(): CallingCountry[] {
  // In the country list's order (by name, no sort at run time); a code the list lacks goes last.
  if (cached) return cached;
  const rank = new Map(countriesByName().map((c, i) => [c.Code, i]));
  cached = getCountries()
    .map((code) => ({ code, name: countryByCode(code)?.Name ?? code }))
    .sort((a, b) => (rank.get(a.code) ?? Infinity) - (rank.get(b.code) ?? Infinity) || (a.code < b.code ? -1 : 1))
    .map(({ code, name }) => ({ code, label: `${flagEmoji(code)} ${name} +${getCountryCallingCode(code)}` }));
  return cached;
}

export function isCallingCountry(code: string): code is CountryCode {
  return callingCountries().some((c) => c.code === code);
}

export const defaultCallingCountry = (): CountryCode => DEFAULT_COUNTRY_CODE as CountryCode;

export interface PhoneReading {
  /** What the form stores: E.164 when valid, else the trimmed text. */
  value: string;
  valid: boolean;
  /** The country the number belongs to, when it says (a +44 number is GB whatever was chosen). */
  country: CountryCode | undefined;
  /** International format ('+1 213 373 4253') when valid. */
  international: string | undefined;
}

export function readPhone(text: string, country: CountryCode): PhoneReading {
  const trimmed = text.trim();
  const parsed = trimmed ? parsePhoneNumberFromString(trimmed, country) : undefined;
  if (parsed?.isValid()) {
    return { value: parsed.number, valid: true, country: parsed.country ?? undefined, international: parsed.formatInternational() };
  }
  return { value: trimmed, valid: false, country: undefined, international: undefined };
}

/** Formats as the user types (only when typing at the end; editing in the middle is left alone). */
export function formatAsYouType(text: string, country: CountryCode): string {
  return new AsYouType(country).input(text);
}
