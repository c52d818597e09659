import type { Notice } from './notices.tsx';

/** At most this many success notices show at once; older ones go first. */
export const MAX_NOTICES = 3;

/**
 * The notices after `added` arrives: the same message never shows twice (two saves in a row say
 * 'Profile updated' once, the newer one kept so it is announced again), and the stack stays short.
 */
export function withNotice(list: readonly Notice[], added: Notice): Notice[] {
  return [...list.filter((n) => n.message !== added.message), added].slice(-MAX_NOTICES);
}
