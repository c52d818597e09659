import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { accounts, addresses, files, paymentInformation, people, personAccounts } from '../db/schema.ts';
import type { StoredAddress } from '../accounts/accounts.repository.ts';

type Address = Omit<StoredAddress, 'uid'>;

export interface ProfilePerson {
  uid: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  title: string | null;
  phoneMobile: string | null;
  phoneWork: string | null;
  mailingAddress: StoredAddress | null;
  oauthGoogleProfileId: string | null;
  optInToEmailList: boolean;
  profileImageUrl: string | null;
  passwordMustChange: boolean;
  emailConfirmed: Date | null;
  fieldValues: Record<string, unknown>;
}

export interface ProfileAccount {
  uid: string;
  name: string;
  clientIdentifier: string | null;
  domainName: string | null;
  accountStage: string | null;
  accountType: number;
  taxStatus: string | null;
  taxIds: { TaxIdType: string; TaxId: string }[];
  billingAddress: StoredAddress | null;
  mailingAddress: StoredAddress | null;
  fieldValues: Record<string, unknown>;
}

/** What a profile or account edit may change; absent keys stay as they are. */
export interface PersonChanges {
  email?: string; firstName?: string | null; lastName?: string | null; title?: string | null;
  phoneMobile?: string | null; phoneWork?: string | null; mailingAddress?: Address | null;
  fieldValues?: Record<string, unknown>;
}
export interface AccountChanges {
  name?: string; clientIdentifier?: string | null; domainName?: string | null;
  billingAddress?: Address | null; mailingAddress?: Address | null;
  taxIds?: { TaxIdType: string; TaxId: string }[]; fieldValues?: Record<string, unknown>;
}

async function addressOf(db: Db, uid: string | null): Promise<StoredAddress | null> {
  if (!uid) return null;
  const [row] = await db.select().from(addresses).where(eq(addresses.uid, uid));
  return row ?? null;
}

/**
 * Writes an address in place of the one at `current`: updates that row, inserts a new one when there
 * was none, or deletes it when the new value is empty. Returns the uid the owner should point at.
 */
async function replaceAddress(db: Db, current: string | null, next: Address | null, newUid: () => string): Promise<{ uid: string | null; orphan: string | null }> {
  if (!next) return { uid: null, orphan: current };
  if (current) {
    await db.update(addresses).set(next).where(eq(addresses.uid, current));
    return { uid: current, orphan: null };
  }
  const uid = newUid();
  await db.insert(addresses).values({ uid, ...next });
  return { uid, orphan: null };
}

const preparePersonByUid = (db: Db) => db.select().from(people).where(eq(people.uid, sql.placeholder('uid'))).prepare('profile_person_by_uid');

