import { STATIC_SETTINGS_PATH, type InitSettings } from '@portico/core';
import type { Runtime } from '../shared/runtime-types.ts';
import { FALLBACK_SETTINGS } from './fallback-settings.ts';
import { applyTranslationOverrides, getI18n } from './i18n.ts';

type DemoModule = typeof import('../demo/index.ts');
let demoModule: DemoModule | null = null;

/** The demo chunk once loaded (demo mode only). */
export function getDemoModule(): DemoModule | null {
  return demoModule;
}

/**
 * Loads the startup settings once per page: GET {server}/api/v1/widgets/auth/init,
 * or the bundled demo settings in demo mode (no server call at all).
 * Init failures with 403 or 404 are silent; others log 'Could not initialize auth embed'.
 */
export function ensureSettings(runtime: Runtime): Promise<InitSettings> {
  runtime.settings ??= load(runtime).then((settings) => {
    applyTranslationOverrides(getI18n(), settings.TranslationOverrides);
    runtime.events.emit('auth.initialized', { demo: runtime.config.demo });
    return settings;
  });
  return runtime.settings;
}

async function load(runtime: Runtime): Promise<InitSettings> {
  if (runtime.config.demo) {
    demoModule = await import('../demo/index.ts');
    return demoModule.DEMO_SETTINGS;
  }
  if (runtime.config.settingsCacheSeconds > 0) {
    // The static copy is cacheable by the browser and any CDN in front of the server.
    try {
      const res = await fetch(`${runtime.config.server}${STATIC_SETTINGS_PATH}`, { headers: { Accept: 'application/json' }, credentials: 'omit' });
      if (res.ok) return { ...FALLBACK_SETTINGS, ...((await res.json()) as Partial<InitSettings>) };
    } catch {
      // Fall through to the init call.
    }
  }
  try {
    const res = await fetch(`${runtime.config.server}/api/v1/widgets/auth/init`, {
      headers: { Accept: 'application/json' },
      credentials: 'omit',
    });
    if (!res.ok) {
      if (res.status !== 403 && res.status !== 404) console.error('Could not initialize auth embed', res.status);
      return FALLBACK_SETTINGS;
    }
    return { ...FALLBACK_SETTINGS, ...((await res.json()) as Partial<InitSettings>) };
  } catch (err) {
    console.error('Could not initialize auth embed', err);
    return FALLBACK_SETTINGS;
  }
}
