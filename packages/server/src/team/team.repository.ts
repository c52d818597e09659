import { and, asc, desc, eq, gt, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { paginate } from '../db/paginate.ts';
import type { Page, PageRequest } from '../http/list.ts';
import { alias } from 'drizzle-orm/pg-core';
import { accounts, people, personAccounts, plans, subscriptions } from '../db/schema.ts';

export interface TeamMember {
  uid: string;
  isPrimary: boolean;
  receiveInvoices: boolean;
  person: { uid: string; email: string; firstName: string | null; lastName: string | null };
  /** Invited and not yet signed in to the account (docs/team.md 'Pending invitations'). */
  pending: boolean;
  /** When the last invitation mail was asked for; null for a member who joined otherwise. */
  invitedAt: Date | null;
}

export type TeamSortField = 'IsPrimary' | 'ReceiveInvoices' | 'LastName' | 'FirstName' | 'Email' | 'Created';
export interface TeamSort { field: TeamSortField; desc: boolean }
export interface TeamFilter { isPrimary?: boolean | undefined; receiveInvoices?: boolean | undefined; pending?: boolean | undefined }

/** The subscription in force (else the latest) and its plan: what the seat rule reads. */
export interface SeatSource {
  quantity: number;
  isPerUser: boolean;
  maximumPeople: number | null;
  unitOfMeasure: string | null;
  unitOfMeasurePlural: string | null;
}

// Names sort case-insensitively with empty names last, so a page never depends on the collation.
const SORT_COLUMN: Record<TeamSortField, SQL> = {
  IsPrimary: sql`${personAccounts.isPrimary}`,
  ReceiveInvoices: sql`${personAccounts.receiveInvoices}`,
  LastName: sql`lower(coalesce(${people.lastName}, ''))`,
  FirstName: sql`lower(coalesce(${people.firstName}, ''))`,
  Email: sql`lower(${people.email})`,
  Created: sql`${personAccounts.created}`,
};

const memberColumns = {
  uid: personAccounts.uid, isPrimary: personAccounts.isPrimary, receiveInvoices: personAccounts.receiveInvoices,
  personUid: people.uid, email: people.email, firstName: people.firstName, lastName: people.lastName,
  pending: personAccounts.invitationPending, invitedAt: personAccounts.invitedAt,
};
type MemberRow = {
  uid: string; isPrimary: boolean; receiveInvoices: boolean; personUid: string; email: string; firstName: string | null; lastName: string | null;
  pending: boolean; invitedAt: Date | null;
};
const toMember = (r: MemberRow): TeamMember => ({
  uid: r.uid, isPrimary: r.isPrimary, receiveInvoices: r.receiveInvoices,
  person: { uid: r.personUid, email: r.email, firstName: r.firstName, lastName: r.lastName },
  pending: r.pending, invitedAt: r.invitedAt,
});

/** The only module that reads and writes an account's team (its PersonAccount links). */
export function teamRepository(db: Db) {
  return {
    /** One page of the account's people, paged and ordered by the database (uid last, so pages never overlap). */
    async page(accountUid: string, filter: TeamFilter, sort: TeamSort[], page: PageRequest): Promise<Page<TeamMember>> {
      const where = and(
        eq(personAccounts.accountUid, accountUid),
        filter.isPrimary === undefined ? undefined : eq(personAccounts.isPrimary, filter.isPrimary),
        filter.receiveInvoices === undefined ? undefined : eq(personAccounts.receiveInvoices, filter.receiveInvoices),
        filter.pending === undefined ? undefined : eq(personAccounts.invitationPending, filter.pending),
      );
      const order = [...sort.map((s) => (s.desc ? desc(SORT_COLUMN[s.field]) : asc(SORT_COLUMN[s.field]))), asc(personAccounts.uid)];
      const result = await paginate(db, () => db.select(memberColumns).from(personAccounts)
        .innerJoin(people, eq(people.uid, personAccounts.personUid)).where(where).orderBy(...order).$dynamic(), page);
      return { items: result.items.map(toMember), total: result.total };
    },
    /** Everyone on the account (pending invitations included: each holds a seat) and, of them, the pending. */
    async counts(accountUid: string): Promise<{ members: number; pending: number }> {
      const [row] = await db.select({ n: sql<number>`count(*)`, pending: sql<number>`count(*) filter (where ${personAccounts.invitationPending})` })
        .from(personAccounts).where(eq(personAccounts.accountUid, accountUid));
      return { members: Number(row?.n ?? 0), pending: Number(row?.pending ?? 0) };
    },
    /** A link of this account; null for an unknown uid or another account's link (the caller answers 404 alike). */
    async member(accountUid: string, linkUid: string): Promise<TeamMember | null> {
      const [row] = await db.select(memberColumns).from(personAccounts).innerJoin(people, eq(people.uid, personAccounts.personUid))
        .where(and(eq(personAccounts.uid, linkUid), eq(personAccounts.accountUid, accountUid)));
      return row ? toMember(row) : null;
    },
    async isMember(personUid: string, accountUid: string): Promise<boolean> {
      const [row] = await db.select({ uid: personAccounts.uid }).from(personAccounts)
        .where(and(eq(personAccounts.personUid, personUid), eq(personAccounts.accountUid, accountUid)));
      return row !== undefined;
    },
    async personByEmail(email: string): Promise<{ uid: string } | null> {
      const [row] = await db.select({ uid: people.uid }).from(people).where(sql`lower(${people.email}) = lower(${email})`).limit(1);
      return row ?? null;
    },
    /** Makes `linkUid` the account's only primary contact (call inside a transaction, with the account locked). */
    async setPrimary(accountUid: string, linkUid: string): Promise<void> {
      await db.update(personAccounts).set({ isPrimary: sql`${personAccounts.uid} = ${linkUid}` }).where(eq(personAccounts.accountUid, accountUid));
    },
    async setReceiveInvoices(linkUid: string, receiveInvoices: boolean): Promise<void> {
      await db.update(personAccounts).set({ receiveInvoices }).where(eq(personAccounts.uid, linkUid));
    },
    /** A resend: the invitation's time moves to `at`. */
    async touchInvitation(linkUid: string, at: Date): Promise<void> {
      await db.update(personAccounts).set({ invitedAt: at }).where(and(eq(personAccounts.uid, linkUid), eq(personAccounts.invitationPending, true)));
    },
    /** The invitee took it up (followed the link or signed in to the account): no longer pending. */
    async acceptInvitation(personUid: string, accountUid: string): Promise<void> {
      await db.update(personAccounts).set({ invitationPending: false })
        .where(and(eq(personAccounts.personUid, personUid), eq(personAccounts.accountUid, accountUid), eq(personAccounts.invitationPending, true)));
    },
    /** Who invited the person to the account, and the account's name: what the invitee's set-password screen says. */
    async invitationOf(personUid: string, accountUid: string): Promise<{ inviter: { firstName: string | null; lastName: string | null; email: string } | null; accountName: string } | null> {
      const inviter = alias(people, 'inviter');
      const [row] = await db.select({
        accountName: accounts.name, firstName: inviter.firstName, lastName: inviter.lastName, email: inviter.email,
      }).from(personAccounts)
        .innerJoin(accounts, eq(accounts.uid, personAccounts.accountUid))
        .leftJoin(inviter, eq(inviter.uid, personAccounts.invitedBy))
        .where(and(eq(personAccounts.personUid, personUid), eq(personAccounts.accountUid, accountUid)));
      if (!row) return null;
      return { accountName: row.accountName, inviter: row.email === null ? null : { firstName: row.firstName, lastName: row.lastName, email: row.email } };
    },
    async unlink(linkUid: string): Promise<void> {
      await db.delete(personAccounts).where(eq(personAccounts.uid, linkUid));
    },
    /** The account's subscription in force at `at` (else its latest) with its plan; null when it has none. */
    async seatSource(accountUid: string, at: Date): Promise<SeatSource | null> {
      const columns = {
        quantity: subscriptions.quantity, isPerUser: plans.isPerUser, maximumPeople: plans.maximumPeople,
        unitOfMeasure: plans.unitOfMeasure, unitOfMeasurePlural: plans.unitOfMeasurePlural,
      };
      const base = () => db.select(columns).from(subscriptions).innerJoin(plans, eq(plans.uid, subscriptions.planUid));
      const [live] = await base()
        .where(and(eq(subscriptions.accountUid, accountUid), lte(subscriptions.startDate, at), or(isNull(subscriptions.endDate), gt(subscriptions.endDate, at))))
        .orderBy(desc(subscriptions.startDate)).limit(1);
      if (live) return live;
      const [latest] = await base().where(eq(subscriptions.accountUid, accountUid)).orderBy(desc(subscriptions.startDate)).limit(1);
      return latest ?? null;
    },
  };
}

export type TeamRepository = ReturnType<typeof teamRepository>;
