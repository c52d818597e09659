import type { StoredSession } from './sessions.repository.ts';

/**
 * The sessions the access-token guard read in the last few seconds, so a signed-in request does
 * not read its session row every time (one query less on every member call).
 *
 * Why a session that ends is still refused at once: every write to a session (end, account
 * switch) goes through sessions.repository.ts, which announces the uids the moment it writes
 * them (session-notices.ts); this node forgets them and the event bus tells the other nodes.
 * A forgotten uid is not cached again for `quietMs` (longer than any transaction), so a read
 * made while the ending transaction was still open cannot put the live row back. If a bus
 * message is lost (a Redis outage), an entry still lives at most `ttlMs`.
 */
export interface SessionCache<S extends { uid: string; ended: Date | null } = StoredSession> {
  /** The cached session, else `load()`'s answer, kept when the uid may be cached. */
  read(uid: string, load: () => Promise<S | null>): Promise<S | null>;
  /** Replaces a cached entry after this node changed it (the idle deadline moved). */
  update(session: S): void;
  /** Drops these uids and keeps them out for `quietMs`. */
  forget(uids: readonly string[]): void;
  readonly size: number;
}

export interface SessionCacheOptions {
  ttlMs: number;
  quietMs?: number;
  maxEntries?: number;
  /** Wall time, not the server clock: the cache is about real seconds even when tests move the clock. */
  now?: () => number;
}

export function sessionCache<S extends { uid: string; ended: Date | null } = StoredSession>({ ttlMs, quietMs = 60_000, maxEntries = 10_000, now = Date.now }: SessionCacheOptions): SessionCache<S> {
  const entries = new Map<string, { session: S; until: number }>();
  const quiet = new Map<string, number>();
  const isQuiet = (uid: string, at: number) => {
    const until = quiet.get(uid);
    if (until === undefined) return false;
    if (until > at) return true;
    quiet.delete(uid);
    return false;
  };
  const keep = (session: S, at: number) => {
    if (ttlMs <= 0 || isQuiet(session.uid, at)) return;
    if (entries.size >= maxEntries) {
      // Oldest first (Map keeps insertion order): a full cache drops its oldest tenth.
      let drop = Math.ceil(maxEntries / 10);
      for (const key of entries.keys()) { entries.delete(key); if (--drop === 0) break; }
    }
    entries.delete(session.uid);
    entries.set(session.uid, { session, until: at + ttlMs });
  };
  return {
    async read(uid, load) {
      const at = now();
      const hit = entries.get(uid);
      if (hit && hit.until > at) return hit.session;
      if (hit) entries.delete(uid);
      const session = await load();
      if (session && !session.ended) keep(session, at);
      return session;
    },
    update(session) {
      if (entries.has(session.uid)) keep(session, now());
    },
    forget(uids) {
      const until = now() + quietMs;
      for (const uid of uids) {
        entries.delete(uid);
        quiet.set(uid, until);
      }
      if (quiet.size > maxEntries) {
        const at = now();
        for (const [uid, u] of quiet) if (u <= at) quiet.delete(uid);
      }
    },
    get size() { return entries.size; },
  };
}
