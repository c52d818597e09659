/**
 * The live chat's wire contract (spec 2 section 7 "Realtime chat", section 3 chat message, section 9
 * chat constants; issue 19). The server (`server/src/chat/`) and the widget (`widget/src/chat/`)
 * both import it, so a name or a limit is written once. Import as `@portico/core/chat/chat-protocol`.
 *
 * Transport: Socket.IO, WebSocket only (no long-polling, so several nodes need no sticky sessions),
 * at the path `CHAT_HUB_PATH` on the Portico server's origin. The handshake carries
 *   - `query`: `uvi` (the visitor id the browser holds, if any), `X-Timezone`, `parentUrl`;
 *   - `auth`: `{ Authorization: 'Bearer <access token>' }` when signed in (a browser WebSocket cannot
 *     send headers, so the spec's Authorization header travels in Socket.IO's auth payload).
 * A handshake with a uvi the server did not issue, or an invalid token, is refused with a
 * `connect_error` whose `message` is a `ChatRefusal`.
 *
 * Delivery that loses nothing and shows nothing twice: every message of a conversation has a
 * sequence number `Seq` (1, 2, 3 … per conversation, given by the database in the message's
 * transaction). The client sends a `ClientId` with each message: a retried `send` is stored once and
 * acknowledged with the stored message. On every connect (page load or reconnect, to any node) the
 * client calls `getHistory({ AfterSeq })` with the highest Seq it holds, and merges by Uid.
 */

/** Socket.IO `path` of the chat hub (the spec's "chat hub" on the product domain). */
export const CHAT_HUB_PATH = '/api/v1/chat/hub';

/** Spec 2 section 4 "Live chat": connection states. */
export const ChatConnectionState = { Connecting: 0, Connected: 1, Reconnecting: 2, Disconnected: 4 } as const;
export type ChatConnectionState = (typeof ChatConnectionState)[keyof typeof ChatConnectionState];

/** Chat message Type (spec 2 section 3: person reply, agent reply, auto reply), the support case activity types. */
export const ChatMessageType = { PersonReply: 1, AgentReply: 6, AutoReply: 7 } as const;
export type ChatMessageType = (typeof ChatMessageType)[keyof typeof ChatMessageType];

/** Spec 2 section 9. */
export const CHAT_RECONNECT_ATTEMPTS = 3;
export const CHAT_RECONNECT_INTERVAL_MS = 30_000;
/** The library's own first reconnect (spec 2 section 7: reconnect delay 2000 ms). */
export const CHAT_LIBRARY_RECONNECT_DELAY_MS = 2_000;
export const CHAT_SEND_RETRY_MS = 100;
export const CHAT_MESSAGES_MAX_HEIGHT_PX = 377;
export const CHAT_ATTACHMENT_MAX_BYTES = 4_194_304;
/** A visitor's message at most (not in the spec; docs/chat.md). */
export const CHAT_MESSAGE_MAX_LENGTH = 4_000;
/** An operator's (rich text) message at most, before sanitizing. */
export const CHAT_AGENT_MESSAGE_MAX_LENGTH = 20_000;
/** How many messages one getHistory answer holds at most; the client asks again from the last Seq while `More`. */
export const CHAT_HISTORY_PAGE = 200;

/** Local storage key of the visitor id (spec 2 section 3: built from the host page and the product domain). */
export function visitorStorageKey(hostPageOrigin: string, productOrigin: string): string {
  return `portico.uvi:${hostPageOrigin}|${productOrigin}`;
}
/** The value kept under that key (spec: JSON with field UniqueVisitorIdentifier). */
export interface StoredVisitor { UniqueVisitorIdentifier: string }

/**
 * An attachment is encoded in Comment as 'attachment|{image or file}|{url}' (spec 2 section 3), the
 * url carrying the file name as the `name` query parameter; the url is the download route
 * `/api/v1/chats/{caseUid}/documents/{documentUid}/data?name=…` without the credential, which the
 * widget appends (`uvi` or `access_token`) when it shows or fetches the file.
 */
export const CHAT_ATTACHMENT_PREFIX = 'attachment|';

/** A chat message on the wire (spec 2 section 3, plus Seq and ClientId for delivery). */
export interface ChatMessage {
  Uid: string;
  Case: { Uid: string };
  /** 1, 2, 3 … within the conversation; the order messages are shown in. */
  Seq: number;
  Type: ChatMessageType;
  /** Plain text from the visitor; sanitized rich text from an operator; or an attachment line. */
  Comment: string;
  /** ISO 8601. */
  Created: string;
  SeenDateTime: string | null;
  AgentName: string | null;
  PersonEmail: string | null;
  /** Set on the echo of a visitor's message when the server gave the visitor a new id. */
  NewUvi: string | null;
  /** The id the sending client gave the message (visitor messages), else null. */
  ClientId: string | null;
}

/** What the client sends (spec: send(Comment, Created, Type, PersonEmail), plus ClientId). */
export interface ChatSendInput {
  ClientId: string;
  Comment: string;
  Created: string;
  Type: typeof ChatMessageType.PersonReply;
  PersonEmail?: string | null;
}

export interface ChatHistoryInput { AfterSeq: number }
export interface ChatHistory {
  /** The visitor's conversation, or null before the first message. */
  CaseUid: string | null;
  Messages: ChatMessage[];
  /** True when more messages follow the last one returned (ask again from its Seq). */
  More: boolean;
}

/** Every acknowledged call answers `{ ok: true, data }` or `{ ok: false, error }`. */
export type ChatAck<T> = { ok: true; data: T } | { ok: false; error: { ErrorCode: string; Message: string } };

/** Client → server calls (Socket.IO emit with an acknowledgement callback). */
export interface ChatClientToServer {
  send: (input: ChatSendInput, ack: (a: ChatAck<ChatMessage>) => void) => void;
  getHistory: (input: ChatHistoryInput, ack: (a: ChatAck<ChatHistory>) => void) => void;
  /** Marks every agent message of the case seen (spec: markChatRead(Uid) with the case uid). */
  markChatRead: (input: { Uid: string }, ack: (a: ChatAck<null>) => void) => void;
  /** The visitor id the server holds for this connection (signed in: the person's). */
  getUvi: (ack: (a: ChatAck<string>) => void) => void;
  /** The e-mail the server knows for this visitor, or null. */
  getPersonEmail: (ack: (a: ChatAck<string | null>) => void) => void;
  /** The visitor gives their e-mail (RequireEmail); the server answers updatePersonEmail. */
  setPersonEmail: (input: { Email: string }, ack: (a: ChatAck<string>) => void) => void;
}

/** Server → client events. */
export interface ChatServerToClient {
  receive: (message: ChatMessage) => void;
  updatePersonEmail: (email: string) => void;
  updatePersonIdentifier: (uvi: string) => void;
  /** Whether an operator is online (the panel shows the offline form when not). */
  presence: (p: { Online: boolean }) => void;
}

/** `connect_error` messages the server refuses a handshake with. */
export const ChatRefusal = { InvalidVisitor: 'InvalidVisitor', InvalidToken: 'InvalidToken', RateLimited: 'RateLimited' } as const;
