import { ErrorCode } from '@portico/core';
import { problemErrors } from '../../api/api-problem.ts';
import type { ApiProblem } from '../../api/api-problem.ts';
import type { DisplayError } from '../error-list-logic.ts';

/** Spec 1 section 9: focus moves into the discount input after 100 ms. */
export const DISCOUNT_FOCUS_DELAY_MS = 100;

/** Spec 5: a non-empty value is needed before it can be applied. */
export const canApplyCode = (value: string): boolean => value.trim() !== '';

/**
 * Spec 8: a 400 takes the code from the first validation error (default
 * DiscountCodeNotFound); a 404 gives DiscountCodeNotFound; a 5xx SystemError.
 * No answer and a rate limit keep their own code (not a system error).
 */
export function discountLookupErrors(problem: ApiProblem): DisplayError[] {
  if (problem.kind !== 'client') return problemErrors(problem);
  if (problem.status === 400) {
    const first = problem.fieldErrors[0];
    return [first ? { code: first.ErrorCode, ...(first.Message ? { message: first.Message } : {}) } : { code: ErrorCode.DiscountCodeNotFound }];
  }
  if (problem.status === 404) return [{ code: ErrorCode.DiscountCodeNotFound }];
  return [{ code: ErrorCode.SystemError }];
}

