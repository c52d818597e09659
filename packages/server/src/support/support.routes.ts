import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ErrorCode } from '@portico/core';
import {
  SUPPORT_ATTACHMENT_EXTENSIONS, SUPPORT_ATTACHMENT_MAX_BYTES, SUPPORT_ATTACHMENT_MAX_FILES, SUPPORT_ATTACHMENT_TYPES,
  SUPPORT_BODY_MAX_LENGTH, SUPPORT_SUBJECT_MAX_LENGTH,
} from '@portico/core/support/support-limits';
import type { CaptchaConfig } from '../captcha/captcha.ts';
import { AppError, fieldError, validationError } from '../http/app-error.ts';
import { idempotencyHeaders } from '../http/idempotency.ts';
import { acceptMultipart, type MultipartReader } from '../http/multipart.ts';
import { routeRateLimit } from '../http/rate-limits.ts';
import { nulPaths } from '../http/reject-nul.ts';
import { createSupportCase, type ReceivedFile, type SupportDeps } from './create-support-case.ts';
import { SUPPORT_RATE_LIMITS } from './support.rate-limits.ts';
import { caseCreatedOut, caseItemInput, documentInfoInput, supportSettingsOut } from './support.schemas.ts';

/** The multipart parts of a help request (spec 2 section 7 "Support"). */
export const ITEM_PART = 'item';
export const DOCUMENT_INFO_PART = 'documentInfo';
const FILE_PART = /^files(\[\d{1,2}\])?$/;
/** The item's JSON: the body's 20,000 characters at up to 4 bytes each, and room for the rest. */
const ITEM_PART_MAX_BYTES = 96 * 1024;

const files = new WeakMap<FastifyRequest, ReceivedFile[]>();

/**
 * A multipart help request becomes the route's body (the `item` part, then checked by zod like a
 * JSON body) and the list of files (checked by createSupportCase). One file past the limit is still
 * read (limit + 1) so its refusal can name it; more than that is a malformed body from the shared reader.
 */
async function readCaseForm(request: FastifyRequest, readForm: MultipartReader): Promise<void> {
  if (!request.isMultipart()) return;
  let item: string | null = null;
  const received: ReceivedFile[] = [];
  for (const part of await readForm(request)) {
    if (part.type === 'file') {
      if (!FILE_PART.test(part.name)) throw validationError([fieldError(part.name, ErrorCode.InvalidValue, 'Unknown file part; send attachments as files[0], files[1], ….')]);
      received.push({ field: part.name, filename: part.filename, bytes: part.bytes, truncated: part.truncated });
    } else if (part.name === ITEM_PART) {
      if (part.truncated) throw new AppError(ErrorCode.PayloadTooLarge, `The '${ITEM_PART}' part is too large.`);
      item = part.value;
    } else if (part.name === DOCUMENT_INFO_PART) {
      let info: unknown;
      try { info = JSON.parse(part.value); } catch { throw new AppError(ErrorCode.MalformedBody, `The '${DOCUMENT_INFO_PART}' part is not valid JSON.`); }
      if (!documentInfoInput.safeParse(info).success) throw validationError([fieldError(DOCUMENT_INFO_PART, ErrorCode.InvalidValue, 'Expected { "PublicReadable": boolean }.')]);
    } else {
      throw validationError([fieldError(part.name, ErrorCode.InvalidValue, `Unknown part; send the request as '${ITEM_PART}'.`)]);
    }
  }
  if (item === null) throw validationError([fieldError(ITEM_PART, ErrorCode.Required, `The '${ITEM_PART}' part (the request as JSON) is missing.`)]);
  try {
    request.body = JSON.parse(item);
  } catch {
    throw new AppError(ErrorCode.MalformedBody, `The '${ITEM_PART}' part is not valid JSON.`);
  }
  const nul = nulPaths(request.body, '');
  if (nul.length) throw validationError(nul.map((path) => fieldError(path, ErrorCode.InvalidValue, 'must not contain a NUL character')));
  files.set(request, received);
}

