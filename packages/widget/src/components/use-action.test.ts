import { describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '@portico/core';
import { ApiProblem } from '../api/api-problem.ts';
import { createActionRunner, type ActionState } from './use-action.ts';

function runner<R>(work: () => Promise<R>) {
  const seen: ActionState[] = [];
  return { seen, action: createActionRunner(() => work, (s) => seen.push(s)) };
}

describe('useAction\'s runner', () => {
  it('busy while it runs, idle with the result after', async () => {
    let finish!: (v: string) => void;
    const { seen, action } = runner(() => new Promise<string>((resolve) => { finish = resolve; }));
    const running = action.run();
    expect(seen).toEqual([{ busy: true, problem: null }]);
    finish('done');
    expect(await running).toBe('done');
    expect(seen.at(-1)).toEqual({ busy: false, problem: null });
  });

  it('a second run while busy is ignored: a double click sends one request', async () => {
    const work = vi.fn(() => new Promise<void>((resolve) => setTimeout(resolve, 5)));
    const { action } = runner(work);
    const first = action.run();
    expect(await action.run()).toBeUndefined();
    await first;
    expect(work).toHaveBeenCalledTimes(1);
    await action.run();
    expect(work).toHaveBeenCalledTimes(2);
  });

  it('a refusal is kept as the problem; the next run clears it; reset forgets it', async () => {
    const refused = new ApiProblem({ kind: 'client', status: 409, code: ErrorCode.Conflict, message: 'No.' });
    let fail = true;
    const { seen, action } = runner(async () => { if (fail) throw refused; return 1; });
    expect(await action.run()).toBeUndefined();
    expect(seen.at(-1)).toEqual({ busy: false, problem: refused });
    fail = false;
    expect(await action.run()).toBe(1);
    expect(seen.at(-2)).toEqual({ busy: true, problem: null });
    fail = true;
    await action.run();
    action.reset();
    expect(seen.at(-1)).toEqual({ busy: false, problem: null });
  });

  it('a bug (not an ApiProblem) shows as the system error and is logged', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { seen, action } = runner(async () => { throw new TypeError('x is undefined'); });
    await action.run();
    expect(seen.at(-1)?.problem).toMatchObject({ kind: 'server', code: ErrorCode.SystemError });
    expect(log).toHaveBeenCalledOnce();
    log.mockRestore();
  });
});
