/**
 * The console feed's Socket.IO connection (docs/console.md "Live updates"), in a chunk of its own: the
 * console's first screen does not wait for socket.io-client (use-console-feed.ts imports this lazily).
 * WebSocket only, on the chat's path; the token is read at every (re)connect, so a reissued one is used.
 */
import { io } from 'socket.io-client';
import { CHAT_HUB_PATH } from '@portico/core/chat/chat-protocol';
import { CONSOLE_FEED_NAMESPACE } from '@portico/core/operators/console-feed-protocol';
import type { FeedSocket } from './use-console-feed.ts';

/** The library's own reconnection (after a network loss) backs off to this at most. */
const RECONNECT_MAX_MS = 10_000;

export function openFeedSocket(origin: string, token: () => string | null): FeedSocket {
  return io(`${origin}${CONSOLE_FEED_NAMESPACE}`, {
    path: CHAT_HUB_PATH,
    transports: ['websocket'],
    reconnectionDelayMax: RECONNECT_MAX_MS,
    // A browser WebSocket sends no headers: the console token travels in the handshake's auth.
    auth: (cb) => cb({ Authorization: `Bearer ${token() ?? ''}` }),
  });
}
