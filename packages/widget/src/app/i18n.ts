import { en } from '../i18n/en.ts';
import { createTranslator } from '../i18n/translator.ts';
import type { Translator } from '../i18n/translator.ts';

/**
 * One translator for every widget on the page (i18n/translator.ts: i18next's format and answers,
 * without its weight on the first screen). Only English is bundled; another language would be
 * added as a lazy resource chunk.
 */
let instance: Translator | null = null;

export function getI18n(): Translator {
  return (instance ??= createTranslator('en', en));
}

/** InitSettings.TranslationOverrides[lang][key] = text, applied on init. */
export function applyTranslationOverrides(i18n: Translator, overrides: Record<string, Record<string, string>> | undefined): void {
  for (const [lang, entries] of Object.entries(overrides ?? {})) {
    for (const [key, value] of Object.entries(entries ?? {})) {
      if (typeof value === 'string') i18n.addResource(lang, 'translation', key, value);
    }
  }
}
