import { decodeJwtPayload } from './jwt.ts';
import type { Emitter } from '../shared/events.ts';
import type { TokenApi } from '../shared/runtime-types.ts';

/** localStorage key of the persisted access token (docs/widget.md). */
export const ACCESS_TOKEN_STORAGE_KEY = 'portico.accessToken';

/**
 * The access token lives in memory. It is written to localStorage only once
 * the widget has been used (a popup opened, an interaction inside a widget)
 * or the token was set through the API; before that nothing is stored.
 */
export function createTokenStore(events: Emitter, storage: Storage | null) {
  let token: string | null = read(storage);
  let used = false;
  const subs = new Set<() => void>();

  function persist(): void {
    if (!used || !storage) return;
    try {
      if (token) storage.setItem(ACCESS_TOKEN_STORAGE_KEY, token);
      else storage.removeItem(ACCESS_TOKEN_STORAGE_KEY);
    } catch {
      /* storage full or blocked: keep the in-memory token */
    }
  }

  const api: TokenApi & { markUsed(): void } = {
    get: () => token,
    payload: () => decodeJwtPayload(token),
    set(next) {
      token = next || null;
      used = true;
      persist();
      for (const fn of [...subs]) fn();
      events.emit('accessToken.set', { accessToken: token });
    },
    subscribe(fn) {
      subs.add(fn);
      return () => subs.delete(fn);
    },
    markUsed() {
      if (used) return;
      used = true;
      if (token) persist();
    },
  };
  return api;
}

function read(storage: Storage | null): string | null {
  try {
    return storage?.getItem(ACCESS_TOKEN_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

/** localStorage, or null where the browser blocks it (sandboxed frames). */
export function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
