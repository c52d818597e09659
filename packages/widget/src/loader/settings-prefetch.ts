import { STATIC_SETTINGS_PATH } from '@portico/core';
import { answerOf } from '../api/transport.ts';
import type { LoaderConfig, SettingsPrefetch } from '../shared/runtime-types.ts';

export const INIT_SETTINGS_PATH = '/api/v1/widgets/auth/init';

/**
 * Starts the settings call the app's first screen waits for (app/settings-loader.ts), at the moment the
 * loader imports chunks/app.js: the answer then arrives while the app chunk downloads, instead of
 * after it has run. The request the app's transport makes (api/transport.ts: `Accept:
 * application/json`, no cookies, the answer read by the same `answerOf`), without the bearer token:
 * the settings are public, and an Authorization header would add a CORS preflight on a host page of
 * another origin. The static file comes first when the page set data-settings-cache, as in the app.
 * Demo mode asks no server: null.
 */
export function prefetchSettings(config: LoaderConfig, fetchImpl: typeof fetch = (...args) => fetch(...args)): SettingsPrefetch | null {
  if (config.demo) return null;
  const path = config.settingsCacheSeconds > 0 ? STATIC_SETTINGS_PATH : INIT_SETTINGS_PATH;
  const answer = fetchImpl(`${config.server}${path}`, { headers: { Accept: 'application/json' }, credentials: 'omit' }).then(answerOf);
  // The app reads a failure when it takes the answer; until then it is not an unhandled rejection.
  answer.catch(() => undefined);
  return { path, answer };
}
