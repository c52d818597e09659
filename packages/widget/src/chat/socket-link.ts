/**
 * The chat hub over Socket.IO (spec 2 section 7 "Realtime chat"): WebSocket only, so several server
 * nodes need no sticky sessions; the library's own reconnection is off because the session follows
 * the spec's schedule itself (core's `reconnectDelay`, the first try after the library's 2 s delay).
 * Loaded only when the chat starts (chat-session.ts): the page never pays for it before.
 */
import { io } from 'socket.io-client';
import { CHAT_HUB_PATH } from '@portico/core/chat/chat-protocol';
import { CHAT_CALL_TIMEOUT_MS } from './chat-link.ts';
import type { ChatLink, OpenChatLink } from './chat-link.ts';

export const openSocketLink: OpenChatLink = ({ server, uvi, token, timezone, parentUrl, handlers }) => {
  const socket = io(server, {
    path: CHAT_HUB_PATH,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    query: { ...(uvi ? { uvi } : {}), 'X-Timezone': timezone, parentUrl },
    // A browser WebSocket sends no headers: the bearer token travels in the handshake's auth (chat-protocol.ts).
    ...(token ? { auth: { Authorization: `Bearer ${token}` } } : {}),
  });
  let over = false;
  const end = (refusal: string | null) => {
    if (over) return;
    over = true;
    socket.removeAllListeners();
    socket.disconnect();
    handlers.ended({ refusal });
  };
  socket.on('connect', () => handlers.connected());
  socket.on('connect_error', (err: Error) => end(err.message || null));
  socket.on('disconnect', () => end(null));
  socket.on('receive', (m) => handlers.receive(m));
  socket.on('updatePersonEmail', (e) => handlers.updatePersonEmail(e));
  socket.on('updatePersonIdentifier', (u) => handlers.updatePersonIdentifier(u));
  socket.on('presence', (p) => handlers.presence(p));
  const link: ChatLink = {
    call: (name, ...input) => socket.timeout(CHAT_CALL_TIMEOUT_MS).emitWithAck(name, ...input) as never,
    close() {
      over = true;
      socket.removeAllListeners();
      socket.disconnect();
    },
  };
  return link;
};
