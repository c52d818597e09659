import i18next from 'i18next';
import type { i18n as I18n } from 'i18next';
import { en } from '../i18n/en.ts';

/**
 * One i18next instance for every widget on the page. Only English is
 * bundled; another language would be added as a lazy resource chunk.
 */
let instance: I18n | null = null;

export function getI18n(): I18n {
  if (instance) return instance;
  instance = i18next.createInstance();
  void instance.init({
    resources: { en: { translation: en } },
    lng: 'en',
    fallbackLng: 'en',
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
    initAsync: false,
  });
  return instance;
}

/** InitSettings.TranslationOverrides[lang][key] = text, applied on init. */
export function applyTranslationOverrides(i18n: I18n, overrides: Record<string, Record<string, string>> | undefined): void {
  for (const [lang, entries] of Object.entries(overrides ?? {})) {
    for (const [key, value] of Object.entries(entries ?? {})) {
      if (typeof value === 'string') i18n.addResource(lang, 'translation', key, value);
    }
  }
}