const fileDocs = Object.fromEntries(Array.from({ length: SUPPORT_ATTACHMENT_MAX_FILES }, (_, i) => [`files[${i}]`, {
  description: `An attachment (${SUPPORT_ATTACHMENT_EXTENSIONS.join(', ')}), at most ${SUPPORT_ATTACHMENT_MAX_BYTES} bytes, checked by content`,
  contentTypes: SUPPORT_ATTACHMENT_TYPES,
}]));

/** The help form's public calls (spec 2 section 7 "Support"); docs/support.md. */
export interface ChatSettingsSource {
  texts: { introHeading: string; introMessage: string; requireEmail: boolean; requireEmailMessage: string };
  /** Whether an operator is online now (the chat module's presence). */
  online: () => Promise<boolean>;
}

export async function supportRoutes(app: FastifyInstance, deps: SupportDeps & { captchaConfig: CaptchaConfig; chat: ChatSettingsSource }) {
  const readForm = await acceptMultipart(app, {
    files: SUPPORT_ATTACHMENT_MAX_FILES + 1, fileSize: SUPPORT_ATTACHMENT_MAX_BYTES, fields: 2, fieldSize: ITEM_PART_MAX_BYTES, parts: SUPPORT_ATTACHMENT_MAX_FILES + 3,
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['support'];

  r.get('/api/v1/support/settings', {
    config: routeRateLimit(SUPPORT_RATE_LIMITS.supportSettings),
    schema: { tags, summary: 'What the help form and the chat panel need: the captcha, the attachment limits, whether an operator is online and the chat panel\'s texts', response: { 200: supportSettingsOut } },
  }, async () => ({
    Chat: {
      Online: await deps.chat.online(), IntroHeading: deps.chat.texts.introHeading, IntroMessage: deps.chat.texts.introMessage,
      RequireEmail: deps.chat.texts.requireEmail, RequireEmailMessage: deps.chat.texts.requireEmailMessage,
    },
    Captcha: { Provider: deps.captchaConfig.provider, SiteKey: deps.captchaConfig.siteKey ?? null },
    Attachments: {
      MaxFiles: SUPPORT_ATTACHMENT_MAX_FILES, MaxFileBytes: SUPPORT_ATTACHMENT_MAX_BYTES,
      Extensions: [...SUPPORT_ATTACHMENT_EXTENSIONS], ContentTypes: [...SUPPORT_ATTACHMENT_TYPES],
    },
    Limits: { SubjectMaxLength: SUPPORT_SUBJECT_MAX_LENGTH, BodyMaxLength: SUPPORT_BODY_MAX_LENGTH },
  }));

  r.post('/api/v1/public/support/cases', {
    config: { ...routeRateLimit(SUPPORT_RATE_LIMITS.supportCaseSubmit), apiDocs: { multipart: { jsonPart: ITEM_PART, files: fileDocs } } },
    preValidation: (req) => readCaseForm(req, readForm),
    schema: {
      tags,
      summary: 'Send a help request: creates an open support case (Source 1, Website) with its attachments and mails an acknowledgement. multipart/form-data: `item` (this JSON), optional `documentInfo` ({"PublicReadable":true}, accepted, attachments are never public) and files[0..4] (csv, jpg, pdf, png, txt, xlsx; 2,000,000 bytes each; checked by content; one bad file refuses the request). JSON alone: a request without attachments. Honours Idempotency-Key',
      headers: idempotencyHeaders, body: caseItemInput, response: { 201: caseCreatedOut },
    },
  }, async (req, reply) => {
    const answer = await createSupportCase(deps, req.caller, {
      item: req.body, files: files.get(req) ?? [], idempotencyKey: req.headers['idempotency-key'] as string | undefined,
    });
    if (answer.replayed) void reply.header('idempotent-replayed', 'true');
    return reply.status(201).send(answer.body);
  });
}
