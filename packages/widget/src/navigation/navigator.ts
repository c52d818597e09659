import type { StateName } from '@portico/core';

/** Where a widget is, and how it got there. Pure: the reducer is tested alone. */
export type WidgetState = StateName | '__controls';
export type Params = Record<string, unknown>;

export interface NavState {
  current: { state: WidgetState; params: Params };
  history: { state: WidgetState; params: Params }[];
}

export type NavAction =
  | { type: 'goTo'; state: WidgetState; params?: Params; replace?: boolean }
  | { type: 'back' };

export function initialNav(state: WidgetState, params: Params = {}): NavState {
  return { current: { state, params }, history: [] };
}

export function navReducer(nav: NavState, action: NavAction): NavState {
  switch (action.type) {
    case 'goTo': {
      const next = { state: action.state, params: action.params ?? {} };
      if (action.replace) return { ...nav, current: next };
      return { current: next, history: [...nav.history, nav.current].slice(-20) };
    }
    case 'back': {
      const previous = nav.history[nav.history.length - 1];
      if (!previous) return nav;
      return { current: previous, history: nav.history.slice(0, -1) };
    }
  }
}
