import { describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '@portico/core';
import { ApiProblem } from '../../api/api-problem.ts';
import { REAUTH_CANCELLED, isReauthenticationRequired, runWithReauthentication } from './reauthenticate-calls.ts';

const required = () => new ApiProblem({ kind: 'client', status: 403, code: ErrorCode.ReauthenticationRequired });
const forbidden = () => new ApiProblem({ kind: 'client', status: 403, code: ErrorCode.Forbidden });

describe("'Confirm it's you' around an action", () => {
  it('an action that passes never asks', async () => {
    const ask = vi.fn(async () => true);
    expect(await runWithReauthentication(async () => 'done', ask)).toBe('done');
    expect(ask).not.toHaveBeenCalled();
  });

  it('ReauthenticationRequired asks, then runs the action once more', async () => {
    const action = vi.fn<() => Promise<string>>().mockRejectedValueOnce(required()).mockResolvedValueOnce('done');
    const ask = vi.fn(async () => true);
    expect(await runWithReauthentication(action, ask)).toBe('done');
    expect(ask).toHaveBeenCalledTimes(1);
    expect(action).toHaveBeenCalledTimes(2);
  });

  it('cancelling leaves the action undone; a second refusal is the answer (never asked twice)', async () => {
    const action = vi.fn<() => Promise<string>>().mockRejectedValue(required());
    expect(await runWithReauthentication(action, async () => false)).toBe(REAUTH_CANCELLED);
    expect(action).toHaveBeenCalledTimes(1);
    const ask = vi.fn(async () => true);
    await expect(runWithReauthentication(action, ask)).rejects.toMatchObject({ code: ErrorCode.ReauthenticationRequired });
    expect(ask).toHaveBeenCalledTimes(1);
  });

  it('any other failure is passed on without asking', async () => {
    const ask = vi.fn(async () => true);
    await expect(runWithReauthentication(async () => { throw forbidden(); }, ask)).rejects.toMatchObject({ code: ErrorCode.Forbidden });
    expect(ask).not.toHaveBeenCalled();
    expect(isReauthenticationRequired(new Error('x'))).toBe(false);
  });
});
