import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CHAT_ATTACHMENT_MAX_BYTES } from '@portico/core/chat/chat-protocol';
import { SUPPORT_ATTACHMENT_TYPES } from '@portico/core/support/support-limits';
import { fieldError, notFound, validationError } from '../http/app-error.ts';
import { listAnswer, listOf } from '../http/list.ts';
import { acceptMultipart, type MultipartReader } from '../http/multipart.ts';
import { chatFileParts } from './chat-files.ts';
import { agentReply, checkChatFile, sendChatFile, type ChatDeps } from './chat-messages.ts';
import { chatMessageOut as messageOut } from './chat-message-out.ts';
import type { ChatCase } from './chat.repository.ts';
import {
  agentName, agentReplyInput, chatDetailOut, chatDetailQuery, chatListQuery, chatMessageOut, chatParams, chatSummaryOut, documentOut,
} from './chat.schemas.ts';

const summary = (c: ChatCase) => ({
  Uid: c.uid, Number: c.number, Status: c.status, VisitorUid: c.visitorUid, Email: c.email, LastSeq: c.lastSeq,
  Created: c.created.toISOString(), Updated: c.updated.toISOString(),
});

const agentFiles = new WeakMap<FastifyRequest, ReturnType<typeof chatFileParts>>();

/**
 * The operator's side of the chat through the admin API until the console (issue 20): chats, one
 * chat's messages, a reply, a file (docs/chat.md "Operator API"; presence is the operators' own,
 * operators/presence-admin.routes.ts).
 */
export async function chatAdminRoutes(app: FastifyInstance, deps: ChatDeps) {
  const readForm: MultipartReader = await acceptMultipart(app, { files: 1, fileSize: CHAT_ATTACHMENT_MAX_BYTES + 1, fields: 2, fieldSize: 4096, parts: 3 });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin', 'chat'];
  const security = [{ adminKey: [] }];

  r.get('/api/v1/admin/chats', {
    schema: { tags, security, summary: 'Chats (support cases of Source Chat), most recently active first, paged; filter by status', querystring: chatListQuery, response: { 200: listAnswer(chatSummaryOut) } },
  }, async (req) => {
    const { status, limit, offset } = req.query;
    return listOf(await deps.uow.chat.listChats({ status }, { limit, offset }), { limit, offset }, summary);
  });

  r.get('/api/v1/admin/chats/:caseUid', {
    schema: { tags, security, summary: 'One chat with its messages after afterSeq (Seq order)', params: chatParams, querystring: chatDetailQuery, response: { 200: chatDetailOut } },
  }, async (req) => {
    const c = await deps.uow.chat.chatCase(req.params.caseUid);
    if (!c) throw notFound(`No chat '${req.params.caseUid}'.`);
    const rows = await deps.uow.chat.messagesAfter(c.uid, req.query.afterSeq, -1);
    return { ...summary(c), Messages: rows.map((m) => messageOut(m, c.email || null)) };
  });

  r.post('/api/v1/admin/chats/:caseUid/messages', {
    schema: {
      tags, security, summary: 'An operator\'s reply (rich text, sanitized when stored): stored with the next Seq and delivered to the visitor on every node',
      params: chatParams, body: agentReplyInput, response: { 201: chatMessageOut },
    },
  }, async (req, reply) => reply.status(201).send(await agentReply(deps, req.params.caseUid, req.body)));

  r.post('/api/v1/admin/chats/:caseUid/documents', {
    config: {
      apiDocs: {
        multipart: {
          files: { file: { description: `The file (csv, jpg, pdf, png, txt, xlsx), at most ${CHAT_ATTACHMENT_MAX_BYTES} bytes, checked by content`, contentTypes: SUPPORT_ATTACHMENT_TYPES, required: true } },
          fields: { AgentName: { description: 'The operator\'s name shown with the message', required: true } },
        },
      },
    },
    preValidation: async (req) => {
      if (!req.isMultipart()) throw validationError([fieldError('file', 'Errors.Required', 'Send multipart/form-data with AgentName and file.')]);
      agentFiles.set(req, chatFileParts(await readForm(req), ['AgentName', 'documentInfo']));
    },
    schema: { tags, security, summary: 'An operator sends a file: stored with the chat, its attachment message delivered to the visitor', params: chatParams, response: { 201: documentOut } },
  }, async (req, reply) => {
    const parts = agentFiles.get(req)!;
    const name = agentName.safeParse(parts.fields.AgentName ?? '');
    if (!name.success) throw validationError([fieldError('AgentName', 'Errors.Required', 'AgentName (1 to 100 characters) is required.')]);
    const { file } = await sendChatFile(deps, req.params.caseUid, { agentName: name.data }, checkChatFile(parts.file));
    return reply.status(201).send({ Uid: file.uid, Name: file.name, ContentType: file.contentType as (typeof SUPPORT_ATTACHMENT_TYPES)[number] });
  });
}
