import { io, type Socket } from 'socket.io-client';
import { CHAT_HUB_PATH } from '@portico/core/chat/chat-protocol';
import { CONSOLE_FEED_NAMESPACE, type CaseChanged, type ConsoleFeedClientToServer, type ConsoleFeedServerToClient } from '@portico/core/operators/console-feed-protocol';

export type FeedClient = Socket<ConsoleFeedServerToClient, ConsoleFeedClientToServer>;

/**
 * An operator's connection to the console feed at `baseUrl`, as the console opens it (the chat's path,
 * WebSocket only), without reconnection of its own. `authorization` is sent as the handshake's
 * Authorization (undefined: none).
 */
export function feedClient(baseUrl: string, authorization?: string): FeedClient {
  return io(`${baseUrl}${CONSOLE_FEED_NAMESPACE}`, {
    path: CHAT_HUB_PATH, transports: ['websocket'], reconnection: false, forceNew: true,
    auth: authorization === undefined ? {} : { Authorization: authorization },
  });
}

/** Resolves once connected; rejects with the connect_error's message. */
export function feedConnected(socket: FeedClient): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (err) => reject(new Error(err.message)));
  });
}

/** The connect_error message of a refused handshake. */
export function feedRefusal(socket: FeedClient): Promise<string> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => reject(new Error('connected')));
    socket.once('connect_error', (err) => resolve(err.message));
  });
}

export interface FeedLog {
  /** Every caseChanged received since the log was made, in order. */
  all: CaseChanged[];
  /** The first event naming `caseUid`, received already or when it comes. */
  change(caseUid: string): Promise<CaseChanged>;
}

/** Records the socket's caseChanged events (make it before the changes are made). */
export function feedLog(socket: FeedClient): FeedLog {
  const all: CaseChanged[] = [];
  const waiting: { uid: string; resolve: (e: CaseChanged) => void }[] = [];
  socket.on('caseChanged', (e) => {
    all.push(e);
    for (const w of waiting.filter((x) => x.uid === e.CaseUid)) { waiting.splice(waiting.indexOf(w), 1); w.resolve(e); }
  });
  return {
    all,
    change(caseUid) {
      const seen = all.find((e) => e.CaseUid === caseUid);
      return seen ? Promise.resolve(seen) : new Promise((resolve) => waiting.push({ uid: caseUid, resolve }));
    },
  };
}

/** The reason of the socket's next disconnect. */
export function disconnected(socket: FeedClient): Promise<string> {
  return new Promise((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
}
