import { createHash } from 'node:crypto';
import { ErrorCode, type FieldError } from '@portico/core';
import { ActivityType, SUPPORT_ATTACHMENT_MAX_BYTES, SUPPORT_ATTACHMENT_MAX_FILES } from '@portico/core/support/support-limits';
import type { CaptchaVerifier } from '../captcha/captcha.ts';
import type { ServerClock } from '../clock/server-clock.ts';
import { checkUploadContent, displayFileName } from '../files/check-upload-content.ts';
import { AppError, fieldError } from '../http/app-error.ts';
import type { Caller } from '../http/caller.ts';
import { callerScope, requestHash, storedAnswer, twinAnswer, withIdempotency, type Answer } from '../http/idempotency.ts';
import { newUid } from '../ids/new-uid.ts';
import { autoReplyActivity, type AutoReply } from './auto-reply.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import { announceCaseChanged, type CaseChangedBus } from './case-changed.ts';
import { SUPPORT_ACK_MAIL_TOPIC, SUPPORT_NOTICE_MAIL_TOPIC, type SupportMailPayload } from './support-mail.ts';
import type { CaseCreatedOut, CaseItemInput } from './support.schemas.ts';
import type { NewAttachment } from './support.repository.ts';

export interface SupportDeps {
  uow: UnitOfWork;
  clock: ServerClock;
  captcha: CaptchaVerifier;
  /** Whether the company configured a support address to notify (support.emailAddress). */
  notifySupport: boolean;
  wakeOutbox: () => void;
  /** Where a new case is announced to the operators' consoles (case-changed.ts). */
  bus: CaseChangedBus;
  /** The auto-reply a new case gets (auto-reply.ts): the config's value until one is stored, and who it is from. */
  autoReply: { fallback: AutoReply; companyName: string };
}

/** One file part as the multipart reader gave it. */
export interface ReceivedFile {
  field: string;
  filename: string;
  bytes: Buffer;
  truncated: boolean;
}

export interface CaseRequest {
  item: CaseItemInput;
  files: ReceivedFile[];
  idempotencyKey: string | undefined;
}

const SCOPE = 'POST /public/support/cases';

/**
 * Every attachment checked before anything is written: count, size, content. Each refusal names
 * the file (spec 2 section 5 "Help form"; docs/support.md "Limits and content checks"), and one bad
 * file refuses the whole request: no half-saved case.
 */
export function checkAttachments(files: ReceivedFile[]): NewAttachment[] {
  const problems: FieldError[] = [];
  const accepted: NewAttachment[] = [];
  files.forEach((f, i) => {
    const name = displayFileName(f.filename);
    if (i >= SUPPORT_ATTACHMENT_MAX_FILES) {
      problems.push(fieldError(f.field, ErrorCode.InvalidValue, `${name}: at most ${SUPPORT_ATTACHMENT_MAX_FILES} files can be attached.`));
      return;
    }
    if (f.truncated || f.bytes.length > SUPPORT_ATTACHMENT_MAX_BYTES) {
      problems.push(fieldError(f.field, ErrorCode.FileTooLarge, `${name} is larger than 2MB (at most ${SUPPORT_ATTACHMENT_MAX_BYTES.toLocaleString('en-US')} bytes).`));
      return;
    }
    const verdict = checkUploadContent(f.bytes, name);
    if (!verdict.ok) {
      problems.push(fieldError(f.field, ErrorCode.FileInvalidType, verdict.problem === 'pixels' ? `${name}: ${verdict.message}` : `${name}: this file type can not be uploaded (its content is not a csv, jpg, pdf, png, txt or xlsx file).`));
      return;
    }
    accepted.push({ uid: newUid(), fileUid: newUid(), name, contentType: verdict.type, bytes: f.bytes, sha256: createHash('sha256').update(f.bytes).digest('hex') });
  });
  if (problems.length) {
    const code = problems.every((p) => p.ErrorCode === ErrorCode.FileTooLarge) ? ErrorCode.FileTooLarge : problems[0]!.ErrorCode === ErrorCode.FileInvalidType ? ErrorCode.FileInvalidType : ErrorCode.ValidationFailed;
    throw new AppError(code, problems.map((p) => p.Message).join(' '), problems);
  }
  return accepted;
}

/**
 * POST /public/support/cases: a help request becomes an open case (Source Website) with its first
 * activity (PersonReply, the body as plain text) and its attachments, in one transaction with the
 * two mails' outbox rows (the sender's acknowledgement, the support address's notice). With an
 * Idempotency-Key a retry, or a twin sent at once, gets the first answer and no second case.
 */
export async function createSupportCase(deps: SupportDeps, caller: Caller, req: CaseRequest): Promise<Answer<CaseCreatedOut>> {
  const attachments = checkAttachments(req.files);
  const { RecaptchaToken, RecaptchaSiteKey: _siteKey, ...sameRequest } = req.item;
  const idempotency = {
    scope: callerScope(SCOPE, caller), key: req.idempotencyKey,
    requestHash: requestHash(sameRequest, attachments.map((a) => [a.name, a.sha256])),
  };
  const stored = await storedAnswer<CaseCreatedOut>(deps.uow, idempotency);
  if (stored) return stored;
  try {
    const captcha = await deps.captcha.verify(RecaptchaToken ?? undefined, caller.ip);
    if (!captcha.ok) {
      const code = captcha.code ?? ErrorCode.CaptchaInvalid;
      throw new AppError(code, undefined, [fieldError('RecaptchaToken', code)]);
    }
    const answer = await withIdempotency(deps.uow, idempotency, async (repos) => {
      const now = deps.clock.now();
      const email = req.item.FromPerson.Email;
      const personUid = await repos.support.personUidByEmail(email);
      const row = await repos.support.insertCase(
        { uid: newUid(), source: req.item.Source, personUid, email, subject: req.item.Subject, created: now },
        { uid: newUid(), type: ActivityType.PersonReply, body: req.item.Body }, attachments,
      );
      // The auto-reply, while it is on, is the case's second activity (a millisecond after the request, so it
      // reads after it); the acknowledgement mail carries its text.
      const auto = await autoReplyActivity(repos, { ...deps.autoReply, created: new Date(now.getTime() + 1), html: false });
      if (auto) await repos.support.addActivity({ ...auto, caseUid: row.uid });
      const payload: SupportMailPayload = { caseUid: row.uid };
      await repos.outbox.enqueue(SUPPORT_ACK_MAIL_TOPIC, payload);
      if (deps.notifySupport) await repos.outbox.enqueue(SUPPORT_NOTICE_MAIL_TOPIC, payload);
      repos.afterCommit(() => announceCaseChanged(deps.bus, row.uid, now));
      const body: CaseCreatedOut = {
        Uid: row.uid, Number: row.number, Source: row.source, Status: row.status, Created: row.created.toISOString(),
        Attachments: attachments.map((a) => ({ Uid: a.uid, Name: a.name, ContentType: a.contentType, Size: a.bytes.length })),
      };
      return { statusCode: 201, body };
    });
    if (!answer.replayed) deps.wakeOutbox();
    return answer;
  } catch (err) {
    // A double-click twin with the same key may have spent the captcha token and won.
    const twin = err instanceof AppError ? await twinAnswer<CaseCreatedOut>(deps.uow, idempotency) : null;
    if (!twin) throw err;
    return twin;
  }
}
