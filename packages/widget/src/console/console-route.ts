import { useSyncExternalStore } from 'react';

/**
 * The console's signed-out screens, in the URL's fragment so Back works and a mailed link can open
 * one: `#/forgot-password`, `#/set-password?token=…` (the invitation's and the reset's link; the token
 * never reaches a server's log, as a fragment is not sent). Anything else is the sign-in.
 */
export type ConsoleRoute = { screen: 'login' } | { screen: 'forgot-password' } | { screen: 'set-password'; token: string | null };

export function parseConsoleRoute(hash: string): ConsoleRoute {
  const [path, query = ''] = hash.replace(/^#/, '').split('?', 2) as [string, string?];
  if (path === '/forgot-password') return { screen: 'forgot-password' };
  if (path === '/set-password') return { screen: 'set-password', token: new URLSearchParams(query).get('token') || null };
  return { screen: 'login' };
}

const subscribe = (fn: () => void) => {
  window.addEventListener('hashchange', fn);
  return () => window.removeEventListener('hashchange', fn);
};

/** The fragment, followed as it changes (links, Back). */
export function useConsoleHash(): string {
  return useSyncExternalStore(subscribe, () => location.hash);
}

/**
 * After a set-password link signed the operator in: the address becomes the console's own (replacing
 * the link's entry, so Back does not return to a used link, and the token leaves the address bar).
 */
export function leaveLinkScreen(): void {
  history.replaceState(history.state, '', `${location.pathname}${location.search}`);
}
