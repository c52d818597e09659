import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { STATIC_SETTINGS_PATH } from '@portico/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTokenStore } from '../auth/token-store.ts';
import { prefetchSettings } from '../loader/settings-prefetch.ts';
import { createEmitter } from '../shared/events.ts';
import { createStore } from '../shared/store.ts';
import type { DemoPersonaName } from '../shared/personas.ts';
import type { LoaderConfig, Runtime } from '../shared/runtime-types.ts';
import { ensureSettings, settingsProblem } from './settings-loader.ts';
import { getI18n } from './i18n.ts';

// A real HTTP server standing in for Portico's two settings routes; it counts what it was asked.
const asked: string[] = [];
let staticStatus = 200;
const server = http.createServer((req, res) => {
  asked.push(req.url ?? '');
  const settings = { RegistrationEnabled: true, TranslationOverrides: { en: { 'common.close': 'Dismiss' } } };
  const status = req.url === STATIC_SETTINGS_PATH ? staticStatus : 200;
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(status === 200 ? JSON.stringify(settings) : '{"Code":"Errors.NotFound"}');
});
let origin = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  asked.length = 0;
  staticStatus = 200;
});

function runtimeFor(over: Partial<LoaderConfig> = {}): Runtime {
  const config: LoaderConfig = { server: origin, baseUrl: `${origin}/`, demo: false, settingsCacheSeconds: 0, ...over };
  const events = createEmitter();
  const token = createTokenStore(events, null);
  return { config, events, token, themeOverrides: createStore({}), persona: createStore<DemoPersonaName>('teamOwner'), settings: null, markUsed: () => undefined };
}

describe('startup settings: the app takes the call the loader started', () => {
  it('uses the prefetched answer and asks the server no second time', async () => {
    const runtime = runtimeFor();
    runtime.settingsPrefetch = prefetchSettings(runtime.config);
    const settings = await ensureSettings(runtime);
    expect(settings.RegistrationEnabled).toBe(true);
    expect(asked).toEqual(['/api/v1/widgets/auth/init']);
    // The answer went through the usual path: translation overrides applied.
    expect(getI18n().t('common.close')).toBe('Dismiss');
    expect(settingsProblem(runtime)).toBeNull();
  });

  it('a prefetched static file that failed falls through to the init call, as without a prefetch', async () => {
    staticStatus = 404;
    const runtime = runtimeFor({ settingsCacheSeconds: 300 });
    runtime.settingsPrefetch = prefetchSettings(runtime.config);
    expect((await ensureSettings(runtime)).RegistrationEnabled).toBe(true);
    expect(asked).toEqual([STATIC_SETTINGS_PATH, '/api/v1/widgets/auth/init']);
  });

  it('from a loader that started nothing (an older one), the app asks itself', async () => {
    const runtime = runtimeFor();
    expect((await ensureSettings(runtime)).RegistrationEnabled).toBe(true);
    expect(asked).toEqual(['/api/v1/widgets/auth/init']);
  });

  it('a prefetch that got no answer (network down) gives the fallback settings and the problem, logged once', async () => {
    const runtime = runtimeFor({ server: 'http://127.0.0.1:9' });
    runtime.settingsPrefetch = prefetchSettings(runtime.config);
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const settings = await ensureSettings(runtime);
    expect(settings.RegistrationEnabled).toBe(false);
    expect(settingsProblem(runtime)?.kind).toBe('network');
    expect(log).toHaveBeenCalledTimes(1);
    log.mockRestore();
  });
});
