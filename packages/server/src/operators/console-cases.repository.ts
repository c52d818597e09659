import { and, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import {
  accounts, invoices, people, personAccounts, plans, subscriptions, supportCaseActivities, supportCaseAssignments, supportCaseReads, supportCases,
} from '../db/schema.ts';
import type { Page, PageRequest } from '../http/list.ts';
import { ActivityType, type CaseStatus } from '@portico/core/support/support-limits';

export type InboxAssigned = 'me' | 'unassigned' | 'all';

export interface InboxFilter {
  operatorUid: string;
  status?: CaseStatus | undefined;
  assigned: InboxAssigned;
  /** An email or its beginning, case-insensitive (the prefix index support_cases_email_prefix_idx). */
  email?: string | undefined;
}

export interface LastMessage { type: number; authorKind: 'person' | 'agent' | 'system'; body: string; seq: number | null; created: Date }

export interface InboxRow {
  case: typeof supportCases.$inferSelect;
  assignee: string | null;
  assigneeName: string | null;
  unread: boolean;
  /** The case's latest message (a person's, an operator's or the auto-reply; not events or notes). */
  last: LastMessage | null;
}

/** Of a message, what a preview needs (the body's first 4,000 characters: a preview shows 140). */
type LastJson = { t: number; k: LastMessage['authorKind']; b: string; s: number | null; c: string };
const lastMessage = (raw: unknown): LastMessage | null => {
  if (raw === null || raw === undefined) return null;
  const j = (typeof raw === 'string' ? JSON.parse(raw) : raw) as LastJson;
  return { type: j.t, authorKind: j.k, body: j.b, seq: j.s, created: new Date(j.c) };
};

/** The activity types an inbox preview shows: messages, not events or internal notes. */
const MESSAGE_TYPES = [ActivityType.PersonReply, ActivityType.AgentReply, ActivityType.AutoReply];

/** LIKE's own characters in a typed search are literal. */
const likePrefix = (s: string) => `${s.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The console's reads and writes on cases (issue 20): the inbox, assignment, read marks, status
 * changes with their activity, and the customer beside a case. Case rows themselves are made by
 * support/ (the help form) and chat/ (a chat's first message).
 */
export function consoleCasesRepository(db: Db) {
  return {
    async inbox(filter: InboxFilter, page: PageRequest): Promise<Page<InboxRow>> {
      const where: SQL[] = [];
      if (filter.status) where.push(eq(supportCases.status, filter.status));
      if (filter.email) where.push(sql`lower(${supportCases.email}) like ${likePrefix(filter.email)}`);
      if (filter.assigned === 'me') where.push(eq(supportCaseAssignments.operatorUid, filter.operatorUid));
      if (filter.assigned === 'unassigned') where.push(sql`${supportCaseAssignments.operatorUid} is null`);
      const cond = where.length ? and(...where) : undefined;
      // Unread: person activity after this operator's last read (or ever, when they never read it).
      const unread = sql<boolean>`exists (select 1 from ${supportCaseActivities} pa where pa.case_uid = ${supportCases.uid}
        and pa.author_kind = 'person' and pa.created > coalesce(${supportCaseReads.readAt}, '-infinity'::timestamptz))`;
      // The latest message through the (case_uid, created) index: one row per inbox row, newest first.
      const last = sql<unknown>`(select json_build_object('t', m.type, 'k', m.author_kind, 'b', left(m.body, 4000), 's', m.seq, 'c', m.created)
        from ${supportCaseActivities} m where m.case_uid = ${supportCases.uid} and m.type in (${sql.raw(MESSAGE_TYPES.join(', '))})
        order by m.created desc, m.seq desc nulls last limit 1)`;
      const q = db.select({
        case: supportCases, assignee: supportCaseAssignments.operatorUid,
        assigneeName: sql<string | null>`(select o.name from operators o where o.uid = ${supportCaseAssignments.operatorUid})`, unread, last,
      }).from(supportCases)
        .leftJoin(supportCaseAssignments, eq(supportCaseAssignments.caseUid, supportCases.uid))
        .leftJoin(supportCaseReads, and(eq(supportCaseReads.caseUid, supportCases.uid), eq(supportCaseReads.operatorUid, filter.operatorUid)))
        .where(cond).orderBy(desc(supportCases.updated), desc(supportCases.number)).offset(page.offset);
      const items = page.limit === -1 ? await q : await q.limit(page.limit);
      // The count joins assignments only when the filter is about them.
      const counted = db.select({ n: sql<number>`count(*)::int` }).from(supportCases).$dynamic();
      const [total] = await (filter.assigned === 'all' ? counted : counted.leftJoin(supportCaseAssignments, eq(supportCaseAssignments.caseUid, supportCases.uid))).where(cond);
      return { items: items.map((r) => ({ ...r, unread: r.unread === true || (r.unread as unknown) === 't', last: lastMessage(r.last) })), total: total?.n ?? 0 };
    },

    async assignee(caseUid: string): Promise<{ operatorUid: string; name: string } | null> {
      const [row] = await db.select({ operatorUid: supportCaseAssignments.operatorUid, name: sql<string>`(select o.name from operators o where o.uid = ${supportCaseAssignments.operatorUid})` })
        .from(supportCaseAssignments).where(eq(supportCaseAssignments.caseUid, caseUid));
      return row ?? null;
    },
    async assign(caseUid: string, operatorUid: string, at: Date): Promise<void> {
      await db.insert(supportCaseAssignments).values({ caseUid, operatorUid, assigned: at })
        .onConflictDoUpdate({ target: supportCaseAssignments.caseUid, set: { operatorUid, assigned: at } });
    },
    async markRead(caseUid: string, operatorUid: string, at: Date): Promise<void> {
      await db.insert(supportCaseReads).values({ caseUid, operatorUid, readAt: at })
        .onConflictDoUpdate({ target: [supportCaseReads.operatorUid, supportCaseReads.caseUid], set: { readAt: at } });
    },
    /** The case locked for a change (two operators closing at once make one Closed activity). */
    async lockCase(uid: string) {
      const [row] = await db.select().from(supportCases).where(eq(supportCases.uid, uid)).for('update');
      return row ?? null;
    },
    async setStatus(uid: string, status: CaseStatus, at: Date): Promise<void> {
      await db.update(supportCases).set({ status, updated: at }).where(eq(supportCases.uid, uid));
    },
    async touch(uid: string, at: Date): Promise<void> {
      await db.update(supportCases).set({ updated: at }).where(eq(supportCases.uid, uid));
    },

    /** The person a case names (by link, else by its email), their accounts with plan and status, last invoices, past cases. */
    async customer(c: { uid: string; personUid: string | null; email: string }, at: Date, invoiceCount: number) {
      const [person] = c.personUid
        ? await db.select().from(people).where(eq(people.uid, c.personUid))
        : await db.select().from(people).where(sql`lower(${people.email}) = lower(${c.email})`).limit(1);
      const pastCases = await db.select().from(supportCases)
        .where(and(ne(supportCases.uid, c.uid), person ? or(eq(supportCases.personUid, person.uid), sql`lower(${supportCases.email}) = lower(${c.email})`) : sql`lower(${supportCases.email}) = lower(${c.email})`))
        .orderBy(desc(supportCases.created)).limit(20);
      if (!person) return { person: null, accounts: [], pastCases };
      const links = await db.select({ account: accounts, isPrimary: personAccounts.isPrimary }).from(personAccounts)
        .innerJoin(accounts, eq(accounts.uid, personAccounts.accountUid)).where(eq(personAccounts.personUid, person.uid)).orderBy(personAccounts.created);
      const accountUids = links.map((l) => l.account.uid);
      const subs = accountUids.length ? await db.select({ sub: subscriptions, planName: plans.name }).from(subscriptions)
        .innerJoin(plans, eq(plans.uid, subscriptions.planUid)).where(inArray(subscriptions.accountUid, accountUids)).orderBy(desc(subscriptions.startDate)) : [];
      const invoiceRows = accountUids.length ? await db.select().from(invoices).where(inArray(invoices.accountUid, accountUids))
        .orderBy(desc(invoices.invoiceDate), desc(invoices.invoiceNumber)).limit(invoiceCount * Math.max(1, accountUids.length)) : [];
      return {
        person, pastCases,
        accounts: links.map((l) => {
          const mine = subs.filter((s) => s.sub.accountUid === l.account.uid);
          // The subscription in force at `at`, else the latest (as sign-in picks the token's).
          const current = mine.find((s) => s.sub.startDate <= at && (s.sub.endDate === null || s.sub.endDate > at)) ?? mine[0] ?? null;
          return { account: l.account, isPrimary: l.isPrimary, subscription: current, invoices: invoiceRows.filter((i) => i.accountUid === l.account.uid).slice(0, invoiceCount) };
        }),
      };
    },
  };
}

export type ConsoleCasesRepository = ReturnType<typeof consoleCasesRepository>;
