import { and, desc, eq, isNull, lte, or, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { accounts, auditLog, people, personAccounts, sessions, subscriptions } from '../db/schema.ts';
import type { AuditEntry } from './audit-log.repository.ts';
import type { StoredSession } from './sessions.repository.ts';

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
  /** When the email was confirmed; null while a sign-up's confirmation is pending (registration.requireEmailConfirmation). */
  emailConfirmed: Date | null;
}

export interface Membership {
  accountUid: string;
  clientIdentifier: string | null;
  isPrimary: boolean;
}

/** The subscription a token names (subscription_uid, plan_uid). */
export interface CurrentSubscription { uid: string; planUid: string }

/** A membership with its account's current subscription, read with the person at sign-in. */
export interface MembershipWithSubscription extends Membership {
  subscription: CurrentSubscription | null;
}

const personColumns = {
  uid: people.uid, email: people.email, firstName: people.firstName, lastName: people.lastName,
  passwordHash: people.passwordHash, passwordMustChange: people.passwordMustChange, googleProfileId: people.oauthGoogleProfileId,
  emailConfirmed: people.emailConfirmed,
};

/** Reads for sign-in and token claims (people, their accounts, the account's current subscription). */
export function signInRepository(db: Db) {
  return {
    async personByEmail(email: string): Promise<SignInPerson | null> {
      const [row] = await db.select(personColumns).from(people).where(sql`lower(${people.email}) = lower(${email})`).limit(1);
      return row ?? null;
    },
    /**
     * Everything a sign-in reads, in one round trip: the person, their accounts in the order of
     * `memberships`, and each account's subscription at `at` as `currentSubscription` picks it
     * (the live one, latest start first, else the latest one).
     */
    async personWithAccountsByEmail(email: string, at: Date): Promise<{ person: SignInPerson; memberships: MembershipWithSubscription[] } | null> {
      // Plain SQL with aliases: drizzle writes a one-table select's columns unqualified, which the
      // correlated subqueries could not tell apart. Same order and choice as memberships() and
      // currentSubscription().
      const when = sql`${at.toISOString()}::timestamptz`;
      const memberships = sql<MembershipWithSubscription[]>`(select coalesce(json_agg(json_build_object(
          'accountUid', a.uid, 'clientIdentifier', a.client_identifier, 'isPrimary', pa.is_primary,
          'subscription', (select json_build_object('uid', s.uid, 'planUid', s.plan_uid) from subscriptions s
            where s.account_uid = a.uid
            order by (s.start_date <= ${when} and (s.end_date is null or s.end_date > ${when})) desc, s.start_date desc
            limit 1)
        ) order by pa.created, a.uid), '[]'::json)
        from person_accounts pa inner join accounts a on a.uid = pa.account_uid
        where pa.person_uid = ${people}.uid)`;
      const [row] = await db.select({ ...personColumns, memberships }).from(people).where(sql`lower(${people.email}) = lower(${email})`).limit(1);
      if (!row) return null;
      const { memberships: list, ...person } = row;
      // PGlite and node-postgres both parse json; a driver handing back text is parsed here.
      return { person, memberships: typeof list === 'string' ? JSON.parse(list) as MembershipWithSubscription[] : list };
    },
    async personByUid(uid: string): Promise<SignInPerson | null> {
      const [row] = await db.select(personColumns).from(people).where(eq(people.uid, uid));
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
    /**
     * A new session and its signin.success audit row in one statement (a data-modifying CTE):
     * one round trip, and neither row without the other. The session row is the one
     * sessionsRepository.insert would write.
     */
    async insertSessionWithAudit(session: Omit<StoredSession, 'ended' | 'endReason'>, entry: AuditEntry): Promise<void> {
      // Signing in to an account takes up a pending team invitation to it (docs/team.md), in the same round trip.
      const accepted = session.accountUid === null ? sql`` : sql`, accepted as (${db.update(personAccounts).set({ invitationPending: false })
        .where(and(eq(personAccounts.personUid, session.personUid), eq(personAccounts.accountUid, session.accountUid), eq(personAccounts.invitationPending, true))).getSQL()})`;
      await db.execute(sql`with new_session as (${db.insert(sessions).values(session).getSQL()})${accepted} ${db.insert(auditLog).values(entry).getSQL()}`);
    },
    async accountOfSubscription(subscriptionUid: string): Promise<string | null> {
      const [row] = await db.select({ accountUid: subscriptions.accountUid }).from(subscriptions).where(eq(subscriptions.uid, subscriptionUid));
      return row?.accountUid ?? null;
    },
  };
}

export type SignInRepository = ReturnType<typeof signInRepository>;
