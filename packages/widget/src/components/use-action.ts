import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { asProblem, problemErrors, ApiProblem } from '../api/api-problem.ts';
import type { DisplayError } from './error-list-logic.ts';

/** Where one action is: running, or what its last run ran into. */
export interface ActionState {
  busy: boolean;
  problem: ApiProblem | null;
}

const IDLE: ActionState = { busy: false, problem: null };

/**
 * One button's action without React (useAction's engine, tested alone): a second run while one is
 * under way is ignored (a double click sends one request); a failure becomes an ApiProblem (a bug
 * is logged and shown as the system error); `publish` hears every change.
 */
export function createActionRunner<A extends unknown[], R>(work: () => (...args: A) => Promise<R>, publish: (state: ActionState) => void) {
  let busy = false;
  return {
    async run(...args: A): Promise<R | undefined> {
      if (busy) return undefined;
      busy = true;
      publish({ busy: true, problem: null });
      try {
        const result = await work()(...args);
        busy = false;
        publish(IDLE);
        return result;
      } catch (err) {
        busy = false;
        if (!(err instanceof ApiProblem)) console.error('[portico] action failed', err);
        publish({ busy: false, problem: asProblem(err) });
        return undefined;
      }
    },
    reset(): void {
      if (!busy) publish(IDLE);
    },
  };
}

export interface Action<A extends unknown[], R> extends ActionState {
  /** Runs the action unless it is already running; resolves with its result, or undefined when it failed or was ignored. */
  run(...args: A): Promise<R | undefined>;
  /** What the error list shows for the problem (`<ErrorList errors={action.errors} />`). */
  errors: DisplayError[];
  /** Forgets the last problem (e.g. when the person changes what the action acts on). */
  reset(): void;
}

/**
 * A button's busy and error state for one async action (docs/screens.md): `busy` disables the
 * button and changes its label, `errors` go to the screen's ErrorList, success notices go through
 * `actions.notify`. Forms use forms/use-form.ts instead, which does the same for a submit.
 */
export function useAction<A extends unknown[], R>(work: (...args: A) => Promise<R>): Action<A, R> {
  const [state, setState] = useState<ActionState>(IDLE);
  const latest = useRef(work);
  useEffect(() => {
    latest.current = work;
  });
  const runner = useMemo(() => createActionRunner<A, R>(() => latest.current, setState), []);
  const lastArgs = useRef<A | null>(null);
  const run = useCallback((...args: A) => {
    lastArgs.current = args;
    return runner.run(...args);
  }, [runner]);
  // No answer (or none in time): the error list's 'Try again' runs the action once more with the same arguments.
  const errors = useMemo(() => (state.problem
    ? problemErrors(state.problem, () => void (lastArgs.current && runner.run(...lastArgs.current)))
    : []), [state.problem, runner]);
  return { ...state, errors, run, reset: runner.reset };
}
