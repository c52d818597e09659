import { z } from 'zod';
import { CHAT_AGENT_MESSAGE_MAX_LENGTH } from '@portico/core/chat/chat-protocol';
import { CHAT_AGENT_NAME_MAX_LENGTH } from '@portico/core/chat/chat-rules';
import { CASE_STATUSES, SUPPORT_ATTACHMENT_TYPES } from '@portico/core/support/support-limits';
import { uidSchema } from '../catalog/catalog.schemas.ts';
import { listQuery } from '../http/list.ts';

/** A chat message on the wire (core's ChatMessage). */
export const chatMessageOut = z.object({
  Uid: z.string(), Case: z.object({ Uid: z.string() }), Seq: z.number().int(), Type: z.union([z.literal(1), z.literal(6), z.literal(7)]),
  Comment: z.string(), Created: z.string(), SeenDateTime: z.string().nullable(), AgentName: z.string().nullable(),
  PersonEmail: z.string().nullable(), NewUvi: z.string().nullable(), ClientId: z.string().nullable(),
});

export const chatSummaryOut = z.object({
  Uid: z.string(), Number: z.number().int(), Status: z.enum(CASE_STATUSES), VisitorUid: z.string().nullable(), Email: z.string(),
  LastSeq: z.number().int(), Created: z.string(), Updated: z.string(),
});
export const chatDetailOut = chatSummaryOut.extend({ Messages: z.array(chatMessageOut) });

export const chatListQuery = listQuery.omit({ fields: true }).extend({ status: z.enum(CASE_STATUSES).optional() }).strict();
export const chatParams = z.object({ caseUid: uidSchema });
export const chatDetailQuery = z.object({ afterSeq: z.coerce.number().int().min(0).default(0) }).strict();

export const agentName = z.string().trim().min(1).max(CHAT_AGENT_NAME_MAX_LENGTH);
export const agentReplyInput = z.object({ AgentName: agentName, Comment: z.string().max(CHAT_AGENT_MESSAGE_MAX_LENGTH) }).strict();

export const documentOut = z.object({ Uid: z.string(), Name: z.string(), ContentType: z.enum(SUPPORT_ATTACHMENT_TYPES) });
/** The visitor's credential for their own conversation's files: the uvi, or a signed-in person's access token. */
export const visitorCredentialQuery = z.object({
  uvi: z.string().min(1).max(100).optional(),
  access_token: z.string().min(1).max(4000).optional(),
}).strict();
export const documentDataParams = z.object({ caseUid: uidSchema, documentUid: uidSchema });
export const documentDataQuery = visitorCredentialQuery.extend({ name: z.string().max(300).optional() }).strict();
