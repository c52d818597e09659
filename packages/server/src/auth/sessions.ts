import type { AuthConfig } from './auth-config.ts';
import type { SessionsRepository, StoredSession } from './sessions.repository.ts';
import type { SessionCache } from './session-cache.ts';
import { newUid } from '../ids/new-uid.ts';

const MINUTE_MS = 60_000;
/** The idle deadline moves at most once a minute per session: a write per request is not needed. */
const TOUCH_EVERY_MS = MINUTE_MS;

/** Where a sign-in came from: kept on the session for the person's session list. */
export interface SessionOrigin {
  userAgent?: string | null | undefined;
  ip?: string | null | undefined;
}

/** The longest User-Agent kept: enough for any real browser, bounded for a hostile one. */
const USER_AGENT_MAX = 512;

export async function startSession(repo: SessionsRepository, cfg: AuthConfig, s: { personUid: string; accountUid: string | null; now: Date } & SessionOrigin): Promise<StoredSession> {
  const absoluteExpires = new Date(s.now.getTime() + cfg.sessionAbsoluteDays * 1440 * MINUTE_MS);
  const session: StoredSession = {
    uid: newUid(), personUid: s.personUid, accountUid: s.accountUid, created: s.now, lastSeen: s.now,
    idleExpires: new Date(Math.min(s.now.getTime() + cfg.sessionIdleMinutes * MINUTE_MS, absoluteExpires.getTime())),
    absoluteExpires, ended: null, endReason: null,
    // Signing in is proving who you are: a fresh session satisfies the re-authentication window.
    authenticatedAt: s.now,
    userAgent: s.userAgent ? s.userAgent.slice(0, USER_AGENT_MAX) : null,
    ip: s.ip ?? null,
  };
  await repo.insert(session);
  return session;
}

/**
 * The session if it is still live at `now`, its idle deadline pushed on; null when it was
 * ended, or has passed its idle or absolute deadline (then it is ended here, with that reason).
 * With a cache, a recently read live row stands in for the database; a cached row that looks
 * expired is read again before anything is ended (another node may have moved its deadline).
 */
export async function liveSession(repo: SessionsRepository, cfg: AuthConfig, uid: string, now: Date, cache?: SessionCache): Promise<StoredSession | null> {
  let s = cache ? await cache.read(uid, () => repo.get(uid)) : await repo.get(uid);
  if (s && cache && (now >= s.absoluteExpires || now >= s.idleExpires)) s = await repo.get(uid);
  if (!s || s.ended) return null;
  if (now >= s.absoluteExpires) { await repo.end(uid, now, 'absolute'); return null; }
  if (now >= s.idleExpires) { await repo.end(uid, now, 'idle'); return null; }
  if (now.getTime() - s.lastSeen.getTime() >= TOUCH_EVERY_MS) {
    const idleExpires = new Date(Math.min(now.getTime() + cfg.sessionIdleMinutes * MINUTE_MS, s.absoluteExpires.getTime()));
    await repo.touch(uid, now, idleExpires);
    const touched = { ...s, lastSeen: now, idleExpires };
    cache?.update(touched);
    return touched;
  }
  return s;
}
