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
  /** Arrived without the person moving (the gate on the first screen, a sign-in elsewhere): focus stays where it is. */
  quiet?: true;
}

export interface NavState {
  current: NavEntry;
  history: NavEntry[];
  /**
   * Where a signed-out visitor was going when the signed-in gate showed them login (the state
   * with its params): the end of the sign-in goes back there instead of the post-login URL.
   */
  returnTo?: NavEntry;
}

export type NavAction =
  | { type: 'goTo'; state: WidgetState; params?: Params; errors?: DisplayError[]; replace?: boolean }
  | { type: 'back' }
  /** The signed-in gate (app/screen-outlet.tsx): login in place of the current state, which is kept in returnTo. */
  | { type: 'requireSignIn' }
  /** Signed in: back to returnTo (nothing when no one waits). */
  | { type: 'resume'; quiet?: boolean };

export function initialNav(state: WidgetState, params: Params = {}): NavState {
  return { current: { state, params }, history: [] };
}

/** Errors belong to the arrival: an entry left for another keeps none, so going back shows none. */
const withoutErrors = ({ state, params }: NavEntry): NavEntry => ({ state, params });

/** The login the gate shows keeps nothing of the state it stands in for but the way back. */
const LOGIN: WidgetState = 'login';

export function navReducer(nav: NavState, action: NavAction): NavState {
  switch (action.type) {
    case 'goTo': {
      const next: NavEntry = { state: action.state, params: action.params ?? {}, ...(action.errors?.length ? { errors: action.errors } : {}) };
      // A screen that sends the person to log in starts a sign-in of its own: what the gate kept no longer applies.
      const rest = action.state === LOGIN ? withoutReturn(nav) : nav;
      if (action.replace) return { ...rest, current: next };
      return { ...rest, current: next, history: [...nav.history, withoutErrors(nav.current)].slice(-20) };
    }
    case 'back': {
      const previous = nav.history[nav.history.length - 1];
      if (!previous) return nav;
      return { ...nav, current: previous, history: nav.history.slice(0, -1) };
    }
    case 'requireSignIn': {
      if (nav.current.state === LOGIN) return nav;
      // On the widget's first screen (a popup opening, a page loading, a persona picked on the page) the gate is no move: focus stays put.
      const quiet = nav.history.length === 0;
      return { ...nav, current: { state: LOGIN, params: {}, ...(quiet ? { quiet: true as const } : {}) }, returnTo: withoutQuiet(nav.current) };
    }
    case 'resume': {
      if (!nav.returnTo) return nav;
      const back = { ...withoutQuiet(nav.returnTo), ...(action.quiet ? { quiet: true as const } : {}) };
      return { ...withoutReturn(nav), current: back };
    }
  }
}

function withoutReturn(nav: NavState): NavState {
  if (!nav.returnTo) return nav;
  const { returnTo: _dropped, ...rest } = nav;
  return rest;
}

function withoutQuiet(entry: NavEntry): NavEntry {
  const { quiet: _quiet, ...rest } = entry;
  return rest;
}
