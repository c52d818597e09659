import { Suspense, useCallback, useEffect, useId, useMemo, useReducer, useRef, useState } from 'react';
import type { CSSProperties } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import type { InitSettings } from '@portico/core';
import type { MountOptions, Runtime } from '../shared/runtime-types.ts';
import { initialNav, navReducer } from '../navigation/navigator.ts';
import type { Params, WidgetState } from '../navigation/navigator.ts';
import { createActions } from '../navigation/actions.ts';
import { parseStateParams } from '../flow/state-params.ts';
import { stateFacts } from '../states.ts';
import { mergeTheme, themeVariables } from '../theme/theme-vars.ts';
import { WidgetContext } from './context.ts';
import type { WidgetContextValue } from './context.ts';
import { useStore, useSystemDark } from './hooks.ts';
import { ensureSettings, settingsNow } from './settings-loader.ts';
import { adoptStyles } from './styles/stylesheets.ts';
import { ScreenOutlet } from './screen-outlet.tsx';
import { Notices } from '../components/notices.tsx';
import type { Notice } from '../components/notices.tsx';
import { withNotice } from '../components/notice-list.ts';
import { Spinner } from '../components/spinner.tsx';
import { readyLazy } from '../components/ready-lazy.ts';
import { ApiContext } from '../api/use-api-query.ts';
import type { ApiContextValue } from '../api/use-api-query.ts';
import { apiClientFor } from '../api/runtime-client.ts';
import { createQueryCache } from '../api/query-cache.ts';

export interface WidgetRootProps {
  runtime: Runtime;
  options: MountOptions;
  shadow: ShadowRoot;
  /** Filled with the navigate function so the loader can move an open widget. */
  navigateRef: NavigateRef;
}

/** The loader's way to move a mounted widget; a move asked before the first render waits in `pending`. */
export interface NavigateRef {
  current: ((state: WidgetState, params?: Params) => void) | null;
  pending: { state: WidgetState; params?: Params } | null;
}

const NOTICE_MS = 6000;

// Popup mode only: an embed (most first screens) does not download the dialog and its focus trap. The
// loader preloads this chunk beside chunks/app.js when it opens a popup (loader/screen-preload.ts).
export const popupFrame = readyLazy(() => import('./popup-frame.tsx').then((m) => m.PopupFrame));

export function WidgetRoot({ runtime, options, shadow, navigateRef }: WidgetRootProps) {
  const { t } = useTranslation();
  // Usually here before the first render (the loader asked beside the app chunk; mount() takes the answer).
  const [settings, setSettings] = useState<InitSettings | null>(() => settingsNow(runtime));
  const [nav, dispatch] = useReducer(navReducer, undefined, () => initialNav(options.state, parseStateParams(options.state, options.params)));
  const [notices, setNotices] = useState<Notice[]>([]);
  const headingId = `portico-heading-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const noticeSeq = useRef(0);
  const api = useMemo<ApiContextValue>(() => ({ api: apiClientFor(runtime), cache: createQueryCache() }), [runtime]);

  useEffect(() => {
    let live = true;
    void ensureSettings(runtime).then((s) => live && setSettings(s));
    return () => {
      live = false;
    };
  }, [runtime]);

  useEffect(() => adoptStyles(shadow, settings?.CustomCss ?? ''), [shadow, settings?.CustomCss]);

  useEffect(() => {
    // The host page's params are untyped: each state's reader keeps what it understands.
    navigateRef.current = (state, params) => dispatch({ type: 'goTo', state, params: parseStateParams(state, params) });
    const pending = navigateRef.pending;
    navigateRef.pending = null;
    if (pending) navigateRef.current(pending.state, pending.params);
    return () => {
      navigateRef.current = null;
    };
  }, [navigateRef]);

  const notify = useCallback((message: string) => {
    const id = ++noticeSeq.current;
    setNotices((list) => withNotice(list, { id, message }));
    setTimeout(() => setNotices((list) => list.filter((n) => n.id !== id)), NOTICE_MS);
  }, []);

  const overrides = useStore(runtime.themeOverrides);
  const systemDark = useSystemDark();
  const vars = useMemo(
    () => themeVariables(mergeTheme(settings?.Theme, overrides), systemDark),
    [settings?.Theme, overrides, systemDark],
  );

  const actions = useMemo(
    () =>
      createActions({
        dispatch,
        runtime,
        mode: options.mode,
        notify,
        ...(options.onClose ? { onClose: options.onClose } : {}),
      }),
    [runtime, options.mode, options.onClose, notify],
  );

  const ctx: WidgetContextValue | null = settings
    ? { runtime, settings, mode: options.mode, demo: runtime.config.demo, headingId, nav, actions }
    : null;

  const body = (
    <>
      {runtime.config.demo && <div className="p-demo-badge">{t('demo.badge')}</div>}
      <Notices notices={notices} onDismiss={(id) => setNotices((l) => l.filter((n) => n.id !== id))} />
      {ctx ? (
        <WidgetContext.Provider value={ctx}>
          <ApiContext.Provider value={api}>
            <ScreenOutlet />
          </ApiContext.Provider>
        </WidgetContext.Provider>
      ) : (
        <>
          <h2 id={headingId} className="p-sr-only">
            {t('common.loading')}
          </h2>
          <Spinner />
        </>
      )}
    </>
  );

  const PopupFrame = popupFrame.component();
  return (
    <div className="portico-root" style={vars as CSSProperties} data-state={nav.current.state} data-mode={options.mode}>
      {options.mode === 'popup' ? (
        <Suspense fallback={null}>
          <PopupFrame headingId={headingId} wide={stateFacts(nav.current.state).width === 'wide'} screen={nav.current} onClose={() => actions.close()}>
            {body}
          </PopupFrame>
        </Suspense>
      ) : (
        <section className="p-embed" aria-labelledby={headingId}>
          {body}
        </section>
      )}
    </div>
  );
}
