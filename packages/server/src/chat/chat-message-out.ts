import type { ChatMessage, ChatMessageType } from '@portico/core/chat/chat-protocol';
import { isAttachmentComment } from '@portico/core/chat/chat-rules';
import { ActivityType } from '@portico/core/support/support-limits';
import { sanitizeRichText } from '../http/sanitize-rich-text.ts';
import type { ChatActivity } from './chat.repository.ts';

/** Activity types that are chat messages (the wire's ChatMessageType). */
export const CHAT_MESSAGE_TYPES: number[] = [ActivityType.PersonReply, ActivityType.AgentReply, ActivityType.AutoReply];
export const AGENT_TYPES: number[] = [ActivityType.AgentReply, ActivityType.AutoReply];

/**
 * A stored chat message on the wire. An operator's Comment is rich text and goes through the one
 * sanitizer again on the way out (sanitize-rich-text.ts "Read"); a visitor's is plain text as written.
 */
export function chatMessageOut(a: ChatActivity, personEmail: string | null): ChatMessage {
  const agent = AGENT_TYPES.includes(a.type);
  return {
    Uid: a.uid, Case: { Uid: a.caseUid }, Seq: a.seq ?? 0, Type: a.type as ChatMessageType,
    Comment: agent && !isAttachmentComment(a.body) ? sanitizeRichText(a.body)! : a.body,
    Created: a.created.toISOString(), SeenDateTime: a.seenAt?.toISOString() ?? null,
    AgentName: agent ? a.authorName : null, PersonEmail: agent ? null : (a.authorEmail ?? personEmail), NewUvi: null, ClientId: a.clientId,
  };
}
