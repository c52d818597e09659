import type { FieldError } from '@portico/core';
import { ApiProblem, problemErrors } from '../api/api-problem.ts';
import type { DisplayError } from '../components/error-list-logic.ts';
import { useWidget } from '../app/context.ts';

/** What `goTo(state, params, { errors })` accepts: a failed call, the server's field errors, or errors to show. */
export type OutgoingErrors = ApiProblem | readonly FieldError[] | readonly DisplayError[];

const isFieldError = (e: FieldError | DisplayError): e is FieldError => 'ErrorCode' in e;

/** One shape for the error list of the target screen. */
export function toDisplayErrors(errors: OutgoingErrors): DisplayError[] {
  if (errors instanceof ApiProblem) return problemErrors(errors);
  return errors.map((e) => (isFieldError(e) ? { code: e.ErrorCode, ...(e.Message ? { message: e.Message } : {}) } : e));
}

const NONE: DisplayError[] = [];

/** The errors the previous state sent along with the move to this one (empty when none). */
export function useIncomingErrors(): DisplayError[] {
  return useWidget().nav.current.errors ?? NONE;
}
