import { ErrorCode } from '@portico/core';
import { operatorInitials, type OperatorRole } from '@portico/core/operators/operator-rules';
import type { PasswordPolicy } from '@portico/core';
import { AppError, fieldError, notFound, validationError } from '../http/app-error.ts';
import { newUid } from '../ids/new-uid.ts';
import { hashPassword } from '../passwords/password-hashing.ts';
import { validatePassword } from '../passwords/validate-password.ts';
import type { ServerClock } from '../clock/server-clock.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import type { Operator } from './operators.repository.ts';

export interface ManageOperatorsDeps { uow: UnitOfWork; clock: ServerClock; policy: PasswordPolicy }

export const operatorOut = (o: Operator) => ({
  Uid: o.uid, Email: o.email, Name: o.name, Initials: operatorInitials(o.name), Role: o.role, Disabled: o.disabled, Created: o.created.toISOString(),
});

/**
 * The admin creates an operator with an initial password (the company's password policy and the
 * common-password list apply, as for members); the operator is told it out of band and may be given
 * a new one the same way. A taken email (any case) is 409.
 */
export async function createOperator(deps: ManageOperatorsDeps, input: { email: string; name: string; role: OperatorRole; password: string }) {
  const check = await validatePassword(deps, { password: input.password, personalData: [input.email, input.name] });
  if (!check.IsValid) throw validationError([fieldError('Password', ErrorCode.InvalidValue, 'The password does not meet the password policy.')]);
  const row = { uid: newUid(), email: input.email.trim(), name: input.name.trim(), role: input.role, passwordHash: await hashPassword(input.password), created: deps.clock.now() };
  if (!await deps.uow.operators.insert(row)) {
    throw new AppError(ErrorCode.Conflict, 'An operator with this email exists.', [fieldError('Email', ErrorCode.Conflict, 'An operator with this email exists.')]);
  }
  return (await deps.uow.operators.byUid(row.uid))!;
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
