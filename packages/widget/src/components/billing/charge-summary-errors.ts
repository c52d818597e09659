import { ErrorCode } from '@portico/core';
import { problemErrors } from '../../api/api-problem.ts';
import type { ApiProblem } from '../../api/api-problem.ts';
import type { DisplayError } from '../error-list-logic.ts';

/**
 * What a failed invoice preview shows: the server's rule errors (quantity, term,
 * coupon); a 404 (plan gone from the catalogue since the page loaded) as a
 * system error; no answer, a rate limit or a 5xx as their own problem.
 */
export function chargeSummaryErrors(problem: ApiProblem): DisplayError[] {
  if (problem.kind === 'client' && problem.status === 404) return [{ code: ErrorCode.SystemError }];
  return problemErrors(problem);
}
