import { createHash } from 'node:crypto';
import { ErrorCode } from '@portico/core';
import { CHAT_ATTACHMENT_MAX_BYTES, CHAT_HISTORY_PAGE, type ChatHistory, type ChatMessage } from '@portico/core/chat/chat-protocol';
import { agentCommentProblem, attachmentComment, chatDocumentUrl, visitorCommentProblem, type CommentProblem } from '@portico/core/chat/chat-rules';
import { ActivityType } from '@portico/core/support/support-limits';
import type { ServerClock } from '../clock/server-clock.ts';
import type { AppContext } from '../feature-module.ts';
import { autoReplyActivity, autoReplySource, type AutoReply } from '../support/auto-reply.ts';
import { checkUploadContent, displayFileName } from '../files/check-upload-content.ts';
import { AppError, fieldError, notFound } from '../http/app-error.ts';
import { sanitizeRichText } from '../http/sanitize-rich-text.ts';
import { newUid } from '../ids/new-uid.ts';
import { announceCaseChanged, type CaseChangedBus } from '../support/case-changed.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import { AGENT_TYPES, chatMessageOut } from './chat-message-out.ts';
import type { ChatCase, ChatVisitor, NewChatFile, NewChatMessage } from './chat.repository.ts';

/** Where a committed message goes: the visitor's room on every node (chat-hub.ts). */
export interface ChatDelivery {
  toVisitor(visitorUid: string, message: ChatMessage, exceptSocketId?: string): void;
}

export interface ChatDeps {
  uow: UnitOfWork;
  clock: ServerClock;
  delivery: ChatDelivery;
  /** Where a committed change is announced to the operators' consoles (support/case-changed.ts). */
  bus: CaseChangedBus;
  /** The auto-reply a new chat gets (support/auto-reply.ts): the config's value until one is stored, and who it is from. */
  autoReply: { fallback: AutoReply; companyName: string };
}

/** The chat's deps from the app's context (the hub's delivery given). */
export const chatDeps = (ctx: Pick<AppContext, 'uow' | 'clock' | 'config' | 'bus'>, delivery: ChatDelivery): ChatDeps => ({
  uow: ctx.uow, clock: ctx.clock, delivery, bus: ctx.bus,
  autoReply: autoReplySource(ctx.config),
});

const PROBLEM_TEXT: Record<CommentProblem, string> = {
  empty: 'Write a message.', tooLong: 'The message is too long.', nul: 'The message must not contain a NUL character.',
};
const commentError = (problem: CommentProblem) =>
  new AppError(problem === 'empty' ? ErrorCode.Required : ErrorCode.InvalidValue, PROBLEM_TEXT[problem], [fieldError('Comment', problem === 'empty' ? ErrorCode.Required : ErrorCode.InvalidValue, PROBLEM_TEXT[problem])]);

/** Thrown inside a message's transaction when its ClientId is stored already: the numbering rolls back. */
class DuplicateMessage extends Error {}

/**
 * A visitor's message: stored once per ClientId in the visitor's open chat case (made on the first
 * message), numbered in its transaction, delivered to the visitor's other connections after commit.
 * A retry (or a twin sent at once) answers the stored message and delivers nothing again.
 * `knownCaseUid`: the open case this connection last wrote to (spares looking it up each time).
 */
export async function visitorSend(deps: ChatDeps, visitor: ChatVisitor, input: { ClientId: string; Comment: string }, senderSocketId?: string, knownCaseUid?: string): Promise<ChatMessage> {
  const problem = visitorCommentProblem(input.Comment);
  if (problem) throw commentError(problem);
  const message = (now: Date): NewChatMessage => ({
    uid: newUid(), type: ActivityType.PersonReply, body: input.Comment, authorKind: 'person', authorName: null, authorEmail: visitor.email, clientId: input.ClientId, created: now,
  });
  try {
    return await deps.uow.transaction(async (repos) => {
      const now = deps.clock.now();
      let appended = knownCaseUid ? await repos.chat.appendMessage(knownCaseUid, message(now)) : null;
      if (!appended) {
        const c = await repos.chat.openOrCreateCase({ uid: newUid(), visitorUid: visitor.uid, personUid: visitor.personUid, email: visitor.email ?? '', created: now });
        appended = await repos.chat.appendMessage(c.uid, message(now));
      }
      if (!appended || 'duplicate' in appended) throw new DuplicateMessage();
      const out = chatMessageOut(appended.message, visitor.email);
      repos.afterCommit(() => deps.delivery.toVisitor(visitor.uid, out, senderSocketId));
      repos.afterCommit(() => announceCaseChanged(deps.bus, out.Case.Uid, now));
      // A new chat's first message gets the auto-reply while it is on: numbered after it, to every tab of the visitor.
      if (appended.message.seq === 1) {
        const auto = await autoReplyActivity(repos, { ...deps.autoReply, created: now, html: true });
        const replied = auto ? await repos.chat.appendMessage(appended.message.caseUid, { ...auto, clientId: null }) : null;
        if (replied && !('duplicate' in replied)) { const m = chatMessageOut(replied.message, null); repos.afterCommit(() => deps.delivery.toVisitor(visitor.uid, m)); }
      }
      return out;
    });
  } catch (err) {
    if (!(err instanceof DuplicateMessage)) throw err;
    const c = await deps.uow.chat.openCase(visitor.uid);
    const stored = c ? await deps.uow.chat.messageByClientId(c.uid, input.ClientId) : null;
    if (!stored) throw err;
    return chatMessageOut(stored, visitor.email);
  }
}

