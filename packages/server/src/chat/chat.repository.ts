import { and, asc, count, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { CaseSource } from '@portico/core/support/support-limits';
import type { Db } from '../db/database.ts';
import { chatVisitors, files, people, supportAttachments, supportCaseActivities, supportCases } from '../db/schema.ts';
import type { Page, PageRequest } from '../http/list.ts';

export type ChatVisitor = typeof chatVisitors.$inferSelect;
export type ChatCase = typeof supportCases.$inferSelect;
export type ChatActivity = typeof supportCaseActivities.$inferSelect;

export interface NewChatMessage {
  uid: string;
  type: number;
  body: string;
  authorKind: 'person' | 'agent' | 'system';
  authorName: string | null;
  authorEmail: string | null;
  clientId: string | null;
  created: Date;
}

export interface NewChatFile {
  uid: string;
  fileUid: string;
  name: string;
  contentType: string;
  bytes: Buffer;
  sha256: string;
}

const CHAT = CaseSource.Chat;
const openChat = (visitorUid: string) => and(eq(supportCases.visitorUid, visitorUid), eq(supportCases.source, CHAT), eq(supportCases.status, 'open'));

/** Chat visitors, chat cases (support cases of Source Chat) and their messages, operator presence (docs/chat.md "Storage"). */
export function chatRepository(db: Db) {
  return {
    async insertVisitor(v: { uid: string; personUid: string | null; email: string | null; created: Date }): Promise<ChatVisitor> {
      const [row] = await db.insert(chatVisitors).values(v).returning();
      return row!;
    },

    async visitor(uid: string): Promise<ChatVisitor | null> {
      const [row] = await db.select().from(chatVisitors).where(eq(chatVisitors.uid, uid));
      return row ?? null;
    },

    async visitorByPerson(personUid: string): Promise<ChatVisitor | null> {
      const [row] = await db.select().from(chatVisitors).where(eq(chatVisitors.personUid, personUid));
      return row ?? null;
    },

    /** The person's own visitor (made on first need, its e-mail kept as the person's); two first connects at once make one. */
    async visitorOfPerson(personUid: string, newUid: string, now: Date): Promise<ChatVisitor | null> {
      const [person] = await db.select({ email: people.email }).from(people).where(eq(people.uid, personUid));
      if (!person) return null;
      const [row] = await db.insert(chatVisitors).values({ uid: newUid, personUid, email: person.email, created: now })
        .onConflictDoUpdate({ target: chatVisitors.personUid, set: { email: person.email } }).returning();
      return row!;
    },

    async setVisitorEmail(uid: string, email: string): Promise<void> {
      await db.update(chatVisitors).set({ email }).where(eq(chatVisitors.uid, uid));
      await db.update(supportCases).set({ email }).where(openChat(uid));
    },

    async openCase(visitorUid: string): Promise<ChatCase | null> {
      const [row] = await db.select().from(supportCases).where(openChat(visitorUid));
      return row ?? null;
    },

    /** The visitor's open chat case, made when there is none (the partial unique index makes two at once one). */
    async openOrCreateCase(c: { uid: string; visitorUid: string; personUid: string | null; email: string; created: Date }): Promise<ChatCase> {
      const [found] = await db.select().from(supportCases).where(openChat(c.visitorUid));
      if (found) return found;
      await db.insert(supportCases).values({ ...c, source: CHAT, status: 'open', subject: 'Chat', updated: c.created })
        .onConflictDoNothing({ target: supportCases.visitorUid, where: sql`${supportCases.source} = 5 and ${supportCases.status} = 'open'` });
      const [row] = await db.select().from(supportCases).where(openChat(c.visitorUid));
      return row!;
    },

    /** A chat case by uid (any visitor); null when it is not a chat. */
    async chatCase(uid: string): Promise<ChatCase | null> {
      const [row] = await db.select().from(supportCases).where(and(eq(supportCases.uid, uid), eq(supportCases.source, CHAT)));
      return row ?? null;
    },

    async messageByClientId(caseUid: string, clientId: string): Promise<ChatActivity | null> {
      const [row] = await db.select().from(supportCaseActivities).where(and(eq(supportCaseActivities.caseUid, caseUid), eq(supportCaseActivities.clientId, clientId)));
      return row ?? null;
    },

    /**
     * Appends a message with the case's next Seq; run in a transaction. `UPDATE … SET last_seq =
     * last_seq + 1 … RETURNING` numbers it and locks the case row until commit, so messages of one case
     * are numbered in commit order without gaps. A message whose ClientId is already stored is not
     * inserted (`ON CONFLICT DO NOTHING` on the unique (case_uid, client_id)): the answer is then
     * `duplicate`, and the caller rolls the numbering back and answers the stored one. Null when the
     * case is not an open one.
     */
    async appendMessage(caseUid: string, m: NewChatMessage): Promise<{ message: ChatActivity } | { duplicate: true } | null> {
      const [numbered] = await db.update(supportCases).set({ lastSeq: sql`${supportCases.lastSeq} + 1`, updated: m.created })
        .where(and(eq(supportCases.uid, caseUid), eq(supportCases.status, 'open'))).returning({ seq: supportCases.lastSeq });
      if (!numbered) return null;
      const [row] = await db.insert(supportCaseActivities).values({ ...m, caseUid, seq: numbered.seq })
        .onConflictDoNothing({ target: [supportCaseActivities.caseUid, supportCaseActivities.clientId] }).returning();
      return row ? { message: row } : { duplicate: true };
    },

    /** A file sent in a chat, linked to its message (the bytes in `files`, like a help-form attachment). */
    async insertAttachment(caseUid: string, activityUid: string, f: NewChatFile, created: Date): Promise<void> {
      await db.insert(files).values({ uid: f.fileUid, contentType: f.contentType, byteSize: f.bytes.length, bytes: f.bytes, sha256: f.sha256, created });
      await db.insert(supportAttachments).values({ uid: f.uid, caseUid, activityUid, fileUid: f.fileUid, name: f.name, contentType: f.contentType, byteSize: f.bytes.length, created });
    },

    /** Messages with Seq after `afterSeq`, oldest first, at most `limit`. */
    async messagesAfter(caseUid: string, afterSeq: number, limit: number): Promise<ChatActivity[]> {
      const q = db.select().from(supportCaseActivities)
        .where(and(eq(supportCaseActivities.caseUid, caseUid), gt(supportCaseActivities.seq, afterSeq)))
        .orderBy(asc(supportCaseActivities.seq));
      return limit === -1 ? q : q.limit(limit);
    },

    /** Marks the case's unseen operator messages seen; how many were. */
    async markSeen(caseUid: string, at: Date, types: number[]): Promise<number> {
      const rows = await db.update(supportCaseActivities).set({ seenAt: at })
        .where(and(eq(supportCaseActivities.caseUid, caseUid), inArray(supportCaseActivities.type, types), isNull(supportCaseActivities.seenAt)))
        .returning({ uid: supportCaseActivities.uid });
      return rows.length;
    },

    async listChats(filter: { status?: 'open' | 'closed' | undefined }, page: PageRequest): Promise<Page<ChatCase>> {
      const cond = and(eq(supportCases.source, CHAT), filter.status ? eq(supportCases.status, filter.status) : undefined);
      const q = db.select().from(supportCases).where(cond).orderBy(desc(supportCases.updated), desc(supportCases.number)).offset(page.offset);
      const items = page.limit === -1 ? await q : await q.limit(page.limit);
      const [total] = await db.select({ n: count() }).from(supportCases).where(cond);
      return { items, total: total?.n ?? 0 };
    },
  };
}

export type ChatRepository = ReturnType<typeof chatRepository>;
