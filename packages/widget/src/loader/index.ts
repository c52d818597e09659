/**
 * The loader, dist/portico.js: a classic script with no React. It wires
 * window.Portico and the declarative triggers, and imports the app chunk
 * (dist/chunks/app.js, resolved against this script's URL) on first use.
 */
import { STATE_NAMES, isStateName } from '@portico/core';
import type { StateName, ThemeSettings } from '@portico/core';
import { createEmitter, isPorticoEvent } from '../shared/events.ts';
import type { PorticoListener } from '../shared/events.ts';
import { createStore } from '../shared/store.ts';
import { STATE_AREAS } from '../shared/state-areas.ts';
import { DEMO_PERSONAS, isDemoPersona } from '../shared/personas.ts';
import type { DemoPersonaName } from '../shared/personas.ts';
import type { AppModule, MountedWidget, Runtime } from '../shared/runtime-types.ts';
import { ACCESS_TOKEN_STORAGE_KEY, createTokenStore, followOtherTabs, forgetSignIn, lazily, safeLocalStorage } from '../auth/token-store.ts';
import { findLoaderScript, readLoaderConfig } from './script-config.ts';
import { EMBED_ATTRIBUTE, FORM_ATTRIBUTE, PLAN_ATTRIBUTE, watchTriggers } from './triggers.ts';
import { landingFor, landingHost } from './landing.ts';
import { BUILT_SCREEN_CHUNKS, isBuiltIn, POPUP_FRAME, screenPreloader } from './screen-preload.ts';
import { prefetchSettings } from './settings-prefetch.ts';
import { warmUpNumberFormat } from './warm-up.ts';
import { takeAccessToken } from './address-token.ts';
import { watchHostState } from './host-state.ts';
import { startChatAtLoad } from './chat-trigger.ts';

type EmbedTarget = HTMLElement | string;
type WidgetState = StateName | '__controls';

const w = window as unknown as { Portico?: unknown };

function replaceAddress(href: string): void {
  try {
    history.replaceState(history.state, '', href);
  } catch {
    /* an opaque or sandboxed document: its address cannot change */
  }
}

