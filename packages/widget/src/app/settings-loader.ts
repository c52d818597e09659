import { STATIC_SETTINGS_PATH, type InitSettings } from '@portico/core';
import type { Runtime } from '../shared/runtime-types.ts';
import { FALLBACK_SETTINGS } from './fallback-settings.ts';
import { applyTranslationOverrides, getI18n } from './i18n.ts';
import { apiClientFor } from '../api/runtime-client.ts';
import { asProblem } from '../api/api-problem.ts';
import type { ApiProblem } from '../api/api-problem.ts';

type DemoModule = typeof import('../demo/index.ts');
let demoModule: DemoModule | null = null;

/** The demo chunk once loaded (demo mode only). */
export function getDemoModule(): DemoModule | null {
  return demoModule;
}

const problems = new WeakMap<Runtime, ApiProblem>();

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
    runtime.events.emit('auth.initialized', { demo: runtime.config.demo });
    return settings;
  });
  return runtime.settings;
}

// The init route declares no answer schema (it is served as cached JSON text), so its
// answer is read as the core InitSettings shape, filled from the fallback where absent.
const withFallback = (answer: unknown): InitSettings => ({ ...FALLBACK_SETTINGS, ...(answer as Partial<InitSettings>) });

async function load(runtime: Runtime): Promise<InitSettings> {
  const api = apiClientFor(runtime);
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
