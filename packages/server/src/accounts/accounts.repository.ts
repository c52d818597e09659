import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { accounts, addresses, people, personAccounts } from '../db/schema.ts';
import type { StoredPerson } from './people.repository.ts';

export interface StoredAddress {
  uid: string;
  addressLine1: string | null;
  addressLine2: string | null;
  addressLine3: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  country: string | null;
}

export interface StoredAccount {
  uid: string;
  name: string;
  accountType: number;
  taxStatus: string | null;
  billingAddress: StoredAddress | null;
  personAccounts: { uid: string; isPrimary: boolean; receiveInvoices: boolean; person: StoredPerson }[];
}

export interface NewAccount {
  uid: string;
  name: string;
  accountType: number;
  taxStatus: string | null;
  billingAddress: StoredAddress | null;
  mailingAddress?: StoredAddress | null;
  clientIdentifier?: string | null;
  domainName?: string | null;
  taxIds?: { TaxIdType: string; TaxId: string }[];
  /** Custom registration fields (`Account.FieldValues`). */
  fieldValues?: Record<string, unknown>;
}

/** The only module that reads and writes accounts and their addresses. */
export function accountsRepository(db: Db) {
  return {
    /** The account with its billing address and its people (primary first by link order). */
    async get(uid: string): Promise<StoredAccount | null> {
      const [row] = await db.select().from(accounts).where(eq(accounts.uid, uid));
      if (!row) return null;
      const [address] = row.billingAddressUid ? await db.select().from(addresses).where(eq(addresses.uid, row.billingAddressUid)) : [];
      const links = await db.select({ link: personAccounts, person: people }).from(personAccounts)
        .innerJoin(people, eq(personAccounts.personUid, people.uid))
        .where(eq(personAccounts.accountUid, uid))
        .orderBy(asc(personAccounts.created), asc(personAccounts.uid));
      return {
        uid: row.uid, name: row.name, accountType: row.accountType, taxStatus: row.taxStatus,
        billingAddress: address ?? null,
        personAccounts: links.map((l) => ({
          uid: l.link.uid, isPrimary: l.link.isPrimary, receiveInvoices: l.link.receiveInvoices,
          person: {
            uid: l.person.uid, email: l.person.email, firstName: l.person.firstName, lastName: l.person.lastName,
            emailConfirmed: l.person.emailConfirmed,
          },
        })),
      };
    },
    /** The account and its addresses (call inside the transaction that also writes its people). */
    async insert(a: NewAccount): Promise<void> {
      const rows = [a.billingAddress, a.mailingAddress].filter((x): x is StoredAddress => !!x);
      if (rows.length) await db.insert(addresses).values(rows);
      const taxIds = a.taxIds ?? [];
      await db.insert(accounts).values({
        uid: a.uid, name: a.name, accountType: a.accountType, taxStatus: a.taxStatus,
        billingAddressUid: a.billingAddress?.uid ?? null, mailingAddressUid: a.mailingAddress?.uid ?? null,
        clientIdentifier: a.clientIdentifier ?? null, domainName: a.domainName ?? null,
        taxIds, taxIdType: taxIds[0]?.TaxIdType ?? null, taxId: taxIds[0]?.TaxId ?? null, fieldValues: a.fieldValues ?? {},
      });
    },
    /** The company backend's own id for the account (the sign-up webhook's answer). */
    async setClientIdentifier(uid: string, clientIdentifier: string): Promise<void> {
      await db.update(accounts).set({ clientIdentifier, updated: new Date() }).where(eq(accounts.uid, uid));
    },
    /** Adds to the account's credit (minor units): what an immediate plan change credits for unused time (docs/payments.md "Plan change payment"). */
    async addCredit(uid: string, amountMinor: number): Promise<void> {
      await db.update(accounts).set({ accountCredit: sql`${accounts.accountCredit} + ${amountMinor}`, updated: new Date() }).where(eq(accounts.uid, uid));
    },
    /** Serializes writers of one account (SELECT ... FOR UPDATE; call inside a transaction). */
    /** The account's tax ids as entered ({ TaxIdType, TaxId }); empty for none or an unknown account. */
    async taxIds(uid: string): Promise<{ TaxIdType: string; TaxId: string }[]> {
      const [row] = await db.select({ taxIds: accounts.taxIds }).from(accounts).where(eq(accounts.uid, uid));
      return row?.taxIds ?? [];
    },
    async lock(uid: string): Promise<void> {
      await db.select({ uid: accounts.uid }).from(accounts).where(eq(accounts.uid, uid)).for('update');
    },
  };
}

export type AccountsRepository = ReturnType<typeof accountsRepository>;
