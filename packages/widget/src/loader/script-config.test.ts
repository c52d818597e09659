import { describe, expect, it } from 'vitest';
import { isTruthyAttribute, readLoaderConfig } from './script-config.ts';

function fakeScript(src: string, attrs: Record<string, string>): HTMLScriptElement {
  return { src, getAttribute: (name: string) => attrs[name] ?? null } as unknown as HTMLScriptElement;
}

describe('readLoaderConfig', () => {
  it('takes the server origin and chunk base from the script src', () => {
    const c = readLoaderConfig(fakeScript('https://portico.example.com/static/portico.js', {}), 'https://shop.example.org/pricing');
    expect(c).toEqual({ server: 'https://portico.example.com', baseUrl: 'https://portico.example.com/static/', demo: false, settingsCacheSeconds: 0 });
  });
  it('lets data-server override the origin and data-demo turn demo on', () => {
    const c = readLoaderConfig(fakeScript('https://cdn.example.com/portico.js', { 'data-server': 'https://api.example.com/x', 'data-demo': 'true' }), 'https://a.test/');
    expect(c.server).toBe('https://api.example.com');
    expect(c.baseUrl).toBe('https://cdn.example.com/');
    expect(c.demo).toBe(true);
  });
  it('reads data-settings-cache as whole seconds, ignoring junk', () => {
    const at = (v: string) => readLoaderConfig(fakeScript('https://p.example/portico.js', { 'data-settings-cache': v }), 'https://a.test/').settingsCacheSeconds;
    expect(at('300')).toBe(300);
    expect(at('-5')).toBe(0);
    expect(at('soon')).toBe(0);
  });
  it('reads data-demo values', () => {
    expect(['', 'true', '1', 'yes', 'TRUE'].map(isTruthyAttribute)).toEqual([true, true, true, true, true]);
    expect(['false', '0', 'no'].map(isTruthyAttribute)).toEqual([false, false, false]);
    expect(isTruthyAttribute(null)).toBe(false);
  });
});
