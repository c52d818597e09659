import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { ConsentAction, ConsentSource, EmailListStatusName } from '@portico/core/email-lists/subscriptions';
import type { Db } from '../db/database.ts';
import { paginate } from '../db/paginate.ts';
import type { Page, PageRequest } from '../http/list.ts';
import { emailListConsents, emailListLinkKeys, emailListSubscriptions, people } from '../db/schema.ts';

export type SubscriptionRow = typeof emailListSubscriptions.$inferSelect;
export type ConsentRow = typeof emailListConsents.$inferSelect;

/** Subscriptions, the consent log and the link key (only this file touches their tables). */
export function emailListSubscriptionsRepository(db: Db) {
  return {
    /** The person's row on the list, locked for the rest of the transaction (two saves at once take turns). */
    async getForUpdate(listUid: string, personUid: string): Promise<SubscriptionRow | null> {
      const [row] = await db.select().from(emailListSubscriptions)
        .where(and(eq(emailListSubscriptions.listUid, listUid), eq(emailListSubscriptions.personUid, personUid))).for('update');
      return row ?? null;
    },
    /**
     * Inserts the row, or (a concurrent first save inserted it) does nothing; answers whether this
     * call inserted, so the caller then locks and reads what is there.
     */
    async insertIfAbsent(row: typeof emailListSubscriptions.$inferInsert): Promise<boolean> {
      const out = await db.insert(emailListSubscriptions).values(row).onConflictDoNothing().returning({ uid: emailListSubscriptions.uid });
      return out.length > 0;
    },
    async setStatus(uid: string, status: EmailListStatusName, at: Date, reason: { reason: string | null; other: string | null } = { reason: null, other: null }): Promise<void> {
      await db.update(emailListSubscriptions).set({ status, updated: at, unsubscribeReason: reason.reason, unsubscribeReasonOther: reason.other })
        .where(eq(emailListSubscriptions.uid, uid));
    },
    async ofPerson(personUid: string): Promise<SubscriptionRow[]> {
      return db.select().from(emailListSubscriptions).where(eq(emailListSubscriptions.personUid, personUid)).orderBy(asc(emailListSubscriptions.listUid));
    },
    /** A list's rows with the person's email, by email, paged by the database. */
    async subscribers(listUid: string, page: PageRequest): Promise<Page<SubscriptionRow & { email: string; firstName: string | null; lastName: string | null }>> {
      return paginate(db, () => db.select({
        uid: emailListSubscriptions.uid, listUid: emailListSubscriptions.listUid, personUid: emailListSubscriptions.personUid,
        status: emailListSubscriptions.status, unsubscribeReason: emailListSubscriptions.unsubscribeReason,
        unsubscribeReasonOther: emailListSubscriptions.unsubscribeReasonOther, created: emailListSubscriptions.created, updated: emailListSubscriptions.updated,
        email: people.email, firstName: people.firstName, lastName: people.lastName,
      }).from(emailListSubscriptions).innerJoin(people, eq(people.uid, emailListSubscriptions.personUid))
        .where(eq(emailListSubscriptions.listUid, listUid)).orderBy(asc(people.email), asc(emailListSubscriptions.uid)).$dynamic(), page);
    },
    /** Whether the person is on any list as Subscribed or Confirmed (mail to them carries List-Unsubscribe). */
    async isListMember(personUid: string): Promise<boolean> {
      const [row] = await db.select({ one: sql<number>`1` }).from(emailListSubscriptions)
        .where(and(eq(emailListSubscriptions.personUid, personUid), sql`${emailListSubscriptions.status} in ('Subscribed', 'Confirmed')`)).limit(1);
      return !!row;
    },
    /** The person with this address when they are on any list (Subscribed or Confirmed): mail to them carries List-Unsubscribe. */
    async memberByEmail(email: string): Promise<string | null> {
      const [row] = await db.select({ uid: people.uid }).from(people)
        .where(and(sql`lower(${people.email}) = lower(${email})`, sql`exists (select 1 from ${emailListSubscriptions} s where s.person_uid = ${people.uid} and s.status in ('Subscribed', 'Confirmed'))`)).limit(1);
      return row?.uid ?? null;
    },
    async logConsent(row: { uid: string; personUid: string; listUid: string; action: ConsentAction; source: ConsentSource; ip: string | null; at: Date; detail?: Record<string, unknown> }): Promise<void> {
      await db.insert(emailListConsents).values({ ...row, detail: row.detail ?? {} });
    },
    async consentsOf(personUid: string, page: PageRequest): Promise<Page<ConsentRow>> {
      return paginate(db, () => db.select().from(emailListConsents).where(eq(emailListConsents.personUid, personUid))
        .orderBy(desc(emailListConsents.at), asc(emailListConsents.uid)).$dynamic(), page);
    },
    /**
     * The 'Sign up for email updates' flag of people from before issue 18 as subscriptions to the
     * sign-up list with a consent row. Run by seed-from-config at every start (the one place it is
     * written; the migration does not repeat it). Only people lists have never seen: someone with any
     * consent row or any subscription row, on any list (backfilled, signed up since, unsubscribed), is
     * never taken, so moving IsSignUpList to another list later does not carry an old tick over to it.
     * Answers how many it added.
     */
    async backfillSignUpOptIns(): Promise<number> {
      const out = await db.execute(sql`
        WITH list AS (SELECT uid FROM email_lists WHERE is_sign_up_list AND archived IS NULL ORDER BY uid LIMIT 1),
        ins AS (
          INSERT INTO email_list_subscriptions (uid, list_uid, person_uid, status, created, updated)
          SELECT 'm' || substr(md5(p.uid || '/' || l.uid), 1, 15), l.uid, p.uid, 'Subscribed', now(), now()
          FROM people p CROSS JOIN list l WHERE p.opt_in_to_email_list
            AND NOT EXISTS (SELECT 1 FROM email_list_consents c WHERE c.person_uid = p.uid)
            AND NOT EXISTS (SELECT 1 FROM email_list_subscriptions s WHERE s.person_uid = p.uid)
          ON CONFLICT (list_uid, person_uid) DO NOTHING
          RETURNING list_uid, person_uid
        )
        INSERT INTO email_list_consents (uid, person_uid, list_uid, action, source, ip, at, detail)
        SELECT 'c' || substr(md5(person_uid || '/' || list_uid || '/migrated'), 1, 15), person_uid, list_uid, 'opt_in', 'signup', NULL, now(), '{"migrated": "opt_in_to_email_list"}'::jsonb FROM ins
        ON CONFLICT (uid) DO NOTHING
        RETURNING uid`) as unknown as { rows: unknown[] };
      return out.rows.length;
    },
    /** The link key: made once (the first node to ask writes it, the others read the same row). */
    async linkKey(fresh: () => string): Promise<string> {
      await db.insert(emailListLinkKeys).values({ id: 1, key: fresh() }).onConflictDoNothing();
      const [row] = await db.select({ key: emailListLinkKeys.key }).from(emailListLinkKeys).where(eq(emailListLinkKeys.id, 1));
      if (!row) throw new Error('email list link key missing');
      return row.key;
    },
  };
}
export type EmailListSubscriptionsRepository = ReturnType<typeof emailListSubscriptionsRepository>;
