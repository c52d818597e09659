import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@portico/core';
import { ApiProblem } from '../api/api-problem.ts';
import { loginErrorCode } from './login-errors.ts';

const problem = (status: number, code: ErrorCode, kind: ApiProblem['kind'] = 'client') => new ApiProblem({ kind, status, code });

describe('loginErrorCode (spec 2 section 8)', () => {
  it('maps each login answer', () => {
    expect(loginErrorCode(problem(400, ErrorCode.InvalidCredentials))).toBe(ErrorCode.InvalidCredentials);
    expect(loginErrorCode(problem(400, ErrorCode.Required))).toBe(ErrorCode.InvalidCredentials);
    expect(loginErrorCode(problem(400, ErrorCode.InvalidCredentialsGoogle))).toBe(ErrorCode.InvalidCredentialsGoogle);
    expect(loginErrorCode(problem(429, ErrorCode.TooManyRequests, 'rate-limited'))).toBe(ErrorCode.TooManyRequests);
    expect(loginErrorCode(problem(403, ErrorCode.Forbidden))).toBe(ErrorCode.UnknownError);
    // The login's own steps keep their codes: the code step, 'Send the link again', a wrong code on the code field.
    expect(loginErrorCode(problem(403, ErrorCode.SignInCodeRequired))).toBe(ErrorCode.SignInCodeRequired);
    expect(loginErrorCode(problem(403, ErrorCode.EmailNotConfirmed))).toBe(ErrorCode.EmailNotConfirmed);
    expect(loginErrorCode(problem(400, ErrorCode.InvalidSignInCode))).toBe(ErrorCode.InvalidSignInCode);
    expect(loginErrorCode(problem(500, ErrorCode.SystemError, 'server'))).toBe(ErrorCode.UnknownError);
    expect(loginErrorCode(problem(0, ErrorCode.ServerUnreachable, 'network'))).toBe(ErrorCode.ServerUnreachable);
    expect(loginErrorCode(new Error('x'))).toBe(ErrorCode.UnknownError);
  });
});
