import { ErrorCode, isValidEmail } from '@portico/core';
import type { UnitOfWork } from '../unit-of-work.ts';
import { fieldError, validationError } from '../http/app-error.ts';

/**
 * GET /crm/registrations/email-exists (spec 1 section 4: the sign-up form asks 500 ms after the
 * email changes). Both answers run the same single indexed query, so their timing does not tell
 * them apart; what the answer itself says is the product's choice (docs/registration.md), and the
 * route's rate limit bounds how fast anyone can ask.
 */
export async function emailExists(deps: { uow: UnitOfWork }, email: string): Promise<{ Result: boolean }> {
  const trimmed = email.trim();
  if (!isValidEmail(trimmed)) throw validationError([fieldError('email', ErrorCode.InvalidEmail)], ErrorCode.InvalidEmail);
  return { Result: await deps.uow.people.emailTaken(trimmed) };
}
