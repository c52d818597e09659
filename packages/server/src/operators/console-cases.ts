import { ErrorCode } from '@portico/core';
import { ActivityType, CaseSource, type CaseStatus } from '@portico/core/support/support-limits';
import { isAttachmentComment } from '@portico/core/chat/chat-rules';
import { parseAttachment } from '@portico/core/chat/chat-text';
import { AppError, notFound } from '../http/app-error.ts';
import { clipText, richTextToPlainText } from '../http/sanitize-rich-text.ts';
import { newUid } from '../ids/new-uid.ts';
import type { ServerClock } from '../clock/server-clock.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import { announceCaseChanged, type CaseChangedBus } from '../support/case-changed.ts';
import type { LastMessage } from './console-cases.repository.ts';
import { AGENT_REPLY_MAIL_TOPIC, type AgentReplyMailPayload } from '../support-mail/agent-reply-mail.ts';

/** Who acts in the console (the operator guard's caller). */
export interface Acting { operatorUid: string; name: string; initials: string }

/**
 * A reply to a Chat case (Source 5) goes through the chat's own delivery (app.chat.agentReply, wired in
 * operators.module.ts), so the visitor sees it live with its Seq. Null (a test app without the chat):
 * a Chat case's reply is refused (409) and nothing is stored.
 */
export type ChatReply = (caseUid: string, input: { AgentName: string; AgentInitials: string; Comment: string }) => Promise<{ ActivityUid: string }>;

export interface ConsoleCasesDeps {
  uow: UnitOfWork;
  clock: ServerClock;
  chatReply: ChatReply | null;
  /** After a commit that enqueued the reply mail. */
  wakeOutbox?: (() => void) | undefined;
  /** Where a change is announced to every operator's console (support/case-changed.ts); a chat reply announces itself (chat-messages.ts). */
  bus: CaseChangedBus;
}

/** The inbox row's last message, as one line of text (a file by its name). */
export const PREVIEW_MAX = 140;
export function inboxPreview(last: LastMessage | null): { Text: string; From: 'person' | 'agent' | 'system'; Attachment: boolean; Created: string } | null {
  if (!last) return null;
  const file = isAttachmentComment(last.body) ? parseAttachment(last.body) : null;
  // A chat operator's message (numbered, of an agent type) is rich text; everything else is text as written.
  const text = file ? file.name : last.seq !== null && last.type !== ActivityType.PersonReply ? richTextToPlainText(last.body, PREVIEW_MAX) : clipText(last.body, PREVIEW_MAX);
  return { Text: text, From: last.authorKind, Attachment: isAttachmentComment(last.body), Created: last.created.toISOString() };
}

async function caseOrNotFound(deps: ConsoleCasesDeps, uid: string) {
  const found = await deps.uow.support.getCase(uid);
  if (!found) throw notFound(`No support case with Uid '${uid}'.`);
  return found;
}

/** The case with activities and attachments, its assignee; reading it marks it read for this operator. */
export async function consoleCase(deps: ConsoleCasesDeps, uid: string) {
  const found = await caseOrNotFound(deps, uid);
  return { ...found, assignee: await deps.uow.consoleCases.assignee(uid) };
}

export async function markCaseRead(deps: ConsoleCasesDeps, me: Acting, uid: string): Promise<void> {
  await caseOrNotFound(deps, uid);
  await deps.uow.consoleCases.markRead(uid, me.operatorUid, deps.clock.now());
}

/**
 * An agent's reply (AgentReply, 6). Website and Email cases: stored, and mailed to the customer from
 * the support address with the case's Reply-To (support-mail/agent-reply-mail.ts, through the
 * outbox). Chat cases: through the chat's delivery (`chatReply`).
 */
export async function replyToCase(deps: ConsoleCasesDeps, me: Acting, uid: string, comment: string): Promise<{ ActivityUid: string }> {
  const body = comment.trim();
  if (!body) throw new AppError(ErrorCode.Required, 'Write a reply.', [{ Field: 'Comment', ErrorCode: ErrorCode.Required, Message: 'Write a reply.' }]);
  const { case: c } = await caseOrNotFound(deps, uid);
  if (c.source === CaseSource.Chat) {
    if (!deps.chatReply) throw new AppError(ErrorCode.Conflict, 'Chat replies go through the live chat, which this server does not have yet.');
    const out = await deps.chatReply(uid, { AgentName: me.name, AgentInitials: me.initials, Comment: body });
    await deps.uow.consoleCases.markRead(uid, me.operatorUid, deps.clock.now());
    return out;
  }
  if (c.source !== CaseSource.Website && c.source !== CaseSource.Email) throw new AppError(ErrorCode.Conflict, 'This case\'s channel can not be answered from the console.');
  return deps.uow.transaction(async (repos) => {
    const now = deps.clock.now();
    const activityUid = newUid();
    await repos.support.addActivity({ uid: activityUid, caseUid: uid, type: ActivityType.AgentReply, body, authorKind: 'agent', authorName: me.name, authorEmail: null, created: now });
    await repos.consoleCases.touch(uid, now);
    await repos.consoleCases.markRead(uid, me.operatorUid, now);
    const payload: AgentReplyMailPayload = { caseUid: uid, activityUid };
    await repos.outbox.enqueue(AGENT_REPLY_MAIL_TOPIC, payload);
    repos.afterCommit(() => deps.wakeOutbox?.());
    repos.afterCommit(() => announceCaseChanged(deps.bus, uid, now));
    return { ActivityUid: activityUid };
  });
}

/** Close or reopen: the status and its activity (Closed 3, Reopened 4) together; the same status again changes nothing (409). */
export async function setCaseStatus(deps: ConsoleCasesDeps, me: Acting, uid: string, status: CaseStatus): Promise<void> {
  await deps.uow.transaction(async (repos) => {
    const c = await repos.consoleCases.lockCase(uid);
    if (!c) throw notFound(`No support case with Uid '${uid}'.`);
    if (c.status === status) throw new AppError(ErrorCode.Conflict, `The case is already ${status}.`);
    const now = deps.clock.now();
    await repos.consoleCases.setStatus(uid, status, now);
    await repos.support.addActivity({
      uid: newUid(), caseUid: uid, type: status === 'closed' ? ActivityType.Closed : ActivityType.Reopened, body: '', authorKind: 'agent', authorName: me.name, authorEmail: null, created: now,
    });
    repos.afterCommit(() => announceCaseChanged(deps.bus, uid, now));
  });
}

/** 'Assign to me' (Assigned, 5); already mine changes nothing. */
export async function assignToMe(deps: ConsoleCasesDeps, me: Acting, uid: string): Promise<void> {
  await deps.uow.transaction(async (repos) => {
    const c = await repos.consoleCases.lockCase(uid);
    if (!c) throw notFound(`No support case with Uid '${uid}'.`);
    if ((await repos.consoleCases.assignee(uid))?.operatorUid === me.operatorUid) return;
    const now = deps.clock.now();
    await repos.consoleCases.assign(uid, me.operatorUid, now);
    await repos.support.addActivity({ uid: newUid(), caseUid: uid, type: ActivityType.Assigned, body: me.name, authorKind: 'agent', authorName: me.name, authorEmail: null, created: now });
    repos.afterCommit(() => announceCaseChanged(deps.bus, uid, now));
  });
}
