import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { files, people, supportAttachments, supportCaseActivities, supportCases } from '../db/schema.ts';
import type { Page, PageRequest } from '../http/list.ts';
import type { CaseStatus } from '@portico/core/support/support-limits';

export type SupportCase = typeof supportCases.$inferSelect;
export type SupportActivity = typeof supportCaseActivities.$inferSelect;
export type SupportAttachment = typeof supportAttachments.$inferSelect;

export interface NewAttachment {
  uid: string;
  fileUid: string;
  name: string;
  contentType: string;
  bytes: Buffer;
  sha256: string;
}

export interface CaseFilter {
  email?: string | undefined;
  status?: CaseStatus | undefined;
}

/** Support cases, their activities and attachments (the only file that touches these tables). */
export function supportRepository(db: Db) {
  return {
    /** The person an email belongs to, if any (a case links a known person). */
    async personUidByEmail(email: string): Promise<string | null> {
      const [row] = await db.select({ uid: people.uid }).from(people).where(sql`lower(${people.email}) = lower(${email})`).limit(1);
      return row?.uid ?? null;
    },

    /** A new case with its first activity and its attachments (their bytes in `files`); run in one transaction. */
    async insertCase(c: { uid: string; source: number; personUid: string | null; email: string; subject: string; created: Date },
      activity: { uid: string; type: number; body: string }, attachments: NewAttachment[]): Promise<SupportCase> {
      const [row] = await db.insert(supportCases).values({ ...c, status: 'open', updated: c.created }).returning();
      await db.insert(supportCaseActivities).values({
        uid: activity.uid, caseUid: c.uid, type: activity.type, body: activity.body, authorKind: 'person', authorEmail: c.email, created: c.created,
      });
      if (attachments.length) {
        await db.insert(files).values(attachments.map((a) => ({ uid: a.fileUid, contentType: a.contentType, byteSize: a.bytes.length, bytes: a.bytes, sha256: a.sha256, created: c.created })));
        await db.insert(supportAttachments).values(attachments.map((a) => ({
          uid: a.uid, caseUid: c.uid, activityUid: activity.uid, fileUid: a.fileUid, name: a.name, contentType: a.contentType, byteSize: a.bytes.length, created: c.created,
        })));
      }
      return row!;
    },

    /** One more activity on a case (an auto-reply, an operator's reply or note, a status event); run in the caller's transaction. */
    async addActivity(a: { uid: string; caseUid: string; type: number; body: string; authorKind: 'person' | 'agent' | 'system'; authorName: string | null; authorEmail: string | null; created: Date }): Promise<void> {
      await db.insert(supportCaseActivities).values(a);
    },

    async listCases(filter: CaseFilter, page: PageRequest): Promise<Page<SupportCase>> {
      const where: SQL[] = [];
      if (filter.email) where.push(sql`lower(${supportCases.email}) = lower(${filter.email})`);
      if (filter.status) where.push(eq(supportCases.status, filter.status));
      const cond = where.length ? and(...where) : undefined;
      const q = db.select().from(supportCases).where(cond).orderBy(desc(supportCases.created), desc(supportCases.number)).offset(page.offset);
      const items = page.limit === -1 ? await q : await q.limit(page.limit);
      const [total] = await db.select({ n: count() }).from(supportCases).where(cond);
      return { items, total: total?.n ?? 0 };
    },

    async getCase(uid: string): Promise<{ case: SupportCase; activities: SupportActivity[]; attachments: SupportAttachment[] } | null> {
      const [c] = await db.select().from(supportCases).where(eq(supportCases.uid, uid));
      if (!c) return null;
      const activities = await db.select().from(supportCaseActivities).where(eq(supportCaseActivities.caseUid, uid))
        .orderBy(asc(supportCaseActivities.created), asc(supportCaseActivities.seq), asc(supportCaseActivities.uid));
      const attachments = await db.select().from(supportAttachments).where(eq(supportAttachments.caseUid, uid)).orderBy(asc(supportAttachments.created), asc(supportAttachments.name));
      return { case: c, activities, attachments };
    },

    /** One attachment of a case with its bytes (null when the attachment is not on that case). */
    async attachmentData(caseUid: string, attachmentUid: string): Promise<(SupportAttachment & { bytes: Buffer; sha256: string }) | null> {
      const [row] = await db.select({ a: supportAttachments, bytes: files.bytes, sha256: files.sha256 }).from(supportAttachments)
        .innerJoin(files, eq(files.uid, supportAttachments.fileUid))
        .where(and(eq(supportAttachments.caseUid, caseUid), eq(supportAttachments.uid, attachmentUid)));
      return row ? { ...row.a, bytes: row.bytes, sha256: row.sha256 } : null;
    },
  };
}

export type SupportRepository = ReturnType<typeof supportRepository>;
