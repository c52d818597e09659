import type { WireSubscription } from '../billing/billing.schemas.ts';
import type { StoredAccount } from './accounts.repository.ts';

/** Stored account to the wire: people as PersonAccount, the primary one as PrimaryContact, subscriptions already mapped. */
export function accountToWire(a: StoredAccount, current: WireSubscription | null, latest: WireSubscription | null) {
  const people = a.personAccounts.map((pa) => ({
    Uid: pa.uid, IsPrimary: pa.isPrimary, ReceiveInvoices: pa.receiveInvoices,
    Person: { Uid: pa.person.uid, Email: pa.person.email, FirstName: pa.person.firstName, LastName: pa.person.lastName },
  }));
  const b = a.billingAddress;
  return {
    Uid: a.uid, Name: a.name, AccountType: a.accountType, TaxStatus: a.taxStatus,
    BillingAddress: b ? {
      Uid: b.uid, AddressLine1: b.addressLine1, AddressLine2: b.addressLine2, AddressLine3: b.addressLine3,
      City: b.city, State: b.state, PostalCode: b.postalCode, Country: b.country,
    } : null,
    PrimaryContact: people.find((p) => p.IsPrimary)?.Person ?? null,
    PersonAccount: people,
    CurrentSubscription: current,
    LatestSubscription: latest,
  };
}
