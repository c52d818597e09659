import { decodeJwtPayload } from './jwt.ts';
import type { Emitter } from '../shared/events.ts';
import type { TokenApi } from '../shared/runtime-types.ts';
import { visitorIdStorageKey } from '../shared/visitor-id.ts';

/** localStorage key of the persisted access token (docs/widget.md). */
export const ACCESS_TOKEN_STORAGE_KEY = 'portico.accessToken';

/**
 * The access token lives in memory. It is written to localStorage only once
 * the widget has been used (a popup opened, an interaction inside a widget)
 * or the token was set through the API; before that nothing is stored.
 */
export function createTokenStore(events: Emitter, storageSource: StorageSource) {
  const storageOf = lazily(storageSource);
  // Read on first use, not at creation: the first localStorage access of a page costs ~8 ms of the
  // main thread, which the loader pays after it has started the widget's downloads (loader/index.ts).
  let stored: string | null | undefined;
  const current = (): string | null => (stored === undefined ? (stored = read(storageOf())) : stored);
  let used = false;
  const subs = new Set<() => void>();

  function persist(): void {
    const storage = storageOf();
    if (!used || !storage) return;
    const token = current();
    try {
      if (token) storage.setItem(ACCESS_TOKEN_STORAGE_KEY, token);
      else storage.removeItem(ACCESS_TOKEN_STORAGE_KEY);
    } catch {
      /* storage full or blocked: keep the in-memory token */
    }
  }

  const changed = () => {
    for (const fn of [...subs]) fn();
    events.emit('accessToken.set', { accessToken: current() });
  };
  const api: TokenApi & { markUsed(): void; adopt(next: string | null): void } = {
    get: current,
    payload: () => decodeJwtPayload(current()),
    set(next) {
      stored = next || null;
      used = true;
      persist();
      changed();
    },
    /** Another tab signed in, out or got a new token: take what it stored, writing nothing back. */
    adopt(next) {
      if ((next || null) === current()) return;
      stored = next || null;
      changed();
    },
    subscribe(fn) {
      subs.add(fn);
      return () => subs.delete(fn);
    },
    markUsed() {
      if (used) return;
      used = true;
      if (current()) persist();
    },
  };
  return api;
}

/**
 * Other tabs of the same site follow a sign-in, a sign-out or a new token here (the storage event
 * fires only in the tabs that did not make the change).
 */
export function followOtherTabs(store: { adopt(next: string | null): void }, storageSource: StorageSource): void {
  const storageOf = lazily(storageSource);
  window.addEventListener('storage', (event) => {
    const storage = storageOf();
    if (storage && event.storageArea === storage && (event.key === ACCESS_TOKEN_STORAGE_KEY || event.key === null)) store.adopt(read(storage));
  });
}

/**
 * The browser's half of every sign-out (Portico.logout and the widget's Log out buttons), once the
 * server has been told: forget the token (other tabs follow through storage) and the visitor
 * identifier, and tell the page.
 */
export function forgetSignIn(token: TokenApi, events: Emitter, server: string): void {
  token.set(null);
  try {
    window.localStorage.removeItem(visitorIdStorageKey(server));
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

/** Where the token is kept: a Storage, none, or a function that finds it when first needed. */
export type StorageSource = Storage | null | (() => Storage | null);

/** The storage of a source, looked up once, when first asked for. */
export function lazily(source: StorageSource): () => Storage | null {
  if (typeof source !== 'function') return () => source;
  let found: Storage | null | undefined;
  return () => (found === undefined ? (found = source()) : found);
}

/** localStorage, or null where the browser blocks it (sandboxed frames). */
export function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
