import { ErrorCode } from '@portico/core';
import type { UnitOfWork } from '../unit-of-work.ts';
import { AppError } from '../http/app-error.ts';
import { tokenHash } from './secret-token.ts';

/**
 * The answer for a sign-up link that no longer works (docs/registration.md "The mailed link").
 * A link that was used, whose person is confirmed and can sign in (a password, or a Google login),
 * is 409 Errors.EmailAlreadyConfirmed: the widget says so and offers Log in. Anything else — an
 * unknown, expired or superseded link, or a reset or invitation link — is 404 Errors.InvalidToken
 * (spec 2: resetPassword then goes to forgotPassword). Only the link's holder can ask, and the
 * answer names no address, so it tells nothing they did not already know.
 */
export async function spentLinkError(uow: UnitOfWork, token: string): Promise<AppError> {
  const row = await uow.emailTokens.find(tokenHash(token), ['confirm-email']);
  if (row?.used) {
    const person = await uow.signIn.personByUid(row.personUid);
    if (person?.emailConfirmed && (person.passwordHash !== null || person.googleProfileId !== null)) return new AppError(ErrorCode.EmailAlreadyConfirmed);
  }
  return new AppError(ErrorCode.InvalidToken);
}
