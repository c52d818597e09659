import type { AuthConfig } from './auth-config.ts';
import type { StoredSession } from './sessions.repository.ts';
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

/**
 * What every sign-in session has, whoever signed in (a member: sessions.repository.ts; an operator of
 * the console: operators/operator-sessions.repository.ts). The rules below are written once over it.
 */
export interface SessionTimes {
  uid: string;
  created: Date;
  lastSeen: Date;
  idleExpires: Date;
  absoluteExpires: Date;
  ended: Date | null;
  endReason: string | null;
  /** The sign-in or the last re-authentication on this session (auth/reauthentication.ts). */
  authenticatedAt: Date;
  /** The User-Agent and client address at sign-in, for the session list (null when not sent). */
  userAgent: string | null;
  ip: string | null;
}

/** The storage the session rules need; each kind of session has its own table behind it. */
export interface SessionStore<S extends SessionTimes> {
  insert(s: S): Promise<void>;
  get(uid: string): Promise<S | null>;
  touch(uid: string, at: Date, idleExpires: Date): Promise<void>;
  end(uid: string, at: Date, reason: 'idle' | 'absolute'): Promise<boolean>;
}

/** A new session's uid, deadlines and origin at `now` (the one place the idle and absolute limits are applied to a new session). */
export function newSessionTimes(cfg: AuthConfig, now: Date, origin: SessionOrigin): SessionTimes {
  const absoluteExpires = new Date(now.getTime() + cfg.sessionAbsoluteDays * 1440 * MINUTE_MS);
  return {
    uid: newUid(), created: now, lastSeen: now,
    idleExpires: new Date(Math.min(now.getTime() + cfg.sessionIdleMinutes * MINUTE_MS, absoluteExpires.getTime())),
    absoluteExpires, ended: null, endReason: null,
    // Signing in is proving who you are: a fresh session satisfies the re-authentication window.
    authenticatedAt: now,
    userAgent: origin.userAgent ? origin.userAgent.slice(0, USER_AGENT_MAX) : null,
    ip: origin.ip ?? null,
  };
}

/** Starts a session of any kind: `subject` adds who it belongs to (a person and account, an operator). */
export async function openSession<S extends SessionTimes>(repo: Pick<SessionStore<S>, 'insert'>, cfg: AuthConfig, s: { now: Date } & SessionOrigin, subject: Omit<S, keyof SessionTimes>): Promise<S> {
  const session = { ...newSessionTimes(cfg, s.now, s), ...subject } as S;
  await repo.insert(session);
  return session;
}

/** A member's session (sign-in, a password reset's sign-in). */
export function startSession(repo: Pick<SessionStore<StoredSession>, 'insert'>, cfg: AuthConfig, s: { personUid: string; accountUid: string | null; now: Date } & SessionOrigin): Promise<StoredSession> {
  return openSession<StoredSession>(repo, cfg, s, { personUid: s.personUid, accountUid: s.accountUid });
}

/**
 * The session if it is still live at `now`, its idle deadline pushed on; null when it was
 * ended, or has passed its idle or absolute deadline (then it is ended here, with that reason).
 * With a cache, a recently read live row stands in for the database; a cached row that looks
 * expired is read again before anything is ended (another node may have moved its deadline).
 */
export async function liveSession<S extends SessionTimes = StoredSession>(repo: Omit<SessionStore<S>, 'insert'>, cfg: AuthConfig, uid: string, now: Date, cache?: SessionCache<S>): Promise<S | null> {
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
