import { STATIC_SETTINGS_PATH } from '@portico/core';
import { describe, expect, it } from 'vitest';
import type { LoaderConfig } from '../shared/runtime-types.ts';
import { INIT_SETTINGS_PATH, prefetchSettings } from './settings-prefetch.ts';

const config = (over: Partial<LoaderConfig> = {}): LoaderConfig => ({ server: 'https://portico.example', baseUrl: 'https://portico.example/', demo: false, settingsCacheSeconds: 0, ...over });

/** A fetch that records what it was asked and answers `body` with `status`. */
function recordingFetch(status: number, body: string) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const fetchImpl = (async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    return new Response(body, { status, headers: { 'content-type': 'application/json', etag: 'W/"1"' } });
  }) as typeof fetch;
  return { calls, fetchImpl };
}

describe('the settings call the loader starts beside the app chunk', () => {
  it('asks the init route as the app would: JSON, no cookies, no bearer token (no CORS preflight)', async () => {
    const { calls, fetchImpl } = recordingFetch(200, '{"PlanFamilies":[]}');
    const prefetch = prefetchSettings(config(), fetchImpl)!;
    expect(prefetch.path).toBe(INIT_SETTINGS_PATH);
    expect(calls).toEqual([{ url: 'https://portico.example/api/v1/widgets/auth/init', init: { headers: { Accept: 'application/json' }, credentials: 'omit' } }]);
    const answer = await prefetch.answer;
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ PlanFamilies: [] });
    expect(answer.header('etag')).toBe('W/"1"');
  });

  it('asks the cacheable static file first when the page set data-settings-cache', () => {
    const { calls, fetchImpl } = recordingFetch(200, '{}');
    expect(prefetchSettings(config({ settingsCacheSeconds: 300 }), fetchImpl)!.path).toBe(STATIC_SETTINGS_PATH);
    expect(calls[0]!.url).toBe(`https://portico.example${STATIC_SETTINGS_PATH}`);
  });

  it('hands over an error answer as it came (the app turns it into its problem), and a body that is not JSON as none', async () => {
    const { fetchImpl } = recordingFetch(503, '<html>proxy error</html>');
    const answer = await prefetchSettings(config(), fetchImpl)!.answer;
    expect(answer.status).toBe(503);
    expect(answer.body).toBeUndefined();
  });

  it('asks nothing in demo mode (the demo transport answers)', () => {
    const { calls, fetchImpl } = recordingFetch(200, '{}');
    expect(prefetchSettings(config({ demo: true }), fetchImpl)).toBeNull();
    expect(calls).toEqual([]);
  });
});
