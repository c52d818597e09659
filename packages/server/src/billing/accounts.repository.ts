import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { accounts, addresses, people, personAccounts } from '../db/schema.ts';

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

export interface StoredPerson {
  uid: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
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
  primary: { personAccountUid: string; person: StoredPerson };
}

/** The only module that reads and writes accounts, their addresses and their people. */
export function accountsRepository(db: Db) {
  return {
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
          person: { uid: l.person.uid, email: l.person.email, firstName: l.person.firstName, lastName: l.person.lastName },
        })),
      };
    },
    async emailTaken(email: string): Promise<boolean> {
      const [row] = await db.select({ uid: people.uid }).from(people).where(sql`lower(${people.email}) = lower(${email})`).limit(1);
      return row !== undefined;
    },
    /** The account, its billing address, its primary person and their link (one call inside the caller's transaction). */
    async insert(a: NewAccount): Promise<void> {
      if (a.billingAddress) await db.insert(addresses).values(a.billingAddress);
      await db.insert(accounts).values({
        uid: a.uid, name: a.name, accountType: a.accountType, taxStatus: a.taxStatus, billingAddressUid: a.billingAddress?.uid ?? null,
      });
      await db.insert(people).values({
        uid: a.primary.person.uid, email: a.primary.person.email, firstName: a.primary.person.firstName, lastName: a.primary.person.lastName,
      });
      await db.insert(personAccounts).values({
        uid: a.primary.personAccountUid, personUid: a.primary.person.uid, accountUid: a.uid, isPrimary: true, receiveInvoices: true,
      });
    },
  };
}

export type AccountsRepository = ReturnType<typeof accountsRepository>;
