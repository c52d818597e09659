import type { FastifyInstance } from 'fastify';
import type { Namespace, Server } from 'socket.io';
import { ErrorCode } from '@portico/core';
import {
  CONSOLE_FEED_NAMESPACE, ConsoleFeedRefusal, parseCaseChanged, type ConsoleFeedClientToServer, type ConsoleFeedServerToClient,
} from '@portico/core/operators/console-feed-protocol';
import type { EventBus } from '../bus/event-bus.ts';
import type { ServerClock } from '../clock/server-clock.ts';
import { AppError } from '../http/app-error.ts';
import { CASE_CHANGED_TOPIC } from '../support/case-changed.ts';
import type { OperatorVerifier } from './operator-guard.ts';

interface FeedSocketData { operatorUid: string; sessionUid: string; expires: Date | null }
type FeedNamespace = Namespace<ConsoleFeedClientToServer, ConsoleFeedServerToClient, Record<string, never>, FeedSocketData>;

/** Socket.IO room of one console session: logout or disabling the operator disconnects its sockets on every node. */
const sessionRoom = (sessionUid: string) => `session:${sessionUid}`;
/** setTimeout's largest delay (about 24.8 days); a token lives minutes. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface ConsoleFeed {
  /** Disconnects this node's sockets of these sessions (they ended: session notices, the bus's SESSIONS_CHANGED). */
  endSessions(sessionUids: readonly string[]): void;
}

/**
 * The console's live feed (docs/console.md "Live updates"): the namespace CONSOLE_FEED_NAMESPACE on the
 * chat's Socket.IO server (app.chat.io: same path, WebSocket only, the same origin check and 64 KB
 * message cap). The handshake is the console guard's check (`operatorVerifier`: a console token whose
 * session is live). Every node hears CASE_CHANGED_TOPIC on the bus and tells its own operators
 * (`local`): the bus, not the Socket.IO adapter, carries a change between nodes, once.
 */
export function consoleFeed(app: FastifyInstance, o: { io: Server; bus: EventBus; clock: ServerClock; verify: OperatorVerifier }): ConsoleFeed {
  const nsp = o.io.of(CONSOLE_FEED_NAMESPACE) as unknown as FeedNamespace;

  nsp.use((socket, next) => {
    const authorization = (socket.handshake.auth as { Authorization?: unknown } | undefined)?.Authorization;
    o.verify(typeof authorization === 'string' ? authorization : undefined, socket.handshake.address).then(({ caller, expires }) => {
      socket.data = { operatorUid: caller.operatorUid, sessionUid: caller.sessionUid, expires };
      next();
    }, (err: unknown) => {
      if (err instanceof AppError && err.code === ErrorCode.Unauthorized) return next(new Error(ConsoleFeedRefusal.InvalidToken));
      app.log.error({ err }, 'console feed handshake failed');
      next(new Error(ConsoleFeedRefusal.ServerError));
    });
  });

  nsp.on('connection', (socket) => {
    const { sessionUid, expires } = socket.data;
    void socket.join(sessionRoom(sessionUid));
    // A socket lives no longer than the token it showed: the console reconnects with its reissued token,
    // which checks the session again (so an idle or absolute session end stops the feed too).
    if (expires) {
      const timer = setTimeout(() => socket.disconnect(true), Math.min(MAX_TIMER_MS, Math.max(0, expires.getTime() - o.clock.now().getTime())));
      socket.once('disconnect', () => clearTimeout(timer));
    }
    // The feed takes no calls: a client that sends anything is not the console.
    socket.onAny(() => socket.disconnect(true));
  });

  o.bus.subscribe(CASE_CHANGED_TOPIC, (message) => { nsp.local.emit('caseChanged', parseCaseChanged(message, o.clock.now())); });
  app.addHook('preClose', async () => { nsp.local.disconnectSockets(true); });

  return {
    endSessions(sessionUids) {
      for (const uid of sessionUids) nsp.in(sessionRoom(uid)).local.disconnectSockets(true);
    },
  };
}
