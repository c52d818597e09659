import { createContext, useContext } from 'react';
import type { InitSettings } from '@portico/core';
import type { Runtime, WidgetMode } from '../shared/runtime-types.ts';
import type { NavState, Params, WidgetState } from '../navigation/navigator.ts';
import type { NavigationActions } from '../navigation/actions.ts';

export interface WidgetContextValue {
  runtime: Runtime;
  settings: InitSettings;
  mode: WidgetMode;
  demo: boolean;
  /** id of the current screen's heading: the dialog is labelled by it. */
  headingId: string;
  nav: NavState;
  actions: NavigationActions;
}

export const WidgetContext = createContext<WidgetContextValue | null>(null);

export function useWidget(): WidgetContextValue {
  const value = useContext(WidgetContext);
  if (!value) throw new Error('useWidget outside a Portico widget');
  return value;
}

export type { Params, WidgetState };
