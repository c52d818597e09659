import { STATIC_SETTINGS_PATH, type InitSettings } from '@portico/core';
import type { Runtime } from '../shared/runtime-types.ts';
import { FALLBACK_SETTINGS } from './fallback-settings.ts';
import { applyTranslationOverrides, getI18n } from './i18n.ts';
import { apiClientFor } from '../api/runtime-client.ts';
import { createApiClient } from '../api/http.ts';
import type { ApiClient } from '../api/http.ts';
import type { ApiAnswer } from '../api/transport.ts';
import { asProblem } from '../api/api-problem.ts';
import type { ApiProblem } from '../api/api-problem.ts';

type DemoModule = typeof import('../demo/index.ts');
let demoModule: DemoModule | null = null;

/** The demo chunk once loaded (demo mode only). */
export function getDemoModule(): DemoModule | null {
  return demoModule;
}

const problems = new WeakMap<Runtime, ApiProblem>();
const loaded = new WeakMap<Runtime, InitSettings>();

/** The settings once they have arrived (null before): the first render can use them without a round of its own. */
export function settingsNow(runtime: Runtime): InitSettings | null {
  return loaded.get(runtime) ?? null;
}

/** Why the settings could not be loaded (the screens then run on the fallback settings), or null. */
export function settingsProblem(runtime: Runtime): ApiProblem | null {
  return problems.get(runtime) ?? null;
}

/**
 * Loads the startup settings once per page: GET {server}/api/v1/widgets/auth/init
 * through the API client (in demo mode its transport answers with the bundled demo
 * settings, no server call at all). Init failures with 403 or 404 are silent; others
 * log 'Could not initialize auth embed'.
 */
export function ensureSettings(runtime: Runtime): Promise<InitSettings> {
  runtime.settings ??= load(runtime).then((settings) => {
    applyTranslationOverrides(getI18n(), settings.TranslationOverrides);
    loaded.set(runtime, settings);
    runtime.events.emit('auth.initialized', { demo: runtime.config.demo });
    return settings;
  });
  return runtime.settings;
}

// The init route declares no answer schema (it is served as cached JSON text), so its
// answer is read as the core InitSettings shape, filled from the fallback where absent.
const withFallback = (answer: unknown): InitSettings => ({ ...FALLBACK_SETTINGS, ...(answer as Partial<InitSettings>) });

/** The answer, or an AbortError when the caller gives up first (the client's timeout). */
function untilAborted(answer: Promise<ApiAnswer>, signal: AbortSignal): Promise<ApiAnswer> {
  return new Promise((resolve, reject) => {
    const abort = () => reject(new DOMException('The settings call was given up', 'AbortError'));
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

/**
 * The page's API client, except that the call the loader already started (runtime.settingsPrefetch,
 * loader/settings-prefetch.ts) answers the first request for its path: the settings then arrive
 * while chunks/app.js downloads, and the answer goes through the same client (status → problem,
 * timeout) as any other. Taken once; without a prefetch (demo mode, an older loader) the call is made here.
 */
function settingsClient(runtime: Runtime): ApiClient {
  const page = apiClientFor(runtime);
  const prefetch = runtime.settingsPrefetch;
  if (!prefetch) return page;
  runtime.settingsPrefetch = null;
  let taken = false;
  const prefetched = createApiClient({ transport: (call) => untilAborted(prefetch.answer, call.signal) });
  const request = (method: string, path: string, ...options: unknown[]) => {
    if (taken || method !== 'get' || path !== prefetch.path) return (page.request as (...args: unknown[]) => Promise<unknown>)(method, path, ...options);
    taken = true;
    return (prefetched.request as (...args: unknown[]) => Promise<unknown>)(method, path, ...options);
  };
  return { request: request as ApiClient['request'] };
}

async function load(runtime: Runtime): Promise<InitSettings> {
  const api = settingsClient(runtime);
  if (runtime.config.demo) demoModule = await import('../demo/index.ts');
  else if (runtime.config.settingsCacheSeconds > 0) {
    // The static copy is cacheable by the browser and any CDN in front of the server.
    try {
      return withFallback(await api.request('get', STATIC_SETTINGS_PATH));
    } catch {
      // Fall through to the init call.
    }
  }
  try {
    return withFallback(await api.request('get', '/api/v1/widgets/auth/init'));
  } catch (err) {
    const problem = asProblem(err);
    problems.set(runtime, problem);
    if (problem.status !== 403 && problem.status !== 404) console.error('Could not initialize auth embed', problem.status || problem.kind);
    return FALLBACK_SETTINGS;
  }
}
