import { Suspense, lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
import { INTERNAL_SCREENS, STATE_TABLE } from '../states.ts';
import type { ScreenProps } from '../states.ts';
import type { WidgetState } from '../navigation/navigator.ts';
import { useWidget } from './context.ts';
import { Spinner } from '../components/spinner.tsx';

// Params were parsed for this very state (flow/state-params.ts), so every screen gets its own params type.
type AnyScreen = ComponentType<ScreenProps>;
const cache = new Map<WidgetState, LazyExoticComponent<AnyScreen>>();

function screenFor(state: WidgetState): LazyExoticComponent<AnyScreen> {
  let screen = cache.get(state);
  if (!screen) {
    const load = state === '__controls' ? INTERNAL_SCREENS.__controls : STATE_TABLE[state].load;
    screen = lazy(load as () => Promise<{ default: AnyScreen }>);
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
