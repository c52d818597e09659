import type { StateName } from '@portico/core';
import type { DisplayError } from '../components/error-list-logic.ts';

/** Where a widget is, and how it got there. Pure: the reducer is tested alone. */
export type WidgetState = StateName | '__controls';
export type Params = Record<string, unknown>;

export interface NavEntry {
  state: WidgetState;
  params: Params;
  /** Errors sent along by the state that moved here (spec: "moves to that state with the error code"). */
  errors?: DisplayError[];
}

export interface NavState {
  current: NavEntry;
  history: NavEntry[];
}

export type NavAction =
  | { type: 'goTo'; state: WidgetState; params?: Params; errors?: DisplayError[]; replace?: boolean }
  | { type: 'back' };

export function initialNav(state: WidgetState, params: Params = {}): NavState {
  return { current: { state, params }, history: [] };
}

/** Errors belong to the arrival: an entry left for another keeps none, so going back shows none. */
const withoutErrors = ({ state, params }: NavEntry): NavEntry => ({ state, params });

export function navReducer(nav: NavState, action: NavAction): NavState {
  switch (action.type) {
    case 'goTo': {
      const next: NavEntry = { state: action.state, params: action.params ?? {}, ...(action.errors?.length ? { errors: action.errors } : {}) };
      if (action.replace) return { ...nav, current: next };
      return { current: next, history: [...nav.history, withoutErrors(nav.current)].slice(-20) };
    }
    case 'back': {
      const previous = nav.history[nav.history.length - 1];
      if (!previous) return nav;
      return { current: previous, history: nav.history.slice(0, -1) };
    }
  }
}
