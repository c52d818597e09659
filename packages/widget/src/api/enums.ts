import { STATIC_ENUMS_PATH, type EnumsFile } from '@portico/core/settings/enums-file';
import type { ApiClient } from './http.ts';
import { useApiQuery, type ApiQuery } from './use-api-query.ts';

export type { EnumsFile };

const ALL = { limit: -1, orderBy: 'Name' } as const;

/**
 * Countries, currencies and tax id types (spec 1 section 7 "Other"): the static file first (one
 * cacheable request, often answered by the browser's cache or a CDN), then the three /enums calls.
 */
export async function loadEnums(api: ApiClient): Promise<EnumsFile> {
  try {
    const file = await api.request('get', STATIC_ENUMS_PATH) as Partial<EnumsFile> | null;
    if (file && Array.isArray(file.Countries) && Array.isArray(file.Currencies) && Array.isArray(file.TaxIdTypes)) return file as EnumsFile;
  } catch {
    // Fall through to the API.
  }
  const [countries, currencies, taxIdTypes] = await Promise.all([
    api.request('get', '/api/v1/enums/countries', { query: ALL }),
    api.request('get', '/api/v1/enums/currencies', { query: ALL }),
    api.request('get', '/api/v1/billing/tax/tax-id-types', { query: ALL }),
  ]);
  return { Countries: countries.items, Currencies: currencies.items, TaxIdTypes: taxIdTypes.items };
}

/** The enums through the widget root's cache: one load per page however many fields ask. */
export function useEnums(): ApiQuery<EnumsFile> {
  return useApiQuery('enums', loadEnums);
}
