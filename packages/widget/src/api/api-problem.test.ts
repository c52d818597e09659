import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@portico/core';
import { retryOf } from '../components/error-list-logic.ts';
import { ApiProblem, problemErrors } from './api-problem.ts';

describe('problemErrors (issue 15: server unreachable offers Retry)', () => {
  const retry = () => undefined;

  it('a call that got no answer, or none in time, carries the retry the error list offers', () => {
    const network = problemErrors(new ApiProblem({ kind: 'network', status: 0, code: ErrorCode.ServerUnreachable }), retry);
    expect(network).toEqual([{ code: ErrorCode.ServerUnreachable, retry }]);
    expect(retryOf(problemErrors(new ApiProblem({ kind: 'timeout', status: 0, code: ErrorCode.Timeout }), retry))).toBe(retry);
  });

  it('an answer the server gave (a refusal, a server error) offers no retry; nor does a problem without one', () => {
    expect(retryOf(problemErrors(new ApiProblem({ kind: 'client', status: 400, code: ErrorCode.InvalidValue, message: 'm' }), retry))).toBeUndefined();
    expect(retryOf(problemErrors(new ApiProblem({ kind: 'server', status: 500, code: ErrorCode.SystemError }), retry))).toBeUndefined();
    expect(retryOf(problemErrors(new ApiProblem({ kind: 'network', status: 0, code: ErrorCode.ServerUnreachable })))).toBeUndefined();
  });

  it("a cached read's problem carries its refetch (withRetry), which the error list then offers by itself", () => {
    const failed = new ApiProblem({ kind: 'timeout', status: 0, code: ErrorCode.Timeout });
    const carried = failed.withRetry(retry);
    expect(carried).toBeInstanceOf(ApiProblem);
    expect([carried.kind, carried.code, carried.message]).toEqual([failed.kind, failed.code, failed.message]);
    expect(retryOf(problemErrors(carried))).toBe(retry);
    expect(failed.retry).toBeUndefined();
  });
});
