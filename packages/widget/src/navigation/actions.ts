import { startTransition } from 'react';
import type { NavAction, WidgetState } from './navigator.ts';
import type { StateParams } from '../flow/state-params.ts';
import { toDisplayErrors } from '../flow/incoming-errors.ts';
import type { OutgoingErrors } from '../flow/incoming-errors.ts';
import type { Runtime, WidgetMode } from '../shared/runtime-types.ts';

export interface GoToOptions {
  /** Shown by the target screen (useIncomingErrors), e.g. register reopened after a failed payment. */
  errors?: OutgoingErrors;
  /** Move without a history entry (Back skips the state being left). */
  replace?: boolean;
}

/**
 * The one place where screens move the widget: every transition goes through
 * these actions, so the flow is readable here and in states.ts.
 */
export interface NavigationActions {
  goTo<S extends WidgetState>(state: S, params?: StateParams<S>, options?: GoToOptions): void;
  back(): void;
  close(): void;
  notify(message: string): void;
  /** The signed-in gate (the screen outlet only): login in place of the current member state, kept in nav.returnTo. */
  requireSignIn(): void;
  /**
   * After a sign-in: back to the state the gate kept (nav.returnTo), with its params. `quiet` when
   * the person did not move (signed in elsewhere): focus stays where it is.
   */
  resume(options?: { quiet?: boolean }): void;
}

export interface ActionDeps {
  dispatch(action: NavAction): void;
  runtime: Runtime;
  mode: WidgetMode;
  notify(message: string): void;
  onClose?: () => void;
}

export function createActions(deps: ActionDeps): NavigationActions {
  return {
    goTo(state, params, options = {}) {
      const errors = options.errors ? toDisplayErrors(options.errors) : [];
      // A transition: while the next screen's chunk loads, the screen being left stays on view as it
      // is (a submitted form with its busy button) instead of Suspense swapping it for a lone spinner.
      startTransition(() => deps.dispatch({
        type: 'goTo', state,
        ...(params ? { params: params as Record<string, unknown> } : {}),
        ...(errors.length ? { errors } : {}),
        ...(options.replace ? { replace: true } : {}),
      }));
    },
    back: () => deps.dispatch({ type: 'back' }),
    requireSignIn: () => deps.dispatch({ type: 'requireSignIn' }),
    resume: (options = {}) => deps.dispatch({ type: 'resume', ...(options.quiet ? { quiet: true } : {}) }),
    close: () => deps.onClose?.(),
    notify: deps.notify,
  };
}
