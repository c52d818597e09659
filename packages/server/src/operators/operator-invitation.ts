import { ErrorCode } from '@portico/core';
import { AppError, notFound } from '../http/app-error.ts';
import { newUid } from '../ids/new-uid.ts';
import type { ServerClock } from '../clock/server-clock.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { Repositories, UnitOfWork } from '../unit-of-work.ts';
import { OPERATOR_LINK_MAIL_TOPIC, type OperatorLinkMailPayload } from './operator-link-mail.ts';

export interface OperatorInvitationDeps {
  uow: UnitOfWork;
  clock: ServerClock;
  mailer: Pick<Mailer, 'kind'>;
  /** The console's page, `<public URL>/console/`: the mailed link opens its set-password screen. */
  consoleUrl: string;
  wakeOutbox: () => void;
}

/**
 * In the caller's transaction: the invitation's mail is enqueued (its token is made when it is sent)
 * and the operator's earlier invitation links end now, so a re-sent invitation's older mail stops
 * working at once, not only when the new one goes out. Audited (`operator.invite`, or `.resend`).
 */
export async function enqueueInvitation(repos: Repositories, o: { operatorUid: string; consoleUrl: string; at: Date; ip: string; resend: boolean }): Promise<void> {
  await repos.operatorEmailTokens.invalidateAll(o.operatorUid, ['invite'], o.at);
  const payload: OperatorLinkMailPayload = { operatorUid: o.operatorUid, purpose: 'invite', consoleUrl: o.consoleUrl };
  await repos.outbox.enqueue(OPERATOR_LINK_MAIL_TOPIC, payload);
  await repos.auditLog.append({ uid: newUid(), at: o.at, action: o.resend ? 'operator.invite.resend' : 'operator.invite', actor: null, target: o.operatorUid, ip: o.ip, detail: { console: true } });
}

/**
 * POST /admin/operators/{uid}/invitation: a new invitation mail, the earlier link ended. Only while the
 * operator has set no password (after that, 'Forgot password?' on the console's login is the way) and
 * is enabled: 409 otherwise; an unknown uid is 404.
 */
export async function resendInvitation(deps: OperatorInvitationDeps, uid: string, ip: string): Promise<void> {
  if (deps.mailer.kind === 'off') throw new AppError(ErrorCode.MailUnavailable);
  await deps.uow.transaction(async (repos) => {
    const operator = await repos.operators.byUid(uid);
    if (!operator) throw notFound(`No operator '${uid}'.`);
    if (operator.disabled) throw new AppError(ErrorCode.Conflict, 'The operator is disabled; enable them first.');
    if (operator.passwordHash !== null) throw new AppError(ErrorCode.Conflict, 'The operator has set a password; they can use \'Forgot password?\' on the console\'s sign-in.');
    await enqueueInvitation(repos, { operatorUid: uid, consoleUrl: deps.consoleUrl, at: deps.clock.now(), ip, resend: true });
    repos.afterCommit(() => deps.wakeOutbox());
  });
}