function boot(): void {
  if (w.Portico) return; // loaded twice: keep the first instance
  // The token a finished sign-in put in the address (post-login-url.ts) leaves it first, before any
  // other script can read it or a link copy it; a fragment is never sent as a Referer, and from here
  // on neither is the query.
  const landed = takeAccessToken(location.href);
  if (landed) replaceAddress(landed.cleanHref);
  const config = readLoaderConfig(findLoaderScript(), location.href);
  const events = createEmitter();
  // Looked up when first needed (after the widget's downloads have started, see the end of boot).
  const storage = config.demo ? null : lazily(safeLocalStorage);
  const token = createTokenStore(events, storage);
  // Kept where the widget keeps its session, as a deliberate sign-in (persisted at once).
  if (landed?.token) token.set(landed.token);
  followOtherTabs(token, storage);
  const runtime: Runtime = {
    config,
    events,
    token,
    themeOverrides: createStore<Partial<ThemeSettings>>({}),
    persona: createStore<DemoPersonaName>('teamOwner'),
    settings: null,
    markUsed: () => token.markUsed(),
  };

  let appPromise: Promise<AppModule> | null = null;
  const loadApp = (): Promise<AppModule> => {
    // The startup settings are asked for beside the app chunk's import, not after it has run.
    if (!appPromise) runtime.settingsPrefetch = prefetchSettings(config);
    return (appPromise ??= import(/* @vite-ignore */ new URL('chunks/app.js', config.baseUrl).href) as Promise<AppModule>);
  };
  // The chunks of the screen a widget is about to show download beside chunks/app.js (screen-preload.ts).
  const preloadChunks = screenPreloader(BUILT_SCREEN_CHUNKS, config.baseUrl, findLoaderScript()?.nonce ?? '');
  // ... and the number formatting its prices need is made ready meanwhile (warm-up.ts).
  const preloadScreen = (state: string) => {
    preloadChunks(state);
    warmUpNumberFormat(state);
  };

  let popup: Promise<{ host: HTMLElement; widget: MountedWidget; returnFocusTo: HTMLElement | null }> | null = null;
  const embeds = new Map<HTMLElement, Promise<MountedWidget>>();

  function checkState(state: string): WidgetState {
    if (state === '__controls' || isStateName(state)) return state;
    throw new Error(`[portico] unknown state "${state}". Known states: ${STATE_NAMES.join(', ')}`);
  }

  async function open(stateName: string, options: { params?: Record<string, unknown>; trigger?: HTMLElement | null } = {}) {
    const state = checkState(stateName);
    runtime.markUsed();
    if (popup) {
      const current = await popup;
      if (state !== '__controls') current.widget.navigate(state, options.params);
      return;
    }
    const returnFocusTo = options.trigger ?? (document.activeElement instanceof HTMLElement ? document.activeElement : null);
    popup = loadApp().then((app) => {
      const host = document.createElement('div');
      host.setAttribute('data-portico-popup-host', '');
      document.body.appendChild(host);
      const widget = app.mount(host, runtime, {
        state,
        mode: 'popup',
        onClose: () => void close(),
        ...(options.params ? { params: options.params } : {}),
      });
      return { host, widget, returnFocusTo };
    });
    preloadScreen(POPUP_FRAME);
    preloadScreen(state);
    popup.catch((err: unknown) => {
      popup = null;
      console.error('[portico] could not open the widget', err);
    });
    await popup;
  }

  async function close(): Promise<void> {
    if (!popup) return;
    const pending = popup;
    popup = null; // a second close() while this one awaits is a no-op
    const current = await pending;
    current.widget.unmount();
    current.host.remove();
    events.emit('auth.close');
    if (current.returnFocusTo?.isConnected) current.returnFocusTo.focus();
  }

  async function embed(target: EmbedTarget, stateName: string, params?: Record<string, unknown>) {
    const element = typeof target === 'string' ? document.querySelector<HTMLElement>(target) : target;
    if (!element) throw new Error(`[portico] embed target not found: ${String(target)}`);
    const state = checkState(stateName);
    const existing = embeds.get(element);
    if (existing) {
      const widget = await existing;
      if (state !== '__controls') widget.navigate(state, params);
      return widget;
    }
    const mounted = loadApp().then((app) =>
      app.mount(element, runtime, { state, mode: 'embed', ...(params ? { params } : {}) }),
    );
    preloadScreen(state);
    embeds.set(element, mounted);
    mounted.catch((err: unknown) => {
      embeds.delete(element);
      console.error('[portico] could not embed the widget', err);
    });
    return mounted;
  }

  async function unembed(element: HTMLElement): Promise<void> {
    const mounted = embeds.get(element);
    if (!mounted) return;
    embeds.delete(element);
    (await mounted).unmount();
  }

  /**
   * Signs out everywhere: the server ends the session first (every token of it stops at once, spec 2
   * section 4), so a page that shows signed out is signed out; then this page and other tabs forget
   * it. A server that does not answer within 5 s (or fails) still signs the browser out.
   */
  async function logout(): Promise<void> {
    const bearer = token.get();
    try {
      if (bearer && !config.demo) {
        await fetch(new URL('/api/v1/tokens/logout', config.server), {
          method: 'POST', keepalive: true, headers: { Authorization: `Bearer ${bearer}` }, signal: AbortSignal.timeout(5000),
        });
      }
    } catch {
      /* offline, refused or too slow: the browser signs out all the same */
    }
    forgetSignIn(token, events, config.server);
  }

  const api = {
    version: '0.1.0',
    states: STATE_NAMES,
    stateAreas: STATE_AREAS,
    demoPersonas: DEMO_PERSONAS,
    storageKeys: { accessToken: ACCESS_TOKEN_STORAGE_KEY },
    get config() {
      return { ...config };
    },
    open,
    close,
    embed,
    unembed,
    /** Fetches the app chunk without showing anything. */
    preload: () => loadApp().then(() => undefined),
    on(name: string, fn: PorticoListener) {
      if (!isPorticoEvent(name)) throw new Error(`[portico] unknown event "${name}"`);
      events.on(name, fn);
    },
    off(name: string, fn: PorticoListener) {
      if (isPorticoEvent(name)) events.off(name, fn);
    },
    getAccessToken: () => token.get(),
    setAccessToken: (value: string | null) => token.set(value),
    clearAccessToken: () => token.set(null),
    getJwtPayload: () => token.payload(),
    /** The signed-in person from the token's claims (a copy), or null. */
    getUser() {
      const user = currentUser();
      return user && { ...user, person: { ...user.person } };
    },
    logout,
    setTheme(partial: Partial<ThemeSettings>) {
      runtime.themeOverrides.set({ ...runtime.themeOverrides.get(), ...partial });
    },
    resetTheme: () => runtime.themeOverrides.set({}),
    setDemoPersona(name: string) {
      if (!isDemoPersona(name)) throw new Error(`[portico] unknown demo persona "${name}"`);
      runtime.persona.set(name);
    },
    getDemoPersona: () => runtime.persona.get(),
    /**
     * Opens a lead form (issue 18; docs/lead-forms.md) in the popup, or embedded in `options.target`
     * (an element or a selector): the leadForm state with the form's uid.
     */
    showForm(uid: string, options: { target?: EmbedTarget } = {}) {
      if (typeof uid !== 'string' || uid.trim() === '') throw new Error('[portico] showForm needs the lead form\'s uid');
      return options.target ? embed(options.target, 'leadForm', { formUid: uid }).then(() => undefined) : open('leadForm', { params: { formUid: uid } });
    },
    /** Whether a state has its screen yet: a host page shows an entry point only to one that has (issue 15). */
    isStateBuilt: (name: string) => isBuiltIn(BUILT_SCREEN_CHUNKS, name),
  };
  w.Portico = api;
  // A sign-in that ends on this very page changes only the fragment: no new page load runs the code
  // above, so the fragment is read here, and the popup closes as a navigation would have closed it.
  window.addEventListener('hashchange', () => {
    const again = takeAccessToken(location.href);
    if (!again) return;
    replaceAddress(again.cleanHref);
    if (again.token) token.set(again.token);
    void close();
  });

  // The address's landing (a payment step's return, a mailed link) is read before the embeds start:
  // the embed it belongs to then opens on the landing's state instead of its own.
  const landing = landingFor(location.href);
  if (landing) history.replaceState(history.state, '', landing.cleanHref);
  let landingTarget: HTMLElement | null | undefined;
  const landingTargetNow = (): HTMLElement | null => {
    if (!landing) return null;
    if (landingTarget === undefined) {
      const hosts = [...document.querySelectorAll<HTMLElement>(`[${EMBED_ATTRIBUTE}]`)].map((host) => ({ host, state: host.getAttribute(EMBED_ATTRIBUTE) ?? '' }));
      landingTarget = landingHost(landing, hosts);
    }
    return landingTarget;
  };
  let landingDone = false;
  watchTriggers({
    openPopup: (state, trigger) => {
      const planUid = trigger.getAttribute(PLAN_ATTRIBUTE);
      const formUid = trigger.getAttribute(FORM_ATTRIBUTE);
      const params = { ...(planUid ? { planUid } : {}), ...(formUid ? { formUid } : {}) };
      void open(state, { trigger, ...(planUid || formUid ? { params } : {}) }).catch((e: unknown) => console.error(e));
    },
    embed: (element, state) => {
      const here = !landingDone && landing !== null && element === landingTargetNow();
      if (here) landingDone = true;
      const formUid = element.getAttribute(FORM_ATTRIBUTE);
      void (here ? embed(element, landing.state, landing.params) : embed(element, state, formUid ? { formUid } : undefined)).catch((e: unknown) => console.error(e));
    },
    removed: (element) => void unembed(element),
    // The chat's start at load when the start rule says so (chat-trigger.ts).
    ready: () => startChatAtLoad(runtime),
  });
  // After the embeds have started their downloads: the host-page state reads the token, and the
  // page's first localStorage access (~8 ms) then runs while the chunks are on their way.
  const currentUser = watchHostState({ token, events, logout: () => void logout() });
  if (landing) {
    const land = () => {
      if (landingDone) return;
      landingDone = true;
      const host = landingTargetNow();
      const done = host ? embed(host, landing.state, landing.params) : open(landing.state, { params: landing.params });
      void done.catch((e: unknown) => console.error(e));
    };
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', land, { once: true });
    else land();
  }
  document.dispatchEvent(new CustomEvent('portico:ready'));
}

boot();
