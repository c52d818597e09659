import { ErrorCode } from '@portico/core';
import { ApiProblem } from '../api/api-problem.ts';

/**
 * Spec 2 section 8, the login answers: a 400 whose code is the Google one is
 * Errors.InvalidCredentialsGoogle, any other 400 Errors.InvalidCredentials, a 429 says to
 * wait, a server out of reach says so; any other status is Errors.UnknownError.
 */
export function loginErrorCode(err: unknown): ErrorCode {
  if (!(err instanceof ApiProblem)) return ErrorCode.UnknownError;
  if (err.kind === 'rate-limited') return ErrorCode.TooManyRequests;
  if (err.kind === 'network' || err.kind === 'timeout') return err.code;
  if (err.status === 400) return err.code === ErrorCode.InvalidCredentialsGoogle ? ErrorCode.InvalidCredentialsGoogle : ErrorCode.InvalidCredentials;
  return ErrorCode.UnknownError;
}
