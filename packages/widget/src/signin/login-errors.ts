import { ErrorCode } from '@portico/core';
import { ApiProblem } from '../api/api-problem.ts';

/** Login answers that are steps of their own rather than failures (docs/auth.md "Lockout and known browsers", "Unconfirmed email"). */
const OWN_STEPS: ReadonlySet<ErrorCode> = new Set([ErrorCode.SignInCodeRequired, ErrorCode.EmailNotConfirmed]);

/**
 * Spec 2 section 8, the login answers: a 400 whose code is the Google one is
 * Errors.InvalidCredentialsGoogle, a wrong mailed code Errors.InvalidSignInCode, any other 400
 * Errors.InvalidCredentials; a 403 asking for the mailed code or the confirmed email keeps its
 * code (the login screen shows the code step or 'Send the link again'); a 429 says to wait, a
 * server out of reach says so; any other status is Errors.UnknownError.
 */
export function loginErrorCode(err: unknown): ErrorCode {
  if (!(err instanceof ApiProblem)) return ErrorCode.UnknownError;
  if (err.kind === 'rate-limited') return ErrorCode.TooManyRequests;
  if (err.kind === 'network' || err.kind === 'timeout') return err.code;
  if (err.status === 400) {
    if (err.code === ErrorCode.InvalidCredentialsGoogle || err.code === ErrorCode.InvalidSignInCode) return err.code;
    return ErrorCode.InvalidCredentials;
  }
  if (err.status === 403 && OWN_STEPS.has(err.code)) return err.code;
  return ErrorCode.UnknownError;
}
