import { ErrorCode } from '@portico/core';
import { AppError } from '../http/app-error.ts';
import type { Caller } from '../http/caller.ts';
import { listOf, type ListAnswer, type PageRequest } from '../http/list.ts';
import type { StoredSession } from '../auth/sessions.repository.ts';
import type { GeoIp } from './geoip.ts';
import type { SessionOut } from './sessions.schemas.ts';
import type { SessionsDeps } from './sessions-deps.ts';
import { describeUserAgent } from './user-agent.ts';

/** The signed-in person and the session of their token; any other caller is refused as signed out. */
export function personSession(caller: Caller): { personUid: string; sessionUid: string; ip: string } {
  if (caller.kind !== 'person' || !caller.sessionUid) throw new AppError(ErrorCode.Unauthorized);
  return { personUid: caller.personUid, sessionUid: caller.sessionUid, ip: caller.ip };
}

export function sessionToWire(s: StoredSession, currentUid: string, geoIp: GeoIp): SessionOut {
  return {
    Uid: s.uid,
    ...describeUserAgent(s.userAgent),
    IpAddress: s.ip,
    Location: geoIp.lookup(s.ip),
    Created: s.created.toISOString(),
    LastSeen: s.lastSeen.toISOString(),
    IsCurrent: s.uid === currentUid,
  };
}

/**
 * GET /profile/sessions: the caller's live sessions (not ended, neither deadline passed), the
 * current one first, then the most recently active. Only the caller's own: the query is by the token's person.
 */
export async function listSessions(deps: SessionsDeps, caller: Caller, page: PageRequest): Promise<ListAnswer<SessionOut>> {
  const me = personSession(caller);
  const found = await deps.uow.sessions.listLive(me.personUid, deps.clock.now(), page, me.sessionUid);
  return listOf(found, page, (s) => sessionToWire(s, me.sessionUid, deps.geoIp));
}
