import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CHAT_ATTACHMENT_MAX_BYTES } from '@portico/core/chat/chat-protocol';
import { SUPPORT_ATTACHMENT_TYPES } from '@portico/core/support/support-limits';
import { fieldError, notFound, validationError } from '../http/app-error.ts';
import { acceptMultipart } from '../http/multipart.ts';
import { routeRateLimit } from '../http/rate-limits.ts';
import { attachmentDisposition } from '../support/support-admin.routes.ts';
import { chatFileParts, visitorFromCredential } from './chat-files.ts';
import { checkChatFile, sendChatFile, visitorsCase, type ChatDeps } from './chat-messages.ts';
import { CHAT_RATE_LIMITS } from './chat.rate-limits.ts';
import { chatParams, documentDataParams, documentDataQuery, documentOut, visitorCredentialQuery } from './chat.schemas.ts';

const received = new WeakMap<FastifyRequest, ReturnType<typeof chatFileParts>>();

/**
 * The visitor's files (docs/chat.md "Visitor attachments"). The credential (`uvi` or `access_token`
 * in the query: an <img src> cannot send a header) opens only that visitor's conversation.
 */
export async function chatDocumentsRoutes(app: FastifyInstance, deps: ChatDeps) {
  const readForm = await acceptMultipart(app, { files: 1, fileSize: CHAT_ATTACHMENT_MAX_BYTES + 1, fields: 1, fieldSize: 4096, parts: 2 });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['chat'];

  r.post('/api/v1/chats/:caseUid/documents', {
    config: {
      ...routeRateLimit(CHAT_RATE_LIMITS.chatUploads),
      apiDocs: {
        multipart: {
          files: { file: { description: `The file (csv, jpg, pdf, png, txt, xlsx), at most ${CHAT_ATTACHMENT_MAX_BYTES} bytes, checked by content`, contentTypes: SUPPORT_ATTACHMENT_TYPES, required: true } },
          fields: { documentInfo: { description: 'JSON {"PublicReadable":true} as the spec sends it; accepted, chat files are never public' } },
        },
      },
    },
    preValidation: async (req) => {
      if (!req.isMultipart()) throw validationError([fieldError('file', 'Errors.Required', 'Send multipart/form-data with the file part.')]);
      received.set(req, chatFileParts(await readForm(req), ['documentInfo']));
    },
    schema: {
      tags, summary: 'A visitor sends a file in their chat (credential: uvi or access_token): stored with the chat, its attachment message delivered like any message',
      params: chatParams, querystring: visitorCredentialQuery, response: { 201: documentOut },
    },
  }, async (req, reply) => {
    const visitor = await visitorFromCredential(app, deps.uow, req.query, req.ip);
    await visitorsCase(deps, visitor, req.params.caseUid);
    const { file } = await sendChatFile(deps, req.params.caseUid, { visitor }, checkChatFile(received.get(req)!.file));
    return reply.status(201).send({ Uid: file.uid, Name: file.name, ContentType: file.contentType as (typeof SUPPORT_ATTACHMENT_TYPES)[number] });
  });

  r.get('/api/v1/chats/:caseUid/documents/:documentUid/data', {
    config: { apiDocs: { binaryAnswers: { 200: { description: 'The file\'s bytes, typed from them at upload (images inline, anything else as a download)', contentTypes: SUPPORT_ATTACHMENT_TYPES } } } },
    schema: {
      tags, summary: 'A file of the visitor\'s own chat (credential: uvi or access_token); anything else is 404',
      params: documentDataParams, querystring: documentDataQuery, response: { 200: z.any().describe('The file\'s bytes') },
    },
  }, async (req, reply) => {
    const visitor = await visitorFromCredential(app, deps.uow, req.query, req.ip);
    const c = await visitorsCase(deps, visitor, req.params.caseUid);
    const data = await deps.uow.support.attachmentData(c.uid, req.params.documentUid);
    if (!data) throw notFound('No such file in this chat.');
    void reply.header('content-disposition', attachmentDisposition(data.name, data.contentType.startsWith('image/') ? 'inline' : 'attachment'))
      .header('x-content-type-options', 'nosniff').header('content-security-policy', "default-src 'none'; sandbox").header('cache-control', 'private, no-store');
    return reply.type(data.contentType).header('content-length', data.byteSize).send(data.bytes);
  });
}
