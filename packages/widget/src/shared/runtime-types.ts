import type { InitSettings, StateName, ThemeSettings } from '@portico/core';
import type { Emitter } from './events.ts';
import type { Store } from './store.ts';
import type { DemoPersonaName } from './personas.ts';
import type { ApiAnswer } from '../api/transport.ts';

export type WidgetMode = 'popup' | 'embed';

/** What the loader reads from its own script tag. */
export interface LoaderConfig {
  /** Origin of the Portico server (script src origin, or data-server). */
  server: string;
  /** Base URL of the loader script; chunks resolve against it. */
  baseUrl: string;
  demo: boolean;
  /** data-settings-cache (seconds): when above 0 the static settings file is tried before the init call. */
  settingsCacheSeconds: number;
}

export interface TokenApi {
  get(): string | null;
  set(token: string | null): void;
  payload(): Record<string, unknown> | null;
  subscribe(fn: () => void): () => void;
}

/**
 * The one object shared by the loader (classic script) and the app chunk
 * (ES module). The loader owns it; the app reads and writes through it.
 */
export interface Runtime {
  config: LoaderConfig;
  events: Emitter;
  token: TokenApi;
  /** Partial overrides set by Portico.setTheme, layered over settings.Theme. */
  themeOverrides: Store<Partial<ThemeSettings>>;
  persona: Store<DemoPersonaName>;
  /** Filled by the app on first mount; shared by every mounted widget. */
  settings: Promise<InitSettings> | null;
  /**
   * The first settings call, started by the loader beside the app chunk's import (loader/settings-prefetch.ts)
   * so it does not wait for the app to run; the app reads its answer instead of asking again
   * (app/settings-loader.ts). Absent in demo mode, and from a loader older than this field.
   */
  settingsPrefetch?: SettingsPrefetch | null;
  /** Marks the widget as used: from then on the token is persisted. */
  markUsed(): void;
}

/** A GET the loader started: the API path it asked for and the answer (rejects only when none came). */
export interface SettingsPrefetch {
  path: string;
  answer: Promise<ApiAnswer>;
}

export interface MountOptions {
  state: StateName | '__controls';
  mode: WidgetMode;
  /** Element focused before a popup opened; focus returns to it on close. */
  returnFocusTo?: HTMLElement | null;
  onClose?: () => void;
  params?: Record<string, unknown>;
}

export interface MountedWidget {
  navigate(state: StateName, params?: Record<string, unknown>): void;
  unmount(): void;
}

/** The module interface of dist/chunks/app.js. */
export interface AppModule {
  mount(host: HTMLElement, runtime: Runtime, options: MountOptions): MountedWidget;
}
