import { findCountryCode } from '@portico/core/geo/countries';
import type { StoredAddress } from './accounts.repository.ts';

export type SubmittedAddress = Omit<StoredAddress, 'uid'>;

/** A submitted text trimmed, or null when it is empty or not a string. */
export const trimmedOrNull = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/**
 * A submitted wire address (AddressLine1, City, Country…) as stored: parts trimmed, the country
 * as its ISO code when it names one; null when every part is empty. Registration and the profile
 * and account edits store addresses this one way.
 */
export function storedAddress(v: unknown): SubmittedAddress | null {
  if (!v || typeof v !== 'object') return null;
  const a = v as Record<string, unknown>;
  const out: SubmittedAddress = {
    addressLine1: trimmedOrNull(a.AddressLine1), addressLine2: trimmedOrNull(a.AddressLine2), addressLine3: trimmedOrNull(a.AddressLine3),
    city: trimmedOrNull(a.City), state: trimmedOrNull(a.State), postalCode: trimmedOrNull(a.PostalCode), country: trimmedOrNull(a.Country),
  };
  if (out.country) out.country = findCountryCode(out.country) ?? out.country;
  return Object.values(out).some((x) => x !== null) ? out : null;
}
