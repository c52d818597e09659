import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { addresses, people, personAccounts } from '../db/schema.ts';
import type { StoredAddress } from './accounts.repository.ts';

export interface StoredPerson {
  uid: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  emailConfirmed?: Date | null;
}

export interface NewPerson {
  uid: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  title?: string | null;
  phoneMobile?: string | null;
  phoneWork?: string | null;
  mailingAddress?: StoredAddress | null;
  oauthGoogleProfileId?: string | null;
  optInToEmailList?: boolean;
  profileImageUrl?: string | null;
  passwordHash?: string | null;
  /** Set at once when no confirmation is required (or Google vouched for the address). */
  emailConfirmed?: Date | null;
  /** Custom registration fields (`Person.FieldValues`). */
  fieldValues?: Record<string, unknown>;
  /** IANA time zone from X-Timezone. */
  timeZone?: string | null;
}

/** The only module that reads and writes people and their links to accounts. */
export function peopleRepository(db: Db) {
  return {
    /** Whether a person already uses this email (case-insensitive, like the unique index people_email_idx). */
    async emailTaken(email: string): Promise<boolean> {
      const [row] = await db.select({ uid: people.uid }).from(people).where(sql`lower(${people.email}) = lower(${email})`).limit(1);
      return row !== undefined;
    },
    async insert(p: NewPerson): Promise<void> {
      if (p.mailingAddress) await db.insert(addresses).values(p.mailingAddress);
      await db.insert(people).values({
        uid: p.uid, email: p.email, firstName: p.firstName, lastName: p.lastName, title: p.title ?? null,
        phoneMobile: p.phoneMobile ?? null, phoneWork: p.phoneWork ?? null, mailingAddressUid: p.mailingAddress?.uid ?? null,
        oauthGoogleProfileId: p.oauthGoogleProfileId ?? null, optInToEmailList: p.optInToEmailList ?? false,
        profileImageUrl: p.profileImageUrl ?? null, passwordHash: p.passwordHash ?? null, emailConfirmed: p.emailConfirmed ?? null,
        fieldValues: p.fieldValues ?? {}, timeZone: p.timeZone ?? null,
      });
    },
    /** Links a person to an account (PersonAccount). */
    async link(l: { uid: string; personUid: string; accountUid: string; isPrimary: boolean; receiveInvoices: boolean; invitationPending?: boolean; invitedAt?: Date; invitedBy?: string }): Promise<void> {
      await db.insert(personAccounts).values(l);
    },
    /** Marks the email confirmed; false when it already was (a second click changes nothing). */
    async confirmEmail(personUid: string, at: Date): Promise<boolean> {
      const rows = await db.update(people).set({ emailConfirmed: at, updated: at })
        .where(and(eq(people.uid, personUid), isNull(people.emailConfirmed))).returning({ uid: people.uid });
      return rows.length > 0;
    },
    /** `hasPassword` and `googleLinked` say how the person can sign in (a sign-up's mail picks its link by them). */
    async get(uid: string): Promise<(StoredPerson & { profileImageUrl: string | null; hasPassword: boolean; googleLinked: boolean }) | null> {
      const [row] = await db.select().from(people).where(eq(people.uid, uid));
      return row ? {
        uid: row.uid, email: row.email, firstName: row.firstName, lastName: row.lastName,
        emailConfirmed: row.emailConfirmed, profileImageUrl: row.profileImageUrl,
        hasPassword: row.passwordHash !== null, googleLinked: row.oauthGoogleProfileId !== null,
      } : null;
    },
  };
}

export type PeopleRepository = ReturnType<typeof peopleRepository>;
