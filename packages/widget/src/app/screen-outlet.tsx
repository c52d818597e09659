import { Suspense, lazy, useEffect, useRef } from 'react';
import type { RefObject } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
import { INTERNAL_SCREENS, STATE_TABLE } from '../states.ts';
import type { ScreenProps } from '../states.ts';
import type { WidgetState } from '../navigation/navigator.ts';
import { useWidget } from './context.ts';
import { Spinner } from '../components/spinner.tsx';
import { requestHeadingFocus } from '../components/heading-focus.ts';

// Params were parsed for this very state (flow/state-params.ts), so every screen gets its own params type.
type AnyScreen = ComponentType<ScreenProps>;
const cache = new Map<WidgetState, LazyExoticComponent<AnyScreen>>();

const loaderOf = (state: WidgetState) => (state === '__controls' ? INTERNAL_SCREENS.__controls : STATE_TABLE[state].load);

/**
 * Starts fetching a screen's chunk before it is rendered: the first screen's chunk then loads while
 * the startup settings are on their way, not after them (the browser keeps the module; the lazy
 * screen gets the same one). A failure is left to the screen's own load to report.
 */
export function preloadScreen(state: WidgetState): void {
  loaderOf(state)().catch(() => undefined);
}

function screenFor(state: WidgetState): LazyExoticComponent<AnyScreen> {
  let screen = cache.get(state);
  if (!screen) {
    screen = lazy(loaderOf(state) as () => Promise<{ default: AnyScreen }>);
    cache.set(state, screen);
  }
  return screen;
}

/**
 * After a move to another screen, focus goes to the new screen's heading, so keyboard and
 * screen-reader users start at the top of what changed. The first screen takes no focus: opening a
 * popup or loading a page is not a move. The heading may arrive later (a lazy chunk): it then takes
 * the focus itself when it mounts (ScreenHeading).
 */
function useFocusHeadingOnMove(entry: object, headingId: string, anchor: RefObject<HTMLDivElement | null>) {
  const first = useRef(entry);
  useEffect(() => {
    if (entry === first.current) return;
    const root = anchor.current?.getRootNode() as ShadowRoot | Document | undefined;
    const heading = root?.getElementById(headingId);
    // A screen still loading leaves the previous one in place, hidden (Suspense): its heading is not the new one.
    if (heading && heading.getClientRects().length > 0) heading.focus();
    else requestHeadingFocus(headingId);
  }, [entry, headingId, anchor]);
}

/** Renders the current state's screen, loading its chunk on first use. */
export function ScreenOutlet() {
  const { nav, headingId } = useWidget();
  const { state, params } = nav.current;
  const Screen = screenFor(state);
  const anchor = useRef<HTMLDivElement>(null);
  useFocusHeadingOnMove(nav.current, headingId, anchor);
  return (
    <div ref={anchor} className="p-screen">
      <Suspense fallback={<Spinner />}>
        <Screen key={state} state={state} params={params} />
      </Suspense>
    </div>
  );
}
