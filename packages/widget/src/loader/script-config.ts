import type { LoaderConfig } from '../shared/runtime-types.ts';

/** Reads data-server / data-demo from the loader's own script tag. */
export function readLoaderConfig(script: HTMLScriptElement | null, pageUrl: string): LoaderConfig {
  const src = script?.src || new URL('/portico.js', pageUrl).href;
  const scriptUrl = new URL(src, pageUrl);
  const dataServer = script?.getAttribute('data-server')?.trim();
  const server = dataServer ? new URL(dataServer, pageUrl).origin : scriptUrl.origin;
  return {
    server,
    baseUrl: new URL('.', scriptUrl).href,
    demo: isTruthyAttribute(script?.getAttribute('data-demo') ?? null),
    settingsCacheSeconds: Math.max(0, Number.parseInt(script?.getAttribute('data-settings-cache') ?? '0', 10) || 0),
  };
}

export function isTruthyAttribute(value: string | null): boolean {
  if (value === null) return false;
  const v = value.trim().toLowerCase();
  return v === '' || v === 'true' || v === '1' || v === 'yes';
}

/** document.currentScript while the loader runs, else the last portico.js tag. */
export function findLoaderScript(): HTMLScriptElement | null {
  const current = document.currentScript;
  if (current instanceof HTMLScriptElement) return current;
  const all = document.querySelectorAll<HTMLScriptElement>('script[src*="portico.js"]');
  return all[all.length - 1] ?? null;
}
