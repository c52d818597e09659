import { ErrorCode, type PasswordPolicy } from '@portico/core';
import { checkPassword, isPasswordAccepted, passwordFieldErrors, type PasswordRuleResult } from '@portico/core/passwords/password-policy';
import { AppError, fieldError } from '../http/app-error.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import { isCommonPassword } from './common-passwords.ts';
import { verifyPassword } from './password-hashing.ts';

/** PolicyKey of the rule that is always on: the bundled list of the 3,000 most common passwords. */
export const COMMON_PASSWORD_KEY = 'CommonPasswordDisallowed';

export interface ValidatePasswordInput {
  password: string;
  /** The signed-in person (their history and personal data count). */
  personUid?: string | undefined;
  /** Personal data typed on a form not yet saved (sign-up): checked when PersonalDataDisallowed. */
  personalData?: (string | null | undefined)[];
}

/**
 * Every rule the policy turns on plus the common-password rule, IsValid per PolicyKey (core's
 * checkPassword). The password is checked exactly as typed. PasswordHistory is answered only
 * for a known person: the current hash and the last PasswordHistorySize - 1 earlier ones.
 */
export async function validatePassword(deps: { uow: UnitOfWork; policy: PasswordPolicy }, input: ValidatePasswordInput): Promise<{ items: PasswordRuleResult[]; IsValid: boolean }> {
  const person = input.personUid ? await deps.uow.signIn.personByUid(input.personUid) : null;
  let inHistory = false;
  if (person && deps.policy.PasswordHistoryEnabled && deps.policy.PasswordHistorySize > 0) {
    const hashes = [
      ...(person.passwordHash ? [person.passwordHash] : []),
      ...await deps.uow.passwordHistory.recent(person.uid, deps.policy.PasswordHistorySize),
    ].slice(0, deps.policy.PasswordHistorySize);
    for (const hash of hashes) {
      if (await verifyPassword(hash, input.password)) { inHistory = true; break; }
    }
  }
  const items = checkPassword(input.password, deps.policy, {
    personalData: [...(input.personalData ?? []), ...(person ? [person.email, person.firstName, person.lastName] : [])],
    isInHistory: person ? () => inHistory : undefined,
    extraRules: [{ PolicyKey: COMMON_PASSWORD_KEY, isValid: (p) => !isCommonPassword(p) }],
  });
  return { items, IsValid: isPasswordAccepted(items) };
}

/**
 * A new password that must pass before it is hashed (a reset, an invitation's first password, an
 * operator's set-password page, an operator made with one): empty is Errors.Required; each rule it
 * fails is a field error on `field` with the rule's code (one failure: that code is the answer's too).
 */
export async function requireAcceptedPassword(deps: { uow: UnitOfWork; policy: PasswordPolicy }, field: string, input: ValidatePasswordInput): Promise<void> {
  if (input.password === '') throw new AppError(ErrorCode.ValidationFailed, undefined, [fieldError(field, ErrorCode.Required)]);
  const checked = await validatePassword(deps, input);
  if (checked.IsValid) return;
  const errors = passwordFieldErrors(field, checked.items, deps.policy);
  throw new AppError(errors.length === 1 ? errors[0]!.ErrorCode : ErrorCode.ValidationFailed, errors.length === 1 ? errors[0]!.Message : undefined, errors);
}
