import { ErrorCode } from '@portico/core';
import { operatorInitials, type OperatorRole } from '@portico/core/operators/operator-rules';
import type { PasswordPolicy } from '@portico/core';
import { AppError, fieldError, notFound } from '../http/app-error.ts';
import { newUid } from '../ids/new-uid.ts';
import { hashPassword } from '../passwords/password-hashing.ts';
import { requireAcceptedPassword } from '../passwords/validate-password.ts';
import { enqueueInvitation, type OperatorInvitationDeps } from './operator-invitation.ts';
import type { Operator } from './operators.repository.ts';

export interface ManageOperatorsDeps extends OperatorInvitationDeps { policy: PasswordPolicy }

export const operatorOut = (o: Operator) => ({
  Uid: o.uid, Email: o.email, Name: o.name, Initials: operatorInitials(o.name), Role: o.role, Disabled: o.disabled,
  PasswordSet: o.passwordHash !== null, Created: o.created.toISOString(),
});

/**
 * The admin creates an operator. With a `password` (the company's password policy and the
 * common-password list apply, as for members) the admin hands it over out of band; without one the
 * operator is mailed an invitation whose link sets it (operator-invitation.ts), enqueued in the same
 * transaction as the row. A taken email (any case) is 409.
 */
export async function createOperator(deps: ManageOperatorsDeps, input: { email: string; name: string; role: OperatorRole; password?: string | undefined; ip: string }) {
  const email = input.email.trim();
  const name = input.name.trim();
  if (input.password !== undefined) await requireAcceptedPassword(deps, 'Password', { password: input.password, personalData: [email, name] });
  else if (deps.mailer.kind === 'off') throw new AppError(ErrorCode.MailUnavailable, 'Mail cannot be sent: give the operator a Password instead.');
  const row = { uid: newUid(), email, name, role: input.role, passwordHash: input.password === undefined ? null : await hashPassword(input.password), created: deps.clock.now() };
  return deps.uow.transaction(async (repos) => {
    if (!await repos.operators.insert(row)) {
      throw new AppError(ErrorCode.Conflict, 'An operator with this email exists.', [fieldError('Email', ErrorCode.Conflict, 'An operator with this email exists.')]);
    }
    if (row.passwordHash === null) {
      await enqueueInvitation(repos, { operatorUid: row.uid, consoleUrl: deps.consoleUrl, at: row.created, ip: input.ip, resend: false });
      repos.afterCommit(() => deps.wakeOutbox());
    }
    return (await repos.operators.byUid(row.uid))!;
  });
}

/** A new role or the disabled flag; either ends the operator's sessions (their tokens carry the role). */
export async function changeOperator(deps: ManageOperatorsDeps, uid: string, change: { role?: OperatorRole | undefined; disabled?: boolean | undefined }) {
  return deps.uow.transaction(async (repos) => {
    const before = await repos.operators.byUid(uid);
    if (!before) throw notFound(`No operator '${uid}'.`);
    const after = (await repos.operators.update(uid, change))!;
    const now = deps.clock.now();
    if (after.disabled && !before.disabled) {
      await repos.operatorSessions.endAllOf(uid, now, 'operator.disabled');
      await repos.operators.setOnlineUntil(uid, null);
    } else if (after.role !== before.role) {
      await repos.operatorSessions.endAllOf(uid, now, 'operator.role');
    }
    return after;
  });
}
