import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '@portico/core';
import { CHAT_VISITOR_ID } from '@portico/core/chat/chat-rules';
import { AppError, fieldError, validationError } from '../http/app-error.ts';
import type { FormPart } from '../http/multipart.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import type { ReceivedChatFile } from './chat-messages.ts';
import type { ChatVisitor } from './chat.repository.ts';

/**
 * Who a visitor's HTTP call (upload, download) comes from: `uvi` (an anonymous visitor id we issued)
 * or `access_token` (a signed-in person: their own visitor). Anything else is a 404 like a case that
 * is not theirs, so the answer does not tell a wrong credential from a wrong case.
 */
export async function visitorFromCredential(app: FastifyInstance, uow: UnitOfWork, q: { uvi?: string | undefined; access_token?: string | undefined }, ip: string): Promise<ChatVisitor> {
  const nope = new AppError(ErrorCode.NotFound, 'No such chat.');
  if (q.access_token !== undefined) {
    const person = await app.auth.verify(`Bearer ${q.access_token}`, ip).catch(() => null);
    if (!person) throw new AppError(ErrorCode.Unauthorized, 'The access token is not valid or its session has ended; sign in again.');
    const visitor = await uow.chat.visitorByPerson(person.personUid);
    if (!visitor) throw nope;
    return visitor;
  }
  if (q.uvi !== undefined && CHAT_VISITOR_ID.test(q.uvi)) {
    const visitor = await uow.chat.visitor(q.uvi);
    if (visitor && visitor.personUid === null) return visitor;
  }
  throw nope;
}

/** The one `file` part (and an optional `documentInfo` JSON, plus `AgentName` for operators) of a chat upload. */
export function chatFileParts(parts: FormPart[], allowed: string[]): { file: ReceivedChatFile; fields: Record<string, string> } {
  let file: ReceivedChatFile | null = null;
  const fields: Record<string, string> = {};
  for (const part of parts) {
    if (part.type === 'file') {
      if (part.name !== 'file' || file) throw validationError([fieldError(part.name, ErrorCode.InvalidValue, 'Send one file as the part \'file\'.')]);
      file = { filename: part.filename, bytes: part.bytes, truncated: part.truncated };
    } else if (allowed.includes(part.name)) {
      if (part.value.includes('\u0000')) throw validationError([fieldError(part.name, ErrorCode.InvalidValue, 'must not contain a NUL character')]);
      fields[part.name] = part.value;
    } else {
      throw validationError([fieldError(part.name, ErrorCode.InvalidValue, 'Unknown part.')]);
    }
  }
  if (!file) throw validationError([fieldError('file', ErrorCode.Required, 'The \'file\' part is missing.')]);
  return { file, fields };
}

