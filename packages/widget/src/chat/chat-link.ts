/**
 * One connection attempt to the chat hub, whatever carries it: Socket.IO (`socket-link.ts`, loaded
 * only when the chat starts) or demo mode's scripted operator (`demo/demo-chat.ts`, no connection).
 * The session (`chat-session.ts`) opens a new link for every try, so each try carries the visitor id
 * and token of that moment, and it alone decides when to try again (core's `reconnectDelay`).
 */
import type { ChatAck, ChatClientToServer, ChatServerToClient } from '@portico/core/chat/chat-protocol';

type AckOf<F> = F extends (...args: infer A) => void ? (A extends [...infer _I, (a: infer R) => void] ? R : never) : never;
type InputOf<F> = F extends (...args: infer A) => void ? (A extends [infer I, (a: never) => void] ? [I] : []) : never;

export type ChatCallName = keyof ChatClientToServer;
export type ChatCallAnswer<K extends ChatCallName> = AckOf<ChatClientToServer[K]> extends ChatAck<infer T> ? ChatAck<T> : never;

export interface ChatLinkHandlers extends ChatServerToClient {
  /** The handshake succeeded. */
  connected(): void;
  /** The attempt failed (`refusal`: the server's ChatRefusal, or the library's reason), or a live connection was lost. Called once per link. */
  ended(reason: { refusal: string | null }): void;
}

export interface ChatLinkOptions {
  /** Portico server origin (the hub is at CHAT_HUB_PATH there). */
  server: string;
  uvi: string | null;
  token: string | null;
  timezone: string;
  parentUrl: string;
  handlers: ChatLinkHandlers;
}

export interface ChatLink {
  /** An acknowledged call; rejects when no answer comes in time or the link is gone. */
  call<K extends ChatCallName>(name: K, ...input: InputOf<ChatClientToServer[K]>): Promise<ChatCallAnswer<K>>;
  /** Closes on purpose (no `ended`). */
  close(): void;
}

export type OpenChatLink = (options: ChatLinkOptions) => ChatLink;

/** How long an acknowledged call waits before it counts as not delivered (a send is then retried with its ClientId). */
export const CHAT_CALL_TIMEOUT_MS = 10_000;
