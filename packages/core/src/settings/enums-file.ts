import type { Country } from '../geo/countries.ts';
import type { TaxIdType } from '../geo/tax-id-types.ts';
import type { CurrencyInfo } from '../money/currencies.ts';

/**
 * Where the server serves countries, currencies and tax id types as one cacheable static file, which
 * the widget fetches before the /enums API (spec 1 section 7 "Other": "a fallback after a static
 * configuration file is fetched").
 */
export const STATIC_ENUMS_PATH = '/config/enums.json';

export interface EnumsFile {
  Countries: Country[];
  Currencies: CurrencyInfo[];
  TaxIdTypes: TaxIdType[];
}