/** The visitor's open conversation after `afterSeq`, one page (CHAT_HISTORY_PAGE) at a time. */
export async function visitorHistory(deps: ChatDeps, visitor: ChatVisitor, afterSeq: number): Promise<ChatHistory> {
  const c = await deps.uow.chat.openCase(visitor.uid);
  if (!c) return { CaseUid: null, Messages: [], More: false };
  const rows = await deps.uow.chat.messagesAfter(c.uid, afterSeq, CHAT_HISTORY_PAGE + 1);
  return { CaseUid: c.uid, Messages: rows.slice(0, CHAT_HISTORY_PAGE).map((r) => chatMessageOut(r, visitor.email)), More: rows.length > CHAT_HISTORY_PAGE };
}

/** The chat case `caseUid` when it is this visitor's; otherwise NotFound (another visitor's case looks like no case). */
export async function visitorsCase(deps: ChatDeps, visitor: ChatVisitor, caseUid: string): Promise<ChatCase> {
  const c = await deps.uow.chat.chatCase(caseUid);
  if (!c || c.visitorUid !== visitor.uid) throw notFound(`No chat '${caseUid}'.`);
  return c;
}

export async function markChatRead(deps: ChatDeps, visitor: ChatVisitor, caseUid: string): Promise<void> {
  const c = await visitorsCase(deps, visitor, caseUid);
  await deps.uow.chat.markSeen(c.uid, deps.clock.now(), AGENT_TYPES);
}

/** An operator's reply (rich text, sanitized before it is stored), delivered to the visitor after commit. */
export async function agentReply(deps: ChatDeps, caseUid: string, input: { AgentName: string; Comment: string }): Promise<ChatMessage> {
  const problem = agentCommentProblem(input.Comment);
  if (problem) throw commentError(problem);
  const clean = sanitizeRichText(input.Comment)!;
  if (clean.trim() === '') throw commentError('empty');
  return deps.uow.transaction(async (repos) => {
    const c = await repos.chat.chatCase(caseUid);
    if (!c) throw notFound(`No chat '${caseUid}'.`);
    const appended = await repos.chat.appendMessage(c.uid, {
      uid: newUid(), type: ActivityType.AgentReply, body: clean, authorKind: 'agent', authorName: input.AgentName, authorEmail: null, clientId: null, created: deps.clock.now(),
    });
    if (!appended || 'duplicate' in appended) throw new AppError(ErrorCode.Conflict, 'This chat is closed.');
    const out = chatMessageOut(appended.message, null);
    if (c.visitorUid) { const v = c.visitorUid; repos.afterCommit(() => deps.delivery.toVisitor(v, out)); }
    repos.afterCommit(() => announceCaseChanged(deps.bus, c.uid, appended.message.created));
    return out;
  });
}

export interface ReceivedChatFile { filename: string; bytes: Buffer; truncated: boolean }

/** The file checked by the one content check (files/check-upload-content.ts), before anything is written. */
export function checkChatFile(f: ReceivedChatFile): NewChatFile {
  const name = displayFileName(f.filename);
  if (f.truncated || f.bytes.length > CHAT_ATTACHMENT_MAX_BYTES) {
    throw new AppError(ErrorCode.FileTooLarge, `${name} is larger than 4MB (at most ${CHAT_ATTACHMENT_MAX_BYTES.toLocaleString('en-US')} bytes).`, [fieldError('file', ErrorCode.FileTooLarge, `${name} is too large.`)]);
  }
  const verdict = checkUploadContent(f.bytes, name);
  if (!verdict.ok) {
    const message = verdict.problem === 'pixels' ? `${name}: ${verdict.message}` : `${name}: this file type can not be uploaded (its content is not a csv, jpg, pdf, png, txt or xlsx file).`;
    throw new AppError(ErrorCode.FileInvalidType, message, [fieldError('file', ErrorCode.FileInvalidType, message)]);
  }
  return { uid: newUid(), fileUid: newUid(), name, contentType: verdict.type, bytes: f.bytes, sha256: createHash('sha256').update(f.bytes).digest('hex') };
}

/**
 * A file sent in a chat by the visitor (`visitor`) or an operator (`agentName`): its bytes stored with
 * the case and the message 'attachment|{image|file}|{url}' appended and delivered like any message.
 */
export async function sendChatFile(deps: ChatDeps, caseUid: string, from: { visitor: ChatVisitor } | { agentName: string }, file: NewChatFile): Promise<{ file: NewChatFile; message: ChatMessage }> {
  return deps.uow.transaction(async (repos) => {
    const c = await repos.chat.chatCase(caseUid);
    if (!c || ('visitor' in from && c.visitorUid !== from.visitor.uid)) throw notFound(`No chat '${caseUid}'.`);
    const now = deps.clock.now();
    const body = attachmentComment(file.contentType, chatDocumentUrl(c.uid, file.uid, file.name));
    const appended = await repos.chat.appendMessage(c.uid, 'visitor' in from
      ? { uid: newUid(), type: ActivityType.PersonReply, body, authorKind: 'person', authorName: null, authorEmail: from.visitor.email, clientId: null, created: now }
      : { uid: newUid(), type: ActivityType.AgentReply, body, authorKind: 'agent', authorName: from.agentName, authorEmail: null, clientId: null, created: now });
    if (!appended || 'duplicate' in appended) throw new AppError(ErrorCode.Conflict, 'This chat is closed.');
    const { message } = appended;
    await repos.chat.insertAttachment(c.uid, message.uid, file, now);
    const out = chatMessageOut(message, 'visitor' in from ? from.visitor.email : null);
    if (c.visitorUid) { const v = c.visitorUid; repos.afterCommit(() => deps.delivery.toVisitor(v, out)); }
    repos.afterCommit(() => announceCaseChanged(deps.bus, c.uid, now));
    return { file, message: out };
  });
}
