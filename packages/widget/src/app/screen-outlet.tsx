import { Suspense, useEffect, useLayoutEffect, useRef } from 'react';
import type { RefObject } from 'react';
import type { ComponentType } from 'react';
import { readyLazy, type ReadyLazy } from '../components/ready-lazy.ts';
import { INTERNAL_SCREENS, STATE_TABLE, stateFacts } from '../states.ts';
import type { ScreenProps } from '../states.ts';
import type { NavEntry, WidgetState } from '../navigation/navigator.ts';
import { useWidget } from './context.ts';
import { Spinner } from '../components/spinner.tsx';
import { requestHeadingFocus, screenFocusTarget } from '../components/heading-focus.ts';
import { useSession } from '../session/use-session.ts';

// Params were parsed for this very state (flow/state-params.ts), so every screen gets its own params type.
type AnyScreen = ComponentType<ScreenProps>;

const loaderOf = (state: WidgetState) => (state === '__controls' ? INTERNAL_SCREENS.__controls : STATE_TABLE[state].load);

const screens = new Map<WidgetState, ReadyLazy<ScreenProps>>();

function screenOf(state: WidgetState): ReadyLazy<ScreenProps> {
  let screen = screens.get(state);
  if (!screen) {
    const load = loaderOf(state) as () => Promise<{ default: AnyScreen }>;
    screen = readyLazy(() => load().then((m) => m.default));
    screens.set(state, screen);
  }
  return screen;
}

/** Fetches a screen's chunk once; app/index.tsx waits for the first screen's before rendering. */
export const loadScreen = (state: WidgetState): Promise<AnyScreen> => screenOf(state).load();

/**
 * Starts fetching a screen's chunk before it is rendered: the first screen's chunk then loads while
 * the startup settings are on their way, not after them (the browser keeps the module; the lazy
 * screen gets the same one). A failure is left to the screen's own load to report.
 */
export function preloadScreen(state: WidgetState): void {
  loadScreen(state).catch(() => undefined);
}

/**
 * After a move to another screen, focus goes to the new screen's heading, so keyboard and
 * screen-reader users start at the top of what changed (a confirmation puts it on its safe choice
 * instead, components/confirm-shell.tsx). The first screen takes no focus: opening a
 * popup or loading a page is not a move. The heading may arrive later (a lazy chunk): it then takes
 * the focus itself when it mounts (ScreenHeading).
 */
function useFocusHeadingOnMove(entry: NavEntry, headingId: string, anchor: RefObject<HTMLDivElement | null>) {
  const first = useRef(entry);
  useEffect(() => {
    if (entry === first.current || entry.quiet) return;
    const root = anchor.current?.getRootNode() as ShadowRoot | Document | undefined;
    const heading = root?.getElementById(headingId);
    // A screen still loading leaves the previous one in place, hidden (Suspense): its heading is not the new one.
    if (heading && heading.getClientRects().length > 0) screenFocusTarget(heading).focus();
    else requestHeadingFocus(headingId);
  }, [entry, headingId, anchor]);
}

/** A state that shows one person's data (states.ts `needsSignedIn`) cannot be shown to a signed-out visitor. */
export const mustSignIn = (state: WidgetState, signedIn: boolean): boolean => !signedIn && stateFacts(state).needsSignedIn;

/**
 * Renders the current state's screen, loading its chunk on first use. The signed-in gate lives here
 * and nowhere else: a signed-out visitor asking for a member state (or whose session ended: a 401
 * forgets the token, api/runtime-client.ts) gets login, with the state and its params kept in
 * nav.returnTo; the end of the sign-in goes back there (signin/complete-sign-in.ts). The gate moves
 * before the browser paints, so a member screen never shows, or asks the server, signed out.
 */
export function ScreenOutlet() {
  const { nav, headingId, actions } = useWidget();
  const { signedIn } = useSession();
  const { state, params } = nav.current;
  const gated = mustSignIn(state, signedIn);
  const Screen = screenOf(state).component();
  const anchor = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (gated) actions.requireSignIn();
  }, [gated, actions]);
  useFocusHeadingOnMove(nav.current, headingId, anchor);
  return (
    <div ref={anchor} className="p-screen">
      <Suspense fallback={<Spinner />}>
        {gated ? <Spinner /> : <Screen key={state} state={state} params={params} />}
      </Suspense>
    </div>
  );
}
