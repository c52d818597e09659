import { notFound } from '../http/app-error.ts';
import type { Caller } from '../http/caller.ts';
import { newUid } from '../ids/new-uid.ts';
import type { AuditAction } from '../auth/audit-log.repository.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import { personSession } from './list-sessions.ts';
import type { SessionsDeps } from './sessions-deps.ts';

const audit = (repos: UnitOfWork, at: Date, action: AuditAction, e: { actor: string | null; target: string; ip: string; detail: Record<string, unknown> }) =>
  repos.auditLog.append({ uid: newUid(), at, action, ...e });

/** The same answer for an unknown uid, another person's and one already ended (docs/auth.md "Who may call what"). */
const NO_SUCH_SESSION = 'No such session.';

/**
 * DELETE /profile/sessions/{Uid}: ends one of the caller's live sessions. Its tokens are refused
 * at once on every node (sessions.repository.ts announces the uid). Ending the caller's own
 * session is a logout (reason and audit 'logout'). Another person's uid is refused like an unknown one, nothing ended.
 */
export async function endSession(deps: SessionsDeps, caller: Caller, uid: string): Promise<void> {
  const me = personSession(caller);
  const current = uid === me.sessionUid;
  const at = deps.clock.now();
  const ended = await deps.uow.transaction(async (repos) => {
    if (!await repos.sessions.endOwn(uid, me.personUid, at, current ? 'logout' : 'person.ended')) return false;
    await audit(repos, at, current ? 'logout' : 'session.end', { actor: me.personUid, target: uid, ip: me.ip, detail: current ? { via: 'session-list' } : {} });
    return true;
  });
  if (!ended) throw notFound(NO_SUCH_SESSION);
}

/** DELETE /profile/sessions: ends every other session of the caller; the current one stays. */
export async function endOtherSessions(deps: SessionsDeps, caller: Caller): Promise<number> {
  const me = personSession(caller);
  const at = deps.clock.now();
  return deps.uow.transaction(async (repos) => {
    const ended = await repos.sessions.endAllOfPerson(me.personUid, at, 'person.ended', me.sessionUid);
    await audit(repos, at, 'session.end-others', { actor: me.personUid, target: me.sessionUid, ip: me.ip, detail: { ended } });
    return ended;
  });
}

/** DELETE /admin/people/{uid}/sessions: ends every session of the person (admin key); 404 for an unknown person. */
export async function endAllSessionsOfPerson(deps: Pick<SessionsDeps, 'uow' | 'clock'>, personUid: string, ip: string): Promise<number> {
  const at = deps.clock.now();
  return deps.uow.transaction(async (repos) => {
    if (!await repos.signIn.personByUid(personUid)) throw notFound(`No person with Uid '${personUid}'.`);
    const ended = await repos.sessions.endAllOfPerson(personUid, at, 'admin.ended');
    await audit(repos, at, 'admin.sessions.end', { actor: null, target: personUid, ip, detail: { ended } });
    return ended;
  });
}
