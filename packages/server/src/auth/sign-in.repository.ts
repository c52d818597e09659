import { and, desc, eq, isNull, lte, or, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { accounts, people, personAccounts, subscriptions } from '../db/schema.ts';

/** What sign-in needs of a person: the hash, and what goes into the token's claims. */
export interface SignInPerson {
  uid: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  passwordHash: string | null;
  passwordMustChange: boolean;
  /** The Google profile (ID token `sub`) linked to this person, if any. */
  googleProfileId: string | null;
}

export interface Membership {
  accountUid: string;
  clientIdentifier: string | null;
  isPrimary: boolean;
}

/** Reads for sign-in and token claims (people, their accounts, the account's current subscription). */
export function signInRepository(db: Db) {
  return {
    async personByEmail(email: string): Promise<SignInPerson | null> {
      const [row] = await db.select({
        uid: people.uid, email: people.email, firstName: people.firstName, lastName: people.lastName,
        passwordHash: people.passwordHash, passwordMustChange: people.passwordMustChange, googleProfileId: people.oauthGoogleProfileId,
      }).from(people).where(sql`lower(${people.email}) = lower(${email})`).limit(1);
      return row ?? null;
    },
    async personByUid(uid: string): Promise<SignInPerson | null> {
      const [row] = await db.select({
        uid: people.uid, email: people.email, firstName: people.firstName, lastName: people.lastName,
        passwordHash: people.passwordHash, passwordMustChange: people.passwordMustChange, googleProfileId: people.oauthGoogleProfileId,
      }).from(people).where(eq(people.uid, uid));
      return row ?? null;
    },
    /** The person's accounts, oldest link first. */
    async memberships(personUid: string): Promise<Membership[]> {
      return db.select({ accountUid: accounts.uid, clientIdentifier: accounts.clientIdentifier, isPrimary: personAccounts.isPrimary })
        .from(personAccounts).innerJoin(accounts, eq(accounts.uid, personAccounts.accountUid))
        .where(eq(personAccounts.personUid, personUid)).orderBy(personAccounts.created, accounts.uid);
    },
    /** The subscription in force at `at` (started, not ended), else the latest one; null when none. */
    async currentSubscription(accountUid: string, at: Date): Promise<{ uid: string; planUid: string } | null> {
      const [live] = await db.select({ uid: subscriptions.uid, planUid: subscriptions.planUid }).from(subscriptions)
        .where(and(eq(subscriptions.accountUid, accountUid), lte(subscriptions.startDate, at), or(isNull(subscriptions.endDate), gt(subscriptions.endDate, at))))
        .orderBy(desc(subscriptions.startDate)).limit(1);
      if (live) return live;
      const [latest] = await db.select({ uid: subscriptions.uid, planUid: subscriptions.planUid }).from(subscriptions)
        .where(eq(subscriptions.accountUid, accountUid)).orderBy(desc(subscriptions.startDate)).limit(1);
      return latest ?? null;
    },
    /** Links a Google profile on first Google sign-in; never overwrites another one. */
    async linkGoogleProfile(personUid: string, googleProfileId: string): Promise<void> {
      await db.update(people).set({ oauthGoogleProfileId: googleProfileId }).where(and(eq(people.uid, personUid), isNull(people.oauthGoogleProfileId)));
    },
    async accountOfSubscription(subscriptionUid: string): Promise<string | null> {
      const [row] = await db.select({ accountUid: subscriptions.accountUid }).from(subscriptions).where(eq(subscriptions.uid, subscriptionUid));
      return row?.accountUid ?? null;
    },
  };
}

export type SignInRepository = ReturnType<typeof signInRepository>;
