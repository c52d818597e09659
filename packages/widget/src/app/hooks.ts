import { useSyncExternalStore } from 'react';
import type { Store } from '../shared/store.ts';

export function useStore<T>(store: Store<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

const DARK_QUERY = '(prefers-color-scheme: dark)';
function subscribeDark(fn: () => void): () => void {
  const mql = window.matchMedia(DARK_QUERY);
  mql.addEventListener('change', fn);
  return () => mql.removeEventListener('change', fn);
}
const getDark = () => window.matchMedia(DARK_QUERY).matches;

/** Follows prefers-color-scheme live (display mode and field style 'auto'). */
export function useSystemDark(): boolean {
  return useSyncExternalStore(subscribeDark, getDark, () => false);
}
