import { createContext, createElement, useContext, useEffect, useReducer } from 'react';
import type { ReactNode } from 'react';
import type { TFunction, Translator } from './translator.ts';

/**
 * The widget's React binding for its translator (translator.ts): components call useTranslation()
 * and re-render when strings are added (a lazy chunk's strings, the translation overrides).
 */
const I18nContext = createContext<Translator | null>(null);

export function I18nProvider({ i18n, children }: { i18n: Translator; children: ReactNode }) {
  return createElement(I18nContext.Provider, { value: i18n }, children);
}

export function useTranslation(): { t: TFunction; i18n: Translator } {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('useTranslation outside I18nProvider');
  const [, bump] = useReducer((n: number) => n + 1, 0);
  useEffect(() => i18n.subscribe(bump), [i18n]);
  return { t: i18n.t, i18n };
}
