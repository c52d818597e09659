/**
 * The live chat's pure rules (issue 19; docs/chat.md): what a visitor message may hold, the
 * attachment line, whether an operator is online. No I/O; the clock is passed in.
 * Import as `@portico/core/chat/chat-rules`.
 */
import { CHAT_AGENT_MESSAGE_MAX_LENGTH, CHAT_ATTACHMENT_PREFIX, CHAT_MESSAGE_MAX_LENGTH } from './chat-protocol.ts';

/** A ClientId is the sending client's own id for a message (a UUID in practice): 1 to this many characters. */
export const CHAT_CLIENT_ID_MAX_LENGTH = 100;
/** An operator's display name at most. */
export const CHAT_AGENT_NAME_MAX_LENGTH = 100;
/** A visitor id: `v` and 32 base64url characters (24 random bytes), issued by the server only. */
export const CHAT_VISITOR_ID = /^v[A-Za-z0-9_-]{32}$/;

export type CommentProblem = 'empty' | 'tooLong' | 'nul';

/** Why a visitor's Comment is refused, or null when it may be stored (plain text, kept as written). */
export function visitorCommentProblem(comment: string): CommentProblem | null {
  if (comment.includes('\u0000')) return 'nul';
  if (comment.trim() === '') return 'empty';
  if (comment.length > CHAT_MESSAGE_MAX_LENGTH) return 'tooLong';
  return null;
}

/** Why an operator's Comment (rich text, before sanitizing) is refused, or null. */
export function agentCommentProblem(comment: string): CommentProblem | null {
  if (comment.includes('\u0000')) return 'nul';
  if (comment.trim() === '') return 'empty';
  if (comment.length > CHAT_AGENT_MESSAGE_MAX_LENGTH) return 'tooLong';
  return null;
}

/** Whether a stored Comment is an attachment line (it is then never sanitized or shown as text). */
export const isAttachmentComment = (comment: string): boolean => comment.startsWith(CHAT_ATTACHMENT_PREFIX);

/** The download URL of a chat attachment, without the credential (the widget appends `uvi` or `access_token`). */
export function chatDocumentUrl(caseUid: string, documentUid: string, name: string): string {
  return `/api/v1/chats/${encodeURIComponent(caseUid)}/documents/${encodeURIComponent(documentUid)}/data?name=${encodeURIComponent(name)}`;
}

/** The Comment of an attachment message (spec 2 section 3): images show inline, anything else as a file link. */
export function attachmentComment(contentType: string, url: string): string {
  return `${CHAT_ATTACHMENT_PREFIX}${contentType.startsWith('image/') ? 'image' : 'file'}|${url}`;
}

