import { ErrorCode } from '@portico/core';
import type { ApiProblem } from '../../api/api-problem.ts';

/** Where a failed call with a mailed link leaves the reset screen. */
export type LinkOutcome = { away: { code: ErrorCode } } | 'alreadyConfirmed' | 'inline';

/**
 * Spec 2 section 4 "Password reset": a 404 (unknown, used or expired link) goes to forgotPassword
 * with Errors.InvalidToken, any status but 400 with Errors.UnknownError; a 400 stays inline. A
 * sign-up's link used before (409 Errors.EmailAlreadyConfirmed) stays and says the address is
 * confirmed, with Log in (issue 13).
 */
export function linkOutcome(problem: Pick<ApiProblem, 'status' | 'code'>): LinkOutcome {
  if (problem.status === 409 && problem.code === ErrorCode.EmailAlreadyConfirmed) return 'alreadyConfirmed';
  if (problem.status === 400) return 'inline';
  return { away: { code: problem.status === 404 ? ErrorCode.InvalidToken : ErrorCode.UnknownError } };
}
