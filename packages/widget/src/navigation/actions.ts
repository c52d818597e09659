import type { BillingRenewalTerm, StateName } from '@portico/core';
import type { NavAction, Params, WidgetState } from './navigator.ts';
import type { Runtime, WidgetMode } from '../shared/runtime-types.ts';

export interface ChosenPlan {
  planUid: string;
  term: BillingRenewalTerm;
}

/**
 * The one place where screens move the widget: every transition goes through
 * these actions, so the flow is readable here and in states.ts.
 */
export interface NavigationActions {
  goTo(state: WidgetState, params?: Params): void;
  back(): void;
  close(): void;
  /** selectPlan: remember the plan, then go to params.next or register (spec 1 section 2). */
  choosePlan(plan: ChosenPlan, next?: StateName): void;
  /** Forgets the chosen plan (picking an unavailable plan clears the selection, spec 4). */
  clearPlan(): void;
  notify(message: string): void;
}

export interface ActionDeps {
  dispatch(action: NavAction): void;
  runtime: Runtime;
  mode: WidgetMode;
  setChosenPlan(plan: ChosenPlan | null): void;
  notify(message: string): void;
  onClose?: () => void;
}

export function createActions(deps: ActionDeps): NavigationActions {
  return {
    goTo: (state, params) => deps.dispatch({ type: 'goTo', state, ...(params ? { params } : {}) }),
    back: () => deps.dispatch({ type: 'back' }),
    close: () => deps.onClose?.(),
    choosePlan(plan, next) {
      deps.runtime.markUsed();
      deps.setChosenPlan(plan);
      deps.dispatch({ type: 'goTo', state: next ?? 'register', params: { planUid: plan.planUid, term: plan.term } });
    },
    clearPlan: () => deps.setChosenPlan(null),
    notify: deps.notify,
  };
}
