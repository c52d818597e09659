import type { Translator as I18n } from './translator.ts';

const done = new WeakMap<I18n, Set<string>>();

/**
 * Adds the strings of a lazily loaded chunk under `key.*` (deep merge without
 * overwriting, so TranslationOverrides applied at init keep priority). Once per
 * instance and key; keeps them out of the first screen's JavaScript.
 */
export function registerLazyStrings(i18n: I18n, key: string, strings: Record<string, unknown>): void {
  const keys = done.get(i18n) ?? new Set<string>();
  done.set(i18n, keys);
  if (keys.has(key)) return;
  keys.add(key);
  i18n.addResourceBundle('en', 'translation', { [key]: strings }, true, false);
}
