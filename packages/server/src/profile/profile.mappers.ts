import type { StoredAddress } from '../accounts/accounts.repository.ts';
import type { ProfileAccount, ProfilePerson } from './profile.repository.ts';
import type { ProfileOut } from './profile.schemas.ts';

export function addressToWire(a: StoredAddress | null) {
  return a ? {
    Uid: a.uid, AddressLine1: a.addressLine1, AddressLine2: a.addressLine2, AddressLine3: a.addressLine3,
    City: a.city, State: a.state, PostalCode: a.postalCode, Country: a.country,
  } : null;
}

export function personToWire(p: ProfilePerson): ProfileOut {
  return {
    Uid: p.uid, Email: p.email, FirstName: p.firstName, LastName: p.lastName, Title: p.title, PhoneMobile: p.phoneMobile,
    PhoneWork: p.phoneWork, MailingAddress: addressToWire(p.mailingAddress), OAuthGoogleProfileId: p.oauthGoogleProfileId,
    OptInToEmailList: p.optInToEmailList, ProfileImageS3Url: p.profileImageUrl, PasswordMustChange: p.passwordMustChange,
    EmailConfirmed: p.emailConfirmed !== null, FieldValues: p.fieldValues,
  };
}

/** The stored person as the form's payload (`{ Person: {...} }`), for merging an edit and validating the result. */
export function personPayload(p: ProfilePerson): Record<string, unknown> {
  const w = personToWire(p);
  return { Email: w.Email, FirstName: w.FirstName, LastName: w.LastName, Title: w.Title, PhoneMobile: w.PhoneMobile, PhoneWork: w.PhoneWork, MailingAddress: w.MailingAddress, FieldValues: w.FieldValues };
}

export function accountPayload(a: ProfileAccount): Record<string, unknown> {
  return {
    Name: a.name, ClientIdentifier: a.clientIdentifier, DomainName: a.domainName, BillingAddress: addressToWire(a.billingAddress),
    MailingAddress: addressToWire(a.mailingAddress), TaxIds: a.taxIds, FieldValues: a.fieldValues,
  };
}

export { storedAddress } from '../accounts/submitted-address.ts';

/** Values compared as a person sees them: trimmed text, empty as absent, addresses without their Uid. */
export function sameValue(a: unknown, b: unknown): boolean {
  const norm = (v: unknown): unknown => {
    if (typeof v === 'string') return v.trim() === '' ? null : v.trim();
    if (v === undefined || v === '') return null;
    if (Array.isArray(v)) return v.length ? v.map(norm) : null;
    if (v && typeof v === 'object') {
      const entries = Object.entries(v).filter(([k]) => k !== 'Uid').map(([k, x]) => [k, norm(x)] as const).filter(([, x]) => x !== null);
      return entries.length ? Object.fromEntries(entries.sort(([x], [y]) => x.localeCompare(y))) : null;
    }
    return v;
  };
  return JSON.stringify(norm(a)) === JSON.stringify(norm(b));
}
