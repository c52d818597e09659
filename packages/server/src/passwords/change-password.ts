import { ErrorCode, type PasswordPolicy } from '@portico/core';
import { passwordFieldErrors } from '@portico/core/passwords/password-policy';
import type { ServerClock } from '../clock/server-clock.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import { AppError, fieldError } from '../http/app-error.ts';
import { newUid } from '../ids/new-uid.ts';
import { requireRecentAuthentication } from '../auth/reauthentication.ts';
import { hashPassword } from './password-hashing.ts';
import { validatePassword } from './validate-password.ts';

export interface ChangePasswordInput {
  ExistingPassword: string;
  NewPassword: string;
  ConfirmPassword: string;
}

/**
 * PUT /profile/password. The new password must equal its confirmation (Errors.PasswordsDoNotMatch
 * on ConfirmPassword), the current one must be right, and the new one pass the policy and history.
 * The current password goes through the re-authentication policy as its proof (auth/reauthentication.ts).
 * A person with no password (signed up with Google) has none to change. Sets the hash, clears
 * PasswordMustChange and ends the person's other sessions; the one making the change stays.
 */
export async function changePassword(
  deps: { uow: UnitOfWork; clock: ServerClock; policy: PasswordPolicy },
  me: { personUid: string; sessionUid: string; ip: string },
  input: ChangePasswordInput,
): Promise<void> {
  const person = await deps.uow.signIn.personByUid(me.personUid);
  if (!person) throw new AppError(ErrorCode.Unauthorized);
  if (person.passwordHash === null) {
    throw new AppError(ErrorCode.Forbidden, 'This person signs in with Google and has no password to change.');
  }
  const errors = [];
  if (input.ExistingPassword === '') errors.push(fieldError('ExistingPassword', ErrorCode.Required));
  if (input.NewPassword === '') errors.push(fieldError('NewPassword', ErrorCode.Required));
  if (input.ConfirmPassword === '') errors.push(fieldError('ConfirmPassword', ErrorCode.Required));
  else if (input.NewPassword !== input.ConfirmPassword) errors.push(fieldError('ConfirmPassword', ErrorCode.PasswordsDoNotMatch));
  if (errors.length) throw new AppError(errors.length === 1 ? errors[0]!.ErrorCode : ErrorCode.ValidationFailed, errors.length === 1 ? errors[0]!.Message : undefined, errors);
  // The current password is the proof of the re-authentication policy (400 on ExistingPassword when wrong).
  await requireRecentAuthentication(deps, { kind: 'person', personUid: me.personUid, sessionUid: me.sessionUid, ip: me.ip, accountUid: null }, { password: input.ExistingPassword, field: 'ExistingPassword' }, 'password.change');
  const checked = await validatePassword(deps, { password: input.NewPassword, personUid: person.uid });
  if (!checked.IsValid) {
    const policyErrors = passwordFieldErrors('NewPassword', checked.items, deps.policy);
    throw new AppError(policyErrors.length === 1 ? policyErrors[0]!.ErrorCode : ErrorCode.ValidationFailed, policyErrors.length === 1 ? policyErrors[0]!.Message : undefined, policyErrors);
  }
  const hash = await hashPassword(input.NewPassword);
  const at = deps.clock.now();
  await deps.uow.transaction(async (repos) => {
    await repos.passwordHistory.replaceHash(person.uid, hash, at);
    await repos.passwordHistory.setMustChange(person.uid, false, at);
    const ended = await repos.sessions.endAllOfPerson(person.uid, at, 'password.change', me.sessionUid);
    await repos.auditLog.append({ uid: newUid(), at, action: 'password.change', actor: person.uid, target: me.sessionUid, ip: me.ip, detail: { otherSessionsEnded: ended } });
  });
}