/** The profile area's reads and writes: the signed-in person, their accounts, the profile photo. */
export function profileRepository(db: Db) {
  // GET /profile runs on every signed-in page: its statement is built once per handle and prepared.
  let personByUid: ReturnType<typeof preparePersonByUid> | undefined;
  return {
    async person(uid: string): Promise<ProfilePerson | null> {
      personByUid ??= preparePersonByUid(db);
      const [row] = await personByUid.execute({ uid });
      if (!row) return null;
      return {
        uid: row.uid, email: row.email, firstName: row.firstName, lastName: row.lastName, title: row.title,
        phoneMobile: row.phoneMobile, phoneWork: row.phoneWork, mailingAddress: await addressOf(db, row.mailingAddressUid),
        oauthGoogleProfileId: row.oauthGoogleProfileId, optInToEmailList: row.optInToEmailList, profileImageUrl: row.profileImageUrl,
        passwordMustChange: row.passwordMustChange, emailConfirmed: row.emailConfirmed, fieldValues: row.fieldValues,
      };
    },
    /** Whether someone else already uses this email (case-insensitive, like people_email_idx). */
    async emailTakenByOther(email: string, personUid: string): Promise<boolean> {
      const [row] = await db.select({ uid: people.uid }).from(people)
        .where(and(sql`lower(${people.email}) = lower(${email})`, ne(people.uid, personUid))).limit(1);
      return row !== undefined;
    },
    /** Sets the person's email, confirmed now: the address was proven by a link mailed to it (email-change/). */
    async setEmail(uid: string, email: string, at: Date): Promise<void> {
      await db.update(people).set({ email, emailConfirmed: at, updated: at }).where(eq(people.uid, uid));
    },
    /** Locks the person's row for the rest of the transaction (two saves of one profile run one after the other). */
    async lockPerson(uid: string): Promise<void> {
      await db.select({ uid: people.uid }).from(people).where(eq(people.uid, uid)).for('update');
    },
    async updatePerson(uid: string, c: PersonChanges, at: Date, newUid: () => string): Promise<void> {
      const [row] = await db.select({ mailing: people.mailingAddressUid }).from(people).where(eq(people.uid, uid));
      if (!row) return;
      let mailingAddressUid = row.mailing;
      let orphan: string | null = null;
      if (c.mailingAddress !== undefined) ({ uid: mailingAddressUid, orphan } = await replaceAddress(db, row.mailing, c.mailingAddress, newUid));
      const { mailingAddress: _ignored, ...columns } = c;
      await db.update(people).set({ ...columns, mailingAddressUid, updated: at }).where(eq(people.uid, uid));
      if (orphan) await db.delete(addresses).where(eq(addresses.uid, orphan));
    },
    /** Sets (or with null clears) the photo; the file it replaces is deleted. */
    async setPhoto(personUid: string, file: { uid: string; contentType: string; bytes: Buffer; sha256: string } | null, at: Date): Promise<void> {
      const [row] = await db.select({ url: people.profileImageUrl }).from(people).where(eq(people.uid, personUid));
      if (file) await db.insert(files).values({ ...file, byteSize: file.bytes.length });
      await db.update(people).set({ profileImageUrl: file ? `/api/v1/files/${file.uid}` : null, updated: at }).where(eq(people.uid, personUid));
      const old = /^\/api\/v1\/files\/([^/]+)$/.exec(row?.url ?? '')?.[1];
      if (old && old !== file?.uid) await db.delete(files).where(eq(files.uid, old));
    },
    /** The person's accounts with their role on each, ordered by name. */
    async accountsOf(personUid: string): Promise<{ account: ProfileAccount; isPrimary: boolean; created: Date }[]> {
      const rows = await db.select({ account: accounts, link: personAccounts }).from(personAccounts)
        .innerJoin(accounts, eq(personAccounts.accountUid, accounts.uid))
        .where(eq(personAccounts.personUid, personUid))
        .orderBy(accounts.name, accounts.uid);
      return Promise.all(rows.map(async (r) => ({ account: await toAccount(db, r.account), isPrimary: r.link.isPrimary, created: r.link.created })));
    },
    async account(uid: string): Promise<ProfileAccount | null> {
      const [row] = await db.select().from(accounts).where(eq(accounts.uid, uid));
      return row ? toAccount(db, row) : null;
    },
    async primaryContact(accountUid: string): Promise<{ uid: string; firstName: string | null; lastName: string | null; email: string } | null> {
      const [row] = await db.select({ uid: people.uid, firstName: people.firstName, lastName: people.lastName, email: people.email })
        .from(personAccounts).innerJoin(people, eq(personAccounts.personUid, people.uid))
        .where(and(eq(personAccounts.accountUid, accountUid), eq(personAccounts.isPrimary, true))).limit(1);
      return row ?? null;
    },
    async latestPaymentInformation(accountUid: string): Promise<{ latestFailureDateTime: Date | null; updated: Date } | null> {
      const [row] = await db.select({ latestFailureDateTime: paymentInformation.latestFailureDateTime, updated: paymentInformation.updated })
        .from(paymentInformation).where(eq(paymentInformation.accountUid, accountUid)).orderBy(desc(paymentInformation.updated)).limit(1);
      return row ?? null;
    },
    async lockAccount(uid: string): Promise<void> {
      await db.select({ uid: accounts.uid }).from(accounts).where(eq(accounts.uid, uid)).for('update');
    },
    async updateAccount(uid: string, c: AccountChanges, at: Date, newUid: () => string): Promise<void> {
      const [row] = await db.select({ billing: accounts.billingAddressUid, mailing: accounts.mailingAddressUid }).from(accounts).where(eq(accounts.uid, uid));
      if (!row) return;
      const orphans: string[] = [];
      let billingAddressUid = row.billing;
      let mailingAddressUid = row.mailing;
      if (c.billingAddress !== undefined) {
        const r = await replaceAddress(db, row.billing, c.billingAddress, newUid);
        billingAddressUid = r.uid;
        if (r.orphan) orphans.push(r.orphan);
      }
      if (c.mailingAddress !== undefined) {
        const r = await replaceAddress(db, row.mailing, c.mailingAddress, newUid);
        mailingAddressUid = r.uid;
        if (r.orphan) orphans.push(r.orphan);
      }
      const { billingAddress: _b, mailingAddress: _m, taxIds, ...columns } = c;
      const tax = taxIds === undefined ? {} : { taxIds, taxIdType: taxIds[0]?.TaxIdType ?? null, taxId: taxIds[0]?.TaxId ?? null };
      await db.update(accounts).set({ ...columns, ...tax, billingAddressUid, mailingAddressUid, updated: at }).where(eq(accounts.uid, uid));
      for (const orphan of orphans) await db.delete(addresses).where(eq(addresses.uid, orphan));
    },
  };
}

async function toAccount(db: Db, row: typeof accounts.$inferSelect): Promise<ProfileAccount> {
  return {
    uid: row.uid, name: row.name, clientIdentifier: row.clientIdentifier, domainName: row.domainName, accountStage: row.accountStage,
    accountType: row.accountType, taxStatus: row.taxStatus, taxIds: row.taxIds,
    billingAddress: await addressOf(db, row.billingAddressUid), mailingAddress: await addressOf(db, row.mailingAddressUid),
    fieldValues: row.fieldValues,
  };
}

export type ProfileRepository = ReturnType<typeof profileRepository>;
