import { createContext, createElement, useContext, useEffect, useReducer } from 'react';
import type { ReactNode } from 'react';
import type { TFunction, i18n as I18n } from 'i18next';

/**
 * The widget's own 15-line React binding for i18next (instead of
 * react-i18next, ~4 KB gzip saved on the first screen): components call
 * useTranslation() and re-render when the language or resources change.
 */
const I18nContext = createContext<I18n | null>(null);

export function I18nProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return createElement(I18nContext.Provider, { value: i18n }, children);
}

export function useTranslation(): { t: TFunction; i18n: I18n } {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('useTranslation outside I18nProvider');
  const [, bump] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    i18n.on('languageChanged', bump);
    i18n.store.on('added', bump);
    return () => {
      i18n.off('languageChanged', bump);
      i18n.store.off('added', bump);
    };
  }, [i18n]);
  return { t: i18n.t.bind(i18n) as TFunction, i18n };
}
