import { useEffect, useMemo } from 'react';
import type { Socket } from 'socket.io-client';
import type { ConsoleFeedClientToServer, ConsoleFeedServerToClient } from '@portico/core/operators/console-feed-protocol';
import type { ConsoleToken } from './console-token.ts';

/** While the feed is not connected the console looks again this often; while it is, never. */
export const FEED_FALLBACK_POLL_MS = 15_000;

/** A case that changed, or null: anything may have changed (reload everything shown). */
export type FeedSignal = string | null;

/** What the feed uses of its Socket.IO socket (feed-socket.ts makes it). */
export type FeedSocket = Pick<Socket<ConsoleFeedServerToClient, ConsoleFeedClientToServer>, 'on' | 'connect' | 'disconnect' | 'active'>;

export interface ConsoleFeed {
  /** Calls `fn` with each signal until the returned function is called. */
  subscribe(fn: (signal: FeedSignal) => void): () => void;
}

/**
 * The console's live updates (docs/console.md "Live updates"). Connected: a signal per `caseChanged`, and
 * one `null` on every (re)connect (changes made while disconnected were not told). Not connected (before
 * the first connect, after a loss, while refused): a `null` every FEED_FALLBACK_POLL_MS, so the console
 * still catches up, slowly and without a word to the operator. A refused handshake also signals `null` at
 * once: the reload over HTTP finds out whether the session ended (a 401 shows the login).
 */
export function runConsoleFeed(o: { open: () => Promise<FeedSocket>; signal: (s: FeedSignal) => void; pollMs?: number }): { close(): void } {
  const pollMs = o.pollMs ?? FEED_FALLBACK_POLL_MS;
  let closed = false;
  let socket: FeedSocket | null = null;
  let poll: ReturnType<typeof setInterval> | null = null;
  let retry: ReturnType<typeof setTimeout> | null = null;
  const polling = (on: boolean) => {
    if (on && !poll) poll = setInterval(() => o.signal(null), pollMs);
    if (!on && poll) { clearInterval(poll); poll = null; }
  };
  polling(true);
  o.open().then((s) => {
    if (closed) { s.disconnect(); return; }
    socket = s;
    s.on('connect', () => { polling(false); o.signal(null); });
    s.on('caseChanged', (e) => o.signal(e.CaseUid));
    s.on('disconnect', (reason) => {
      if (closed) return;
      polling(true);
      // The server ended it (its token's time is up, or the session ended): the library does not come back by itself.
      if (reason === 'io server disconnect') s.connect();
    });
    s.on('connect_error', () => {
      // Active: a network problem the library retries itself. Otherwise the server refused the handshake.
      if (closed || s.active) return;
      o.signal(null);
      if (!retry) retry = setTimeout(() => { retry = null; if (!closed) s.connect(); }, pollMs);
    });
  }, () => { /* the feed's chunk did not load: the slow look-again stays */ });
  return {
    close() {
      closed = true;
      polling(false);
      if (retry) clearTimeout(retry);
      socket?.disconnect();
    },
  };
}

/** The feed for the signed-in workspace: one connection while it is shown, its code loaded on first use. */
export function useConsoleFeed(token: ConsoleToken, origin = location.origin): ConsoleFeed {
  const hub = useMemo(() => {
    const subs = new Set<(s: FeedSignal) => void>();
    return {
      subscribe(fn: (s: FeedSignal) => void) { subs.add(fn); return () => { subs.delete(fn); }; },
      emit(s: FeedSignal) { for (const fn of [...subs]) fn(s); },
    };
  }, []);
  useEffect(() => {
    const feed = runConsoleFeed({ open: () => import('./feed-socket.ts').then((m) => m.openFeedSocket(origin, token.get)), signal: hub.emit });
    return () => feed.close();
  }, [token, origin, hub]);
  return hub;
}
