import { COUNTRY_ENTRIES } from './country-list.ts';

/**
 * The static country list the address and phone fields use first, and the data
 * behind the server's GET /enums/countries (spec 1 section 7 "Other").
 */
export interface Country {
  Code: string;
  Name: string;
  /** Spec 1 sections 5 and 9: an address in Canada or the United States of America needs a state. */
  StateRequired: boolean;
}

export const DEFAULT_COUNTRY_CODE = 'US';

const STATE_REQUIRED = new Set(['US', 'CA']);

export const COUNTRIES: readonly Country[] = COUNTRY_ENTRIES.map(([Code, Name]) => ({ Code, Name, StateRequired: STATE_REQUIRED.has(Code) }));

const BY_CODE = new Map(COUNTRIES.map((c) => [c.Code, c]));

/**
 * The countries in the order a country picker lists them: by English name. The data file is kept
 * in that order (a test checks it with Intl.Collator('en')), because sorting at run time loads the
 * browser's collation data, ~10 ms of a sign-up form's first render.
 */
export const countriesByName = (): readonly Country[] => COUNTRIES;
const BY_NAME = new Map(COUNTRIES.map((c) => [c.Name.toLowerCase(), c.Code]));

/** Other names people and older data use for a few countries. */
const ALIASES: Record<string, string> = {
  'united states of america': 'US', usa: 'US', 'u.s.a.': 'US', 'u.s.': 'US',
  uk: 'GB', 'great britain': 'GB', 'united kingdom of great britain and northern ireland': 'GB',
  'russian federation': 'RU', 'republic of korea': 'KR', turkey: 'TR', 'czech republic': 'CZ',
  'ivory coast': 'CI', "cote d'ivoire": 'CI', 'the netherlands': 'NL', 'viet nam': 'VN', burma: 'MM', macau: 'MO',
};

export function countryByCode(code: string | null | undefined): Country | undefined {
  return code ? BY_CODE.get(code.trim().toUpperCase()) : undefined;
}

/** The code for a code or an English name (any case), or undefined. */
export function findCountryCode(codeOrName: string | null | undefined): string | undefined {
  const text = (codeOrName ?? '').trim();
  if (!text) return undefined;
  const lower = text.toLowerCase();
  return countryByCode(text)?.Code ?? BY_NAME.get(lower) ?? ALIASES[lower];
}

/** Spec 1 section 7 "Other": a lookup by Code or by Name returns the Code, defaulting to US. */
export function countryCode(codeOrName: string | null | undefined): string {
  return findCountryCode(codeOrName) ?? DEFAULT_COUNTRY_CODE;
}

/** Whether an address in this country (code or name) needs a state. */
export function isStateRequired(country: string | null | undefined): boolean {
  const code = findCountryCode(country);
  return code !== undefined && STATE_REQUIRED.has(code);
}
