import { decodeJwtPayload } from './jwt.ts';
import type { Emitter } from '../shared/events.ts';
import type { TokenApi } from '../shared/runtime-types.ts';
import { VISITOR_ID_STORAGE_KEY } from '../shared/visitor-id.ts';

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

  const changed = () => {
    for (const fn of [...subs]) fn();
    events.emit('accessToken.set', { accessToken: token });
  };
  const api: TokenApi & { markUsed(): void; adopt(next: string | null): void } = {
    get: () => token,
    payload: () => decodeJwtPayload(token),
    set(next) {
      token = next || null;
      used = true;
      persist();
      changed();
    },
    /** Another tab signed in, out or got a new token: take what it stored, writing nothing back. */
    adopt(next) {
      if ((next || null) === token) return;
      token = next || null;
      changed();
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

/**
 * Other tabs of the same site follow a sign-in, a sign-out or a new token here (the storage event
 * fires only in the tabs that did not make the change).
 */
export function followOtherTabs(store: { adopt(next: string | null): void }, storage: Storage | null): void {
  if (!storage) return;
  window.addEventListener('storage', (event) => {
    if (event.storageArea === storage && (event.key === ACCESS_TOKEN_STORAGE_KEY || event.key === null)) store.adopt(read(storage));
  });
}

/**
 * The browser's half of every sign-out (Portico.logout and the widget's Log out buttons), once the
 * server has been told: forget the token (other tabs follow through storage) and the visitor
 * identifier, and tell the page.
 */
export function forgetSignIn(token: TokenApi, events: Emitter): void {
  token.set(null);
  try {
    window.localStorage.removeItem(VISITOR_ID_STORAGE_KEY);
  } catch {
    /* storage blocked: nothing stored */
  }
  events.emit('logout');
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
