import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CaseChanged } from '@portico/core/operators/console-feed-protocol';
import { FEED_FALLBACK_POLL_MS, runConsoleFeed, type FeedSignal, type FeedSocket } from './use-console-feed.ts';

/** A Socket.IO socket the test drives: `fire` plays what the server or the network would do. */
function fakeSocket() {
  const handlers = new Map<string, ((...a: unknown[]) => void)[]>();
  const s = {
    active: true,
    connects: 0,
    disconnected: false,
    on(event: string, fn: (...a: unknown[]) => void) { handlers.set(event, [...(handlers.get(event) ?? []), fn]); return s; },
    connect() { s.connects += 1; s.active = true; return s; },
    disconnect() { s.disconnected = true; s.active = false; return s; },
    fire(event: string, ...args: unknown[]) { for (const fn of handlers.get(event) ?? []) fn(...args); },
  };
  return s;
}

let signals: FeedSignal[];
let socket: ReturnType<typeof fakeSocket>;
let feed: { close(): void };
beforeEach(async () => {
  vi.useFakeTimers();
  signals = [];
  socket = fakeSocket();
  feed = runConsoleFeed({ open: async () => socket as unknown as FeedSocket, signal: (s) => signals.push(s) });
  await vi.advanceTimersByTimeAsync(0);
});
afterEach(() => { feed.close(); vi.useRealTimers(); });
const change = (CaseUid: string | null): CaseChanged => ({ CaseUid, Updated: '2026-12-01T10:00:00.000Z' });

describe('the console feed', () => {
  it('looks again slowly until connected; connected: a reload of everything, then only what the server tells, no polling', async () => {
    await vi.advanceTimersByTimeAsync(FEED_FALLBACK_POLL_MS);
    expect(signals).toEqual([null]);
    socket.fire('connect');
    expect(signals).toEqual([null, null]);
    socket.fire('caseChanged', change('case-1'));
    socket.fire('caseChanged', change(null));
    expect(signals).toEqual([null, null, 'case-1', null]);
    await vi.advanceTimersByTimeAsync(10 * FEED_FALLBACK_POLL_MS);
    expect(signals).toHaveLength(4);
  });

  it('a lost connection falls back to the slow look-again until the library reconnects, which reloads everything', async () => {
    socket.fire('connect');
    signals.length = 0;
    socket.fire('disconnect', 'transport close');
    expect(socket.connects).toBe(0);
    await vi.advanceTimersByTimeAsync(2 * FEED_FALLBACK_POLL_MS);
    expect(signals).toEqual([null, null]);
    socket.fire('connect');
    await vi.advanceTimersByTimeAsync(2 * FEED_FALLBACK_POLL_MS);
    expect(signals).toEqual([null, null, null]);
  });

  it('the server ending the connection (token time, session ended): reconnects at once; refused, reloads over HTTP at once and tries again slowly', async () => {
    socket.fire('connect');
    signals.length = 0;
    socket.fire('disconnect', 'io server disconnect');
    expect(socket.connects).toBe(1);
    socket.active = false;
    socket.fire('connect_error', new Error('InvalidToken'));
    expect(signals).toEqual([null]);
    await vi.advanceTimersByTimeAsync(FEED_FALLBACK_POLL_MS);
    expect(socket.connects).toBe(2);
  });

  it('closing stops everything', async () => {
    feed.close();
    expect(socket.disconnected).toBe(true);
    await vi.advanceTimersByTimeAsync(5 * FEED_FALLBACK_POLL_MS);
    expect(signals).toEqual([]);
  });
});
