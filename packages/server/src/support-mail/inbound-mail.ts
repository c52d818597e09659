import { createHash, timingSafeEqual } from 'node:crypto';
import { simpleParser, type AddressObject } from 'mailparser';
import { ErrorCode } from '@portico/core';
import { caseNumberInSubject, replyTokenOf } from '@portico/core/operators/operator-rules';
import { ActivityType, SUPPORT_ATTACHMENT_MAX_BYTES, SUPPORT_ATTACHMENT_MAX_FILES, SUPPORT_BODY_MAX_LENGTH } from '@portico/core/support/support-limits';
import { AppError, notFound } from '../http/app-error.ts';
import { newUid } from '../ids/new-uid.ts';
import { checkUploadContent, displayFileName } from '../files/check-upload-content.ts';
import { announceCaseChanged, type CaseChangedBus } from '../support/case-changed.ts';
import type { NewAttachment } from '../support/support.repository.ts';
import type { ServerClock } from '../clock/server-clock.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import { hashReplyToken } from './reply-tokens.ts';

export const INBOUND_SECRET_HEADER = 'x-portico-inbound-secret';

/** The shared secret, compared in constant time (digests of equal length, so the length leaks nothing either). */
export function inboundSecretMatches(expected: string | undefined, given: string | undefined): boolean {
  if (!expected || !given) return false;
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(expected), digest(given));
}

export interface InboundMailDeps {
  uow: UnitOfWork;
  clock: ServerClock;
  supportAddress: string | null;
  /** Where the new reply is announced to the operators' consoles (support/case-changed.ts). */
  bus: CaseChangedBus;
}

export interface InboundAnswer {
  CaseUid: string;
  ActivityUid: string;
  /** A message already taken (same Message-ID): nothing was stored this time. */
  Duplicate: boolean;
  Attachments: { Name: string; Kept: boolean; Reason: string | null }[];
}

const addressesOf = (field: AddressObject | AddressObject[] | undefined): string[] =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((a) => a.value).map((v) => v.address ?? '').filter(Boolean);

/** Every address the message was delivered to: To, Cc, and the envelope headers providers add. */
function recipients(parsed: Awaited<ReturnType<typeof simpleParser>>): string[] {
  const envelope = ['delivered-to', 'x-original-to', 'envelope-to'].flatMap((h) => {
    const v = parsed.headers.get(h);
    const text = typeof v === 'string' ? v : v && typeof v === 'object' && 'text' in v ? String((v as { text: unknown }).text) : '';
    return text.split(',').map((s) => s.trim().replace(/^.*<([^>]+)>.*$/, '$1'));
  });
  return [...addressesOf(parsed.to), ...addressesOf(parsed.cc), ...envelope].filter(Boolean);
}

/**
 * POST /inbound-mail: a customer's answer by mail, threaded into its case by the reply token of the
 * plus address it was sent to (never by the From header). Refused with nothing stored: no token
 * (400), a token of no case (404), a subject quoting another case's number (409). The text part is
 * kept (an HTML-only mail is turned into text by mailparser, scripts and styles dropped: the body is
 * stored and shown as text). Attachments go through the one content check and the help form's
 * limits; a refused one is named in the answer and in the activity, the rest is kept. A Message-ID
 * seen before stores nothing again (a provider's retry).
 */
export async function receiveInboundMail(deps: InboundMailDeps, raw: Buffer): Promise<InboundAnswer> {
  if (!deps.supportAddress) throw new AppError(ErrorCode.Conflict, 'No support address is configured (company config support.replyAddress or support.emailAddress).');
  const parsed = await simpleParser(raw, { skipImageLinks: true, maxHtmlLengthToParse: 2_000_000 });
  const tokens = [...new Set(recipients(parsed).map((a) => replyTokenOf(a, deps.supportAddress!)).filter((t): t is string => t !== null))];
  if (tokens.length !== 1) {
    throw new AppError(ErrorCode.InvalidValue, tokens.length === 0 ? 'The mail was not sent to a case\'s reply address.' : 'The mail names several cases\' reply addresses.', [], 400);
  }
  const c = await deps.uow.supportMail.caseOfToken(hashReplyToken(tokens[0]!));
  if (!c) throw notFound('No case has this reply address.');
  const quoted = caseNumberInSubject(parsed.subject ?? '');
  if (quoted !== null && quoted !== c.number) throw new AppError(ErrorCode.Conflict, `The subject names case #${quoted}, but the reply address is another case's.`);

  const messageId = (parsed.messageId ?? '').trim().slice(0, 998) || `sha256:${createHash('sha256').update(raw).digest('base64url')}`;
  const seen = await deps.uow.supportMail.inboundMail(messageId);
  if (seen) return { CaseUid: seen.caseUid, ActivityUid: seen.activityUid, Duplicate: true, Attachments: [] };

  const from = addressesOf(parsed.from)[0] ?? null;
  const verdicts: InboundAnswer['Attachments'] = [];
  const kept: NewAttachment[] = [];
  for (const a of parsed.attachments) {
    const name = displayFileName(a.filename ?? 'attachment');
    const refuse = (reason: string) => verdicts.push({ Name: name, Kept: false, Reason: reason });
    if (kept.length >= SUPPORT_ATTACHMENT_MAX_FILES) { refuse(`At most ${SUPPORT_ATTACHMENT_MAX_FILES} files are kept.`); continue; }
    if (a.content.length > SUPPORT_ATTACHMENT_MAX_BYTES) { refuse(`Larger than ${SUPPORT_ATTACHMENT_MAX_BYTES.toLocaleString('en-US')} bytes.`); continue; }
    const verdict = checkUploadContent(a.content, name);
    if (!verdict.ok) { refuse(verdict.message); continue; }
    kept.push({ uid: newUid(), fileUid: newUid(), name, contentType: verdict.type, bytes: a.content, sha256: createHash('sha256').update(a.content).digest('hex') });
    verdicts.push({ Name: name, Kept: true, Reason: null });
  }
  const refusedLines = verdicts.filter((v) => !v.Kept).map((v) => `[Attachment not kept: ${v.Name}: ${v.Reason}]`);
  const text = (parsed.text ?? '').replace(/\r\n/g, '\n').split(String.fromCharCode(0)).join('').trim();
  const body = [text.slice(0, SUPPORT_BODY_MAX_LENGTH), ...refusedLines].filter(Boolean).join('\n\n');

  const activityUid = newUid();
  return deps.uow.transaction(async (repos) => {
    const now = deps.clock.now();
    // The Message-ID row first: a retry racing this one waits on it and then stores nothing.
    if (!await repos.supportMail.claimMessage(messageId, c.uid, activityUid, now)) {
      const first = (await repos.supportMail.inboundMail(messageId))!;
      return { CaseUid: first.caseUid, ActivityUid: first.activityUid, Duplicate: true, Attachments: [] };
    }
    await repos.supportMail.addReply(c, { uid: activityUid, type: ActivityType.PersonReply, body, authorEmail: from, created: now }, kept);
    repos.afterCommit(() => announceCaseChanged(deps.bus, c.uid, now));
    return { CaseUid: c.uid, ActivityUid: activityUid, Duplicate: false, Attachments: verdicts };
  });
}
