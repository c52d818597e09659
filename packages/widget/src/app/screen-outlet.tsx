import { Suspense, lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
import { INTERNAL_SCREENS, STATE_TABLE } from '../states.ts';
import type { ScreenProps } from '../states.ts';
import type { WidgetState } from '../navigation/navigator.ts';
import { useWidget } from './context.ts';
import { Spinner } from '../components/spinner.tsx';

const cache = new Map<WidgetState, LazyExoticComponent<ComponentType<ScreenProps>>>();

function screenFor(state: WidgetState): LazyExoticComponent<ComponentType<ScreenProps>> {
  let screen = cache.get(state);
  if (!screen) {
    screen = lazy(state === '__controls' ? INTERNAL_SCREENS.__controls : STATE_TABLE[state].load);
    cache.set(state, screen);
  }
  return screen;
}

/** Renders the current state's screen, loading its chunk on first use. */
export function ScreenOutlet() {
  const { nav } = useWidget();
  const { state, params } = nav.current;
  const Screen = screenFor(state);
  return (
    <Suspense fallback={<Spinner />}>
      <Screen key={state} state={state} params={params} />
    </Suspense>
  );
}
