import { io, type Socket } from 'socket.io-client';
import { CHAT_HUB_PATH, type ChatAck, type ChatClientToServer, type ChatMessage, type ChatServerToClient } from '@portico/core/chat/chat-protocol';

export type ChatClient = Socket<ChatServerToClient, ChatClientToServer>;

/** A visitor's Socket.IO connection to a server at `baseUrl`, as the widget opens it (WebSocket only, no reconnection of its own in tests). */
export function chatClient(baseUrl: string, opts: { uvi?: string; token?: string } = {}): ChatClient {
  return io(baseUrl, {
    path: CHAT_HUB_PATH, transports: ['websocket'], reconnection: false, forceNew: true,
    query: opts.uvi ? { uvi: opts.uvi } : {},
    auth: opts.token ? { Authorization: `Bearer ${opts.token}` } : {},
  });
}

/** Resolves once connected, with the uvi the server gave (updatePersonIdentifier), or rejects with the connect_error's message. */
export function connected(socket: ChatClient): Promise<{ issuedUvi: string | null }> {
  let issued: string | null = null;
  socket.on('updatePersonIdentifier', (uvi) => { issued = uvi; });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => {
      // updatePersonIdentifier is emitted right after connect: getUvi's answer comes after it.
      socket.emit('getUvi', () => resolve({ issuedUvi: issued }));
    });
    socket.once('connect_error', (err) => reject(new Error(err.message)));
  });
}

/** The connect_error message of a refused handshake. */
export function refusal(socket: ChatClient): Promise<string> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => reject(new Error('connected')));
    socket.once('connect_error', (err) => resolve(err.message));
  });
}

type Call = keyof ChatClientToServer;
/** One acknowledged call. */
export function call<T>(socket: ChatClient, name: Call, input?: unknown): Promise<ChatAck<T>> {
  return new Promise((resolve) => {
    if (input === undefined) (socket.emit as (n: string, cb: (a: ChatAck<T>) => void) => void)(name, resolve);
    else (socket.emit as (n: string, i: unknown, cb: (a: ChatAck<T>) => void) => void)(name, input, resolve);
  });
}

/** The next `count` receive events. */
export function nextReceived(socket: ChatClient, count = 1): Promise<ChatMessage[]> {
  const got: ChatMessage[] = [];
  return new Promise((resolve) => {
    const on = (m: ChatMessage) => {
      got.push(m);
      if (got.length === count) { socket.off('receive', on); resolve(got); }
    };
    socket.on('receive', on);
  });
}

export const sendInput = (ClientId: string, Comment: string) => ({ ClientId, Comment, Created: new Date().toISOString(), Type: 1 as const });
