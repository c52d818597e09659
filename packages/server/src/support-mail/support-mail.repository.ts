import { eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { files, supportAttachments, supportCaseActivities, supportCases, supportInboundMails, supportReplyTokens } from '../db/schema.ts';
import type { NewAttachment } from '../support/support.repository.ts';

/** Support by mail (issue 20): reply tokens (hashed), inbound mails by Message-ID, and the customer's answer written into its case. */
export function supportMailRepository(db: Db) {
  return {
    async rememberToken(tokenHash: string, caseUid: string): Promise<void> {
      await db.insert(supportReplyTokens).values({ tokenHash, caseUid }).onConflictDoNothing();
    },
    async caseOfToken(tokenHash: string): Promise<typeof supportCases.$inferSelect | null> {
      const [row] = await db.select({ c: supportCases }).from(supportReplyTokens).innerJoin(supportCases, eq(supportCases.uid, supportReplyTokens.caseUid))
        .where(eq(supportReplyTokens.tokenHash, tokenHash));
      return row?.c ?? null;
    },
    /** Claims a Message-ID for a case; false when it was taken before (a provider's retry): the caller then stores nothing. */
    async claimMessage(messageId: string, caseUid: string, activityUid: string, at: Date): Promise<boolean> {
      const rows = await db.insert(supportInboundMails).values({ messageId, caseUid, activityUid, received: at }).onConflictDoNothing().returning({ id: supportInboundMails.messageId });
      return rows.length > 0;
    },
    async inboundMail(messageId: string): Promise<{ caseUid: string; activityUid: string } | null> {
      const [row] = await db.select().from(supportInboundMails).where(eq(supportInboundMails.messageId, messageId));
      return row ? { caseUid: row.caseUid, activityUid: row.activityUid } : null;
    },
    /** The customer's answer (PersonReply) with its kept attachments; a closed case opens again. Run in one transaction. */
    async addReply(c: { uid: string; status: string }, a: { uid: string; type: number; body: string; authorEmail: string | null; created: Date }, attachments: NewAttachment[]): Promise<void> {
      await db.insert(supportCaseActivities).values({ uid: a.uid, caseUid: c.uid, type: a.type, body: a.body, authorKind: 'person', authorName: null, authorEmail: a.authorEmail, created: a.created });
      if (attachments.length) {
        await db.insert(files).values(attachments.map((f) => ({ uid: f.fileUid, contentType: f.contentType, byteSize: f.bytes.length, bytes: f.bytes, sha256: f.sha256, created: a.created })));
        await db.insert(supportAttachments).values(attachments.map((f) => ({
          uid: f.uid, caseUid: c.uid, activityUid: a.uid, fileUid: f.fileUid, name: f.name, contentType: f.contentType, byteSize: f.bytes.length, created: a.created,
        })));
      }
      await db.update(supportCases).set({ updated: a.created, ...(c.status === 'closed' ? { status: 'open' as const } : {}) }).where(eq(supportCases.uid, c.uid));
    },
  };
}

export type SupportMailRepository = ReturnType<typeof supportMailRepository>;
