/**
 * The app chunk, dist/chunks/app.js: imported by the loader on first use.
 * mount() renders one widget (popup or embed) into the host's shadow root.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nProvider } from '../i18n/use-translation.ts';
import type { AppModule, MountOptions, MountedWidget, Runtime } from '../shared/runtime-types.ts';
import { getI18n } from './i18n.ts';
import { adoptStyles } from './styles/stylesheets.ts';
import { popupFrame, WidgetRoot, type NavigateRef } from './widget-root.tsx';
import { loadScreen } from './screen-outlet.tsx';
import { ensureSettings } from './settings-loader.ts';

/** Open shadow root: e2e tests and assistive tech can reach inside; host CSS still cannot. */
function shadowFor(host: HTMLElement): ShadowRoot {
  if (host.shadowRoot) return host.shadowRoot;
  try {
    return host.attachShadow({ mode: 'open' });
  } catch {
    // Elements that cannot host a shadow root (e.g. <button>): use a child div.
    const inner = document.createElement('div');
    host.appendChild(inner);
    return inner.attachShadow({ mode: 'open' });
  }
}

export function mount(host: HTMLElement, runtime: Runtime, options: MountOptions): MountedWidget {
  const shadow = shadowFor(host);
  adoptStyles(shadow, '');
  const container = document.createElement('div');
  shadow.appendChild(container);
  const markUsed = () => runtime.markUsed();
  shadow.addEventListener('pointerdown', markUsed, { once: true });
  shadow.addEventListener('keydown', markUsed, { once: true });

  // The first screen's chunk loads beside the startup settings call, not after it (the loader usually
  // started both already); the settings answer is taken now, so it is read before React's first render.
  // The first render waits for the screen's chunk (usually here already): a Suspense spinner shown
  // first would hold the form back for React's 300 ms reveal throttle (a popup waits for its frame too). A failed chunk renders anyway,
  // and the outlet's own load reports it.
  const firstScreen = Promise.all([loadScreen(options.state), options.mode === 'popup' ? popupFrame.load() : null]);
  void ensureSettings(runtime);
  const navigateRef: NavigateRef = { current: null, pending: null };
  const root = createRoot(container);
  let unmounted = false;
  const render = () => {
    if (unmounted) return;
    root.render(
      <StrictMode>
        <I18nProvider i18n={getI18n()}>
          <WidgetRoot runtime={runtime} options={options} shadow={shadow} navigateRef={navigateRef} />
        </I18nProvider>
      </StrictMode>,
    );
  };
  firstScreen.then(render, render);

  return {
    // Before the widget has rendered (it waits for its first screen's chunk) a move is kept and made
    // on its first render: a host page calling Portico.embed on an element the page's own trigger is
    // still mounting must not lose its state and params.
    navigate: (state, params) => {
      if (navigateRef.current) navigateRef.current(state, params);
      else navigateRef.pending = { state, ...(params ? { params } : {}) };
    },
    unmount() {
      unmounted = true;
      root.unmount();
      container.remove();
    },
  };
}

export default { mount } satisfies AppModule;
