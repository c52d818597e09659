import { CONSOLE_TOKEN_AUDIENCE } from '@portico/core/operators/operator-rules';
import { decodeJwtPayload } from '../auth/jwt.ts';

/** sessionStorage key of the console's token: a reload keeps the operator signed in, a closed tab does not. */
export const CONSOLE_TOKEN_KEY = 'portico.console.token';
/** A new token is asked for this long before the current one expires. */
export const REISSUE_BEFORE_MS = 60_000;

export interface ConsoleToken {
  get(): string | null;
  set(token: string | null): void;
  subscribe(fn: () => void): () => void;
}

/**
 * The operator's console token: in memory, copied to sessionStorage (never localStorage: an operator's
 * token should not outlive the tab). Not the widget's token store (auth/token-store.ts), which serves
 * members' tokens on any host page, is shared by every widget of it and persists to localStorage.
 */
export function consoleToken(storage: Storage | null): ConsoleToken {
  let token: string | null = null;
  try {
    token = storage?.getItem(CONSOLE_TOKEN_KEY) ?? null;
  } catch {
    token = null;
  }
  const subs = new Set<() => void>();
  return {
    get: () => token,
    set(next) {
      token = next || null;
      try {
        if (token) storage?.setItem(CONSOLE_TOKEN_KEY, token);
        else storage?.removeItem(CONSOLE_TOKEN_KEY);
      } catch {
        /* storage blocked: the in-memory token still works for this page */
      }
      for (const fn of [...subs]) fn();
    },
    subscribe(fn) {
      subs.add(fn);
      return () => subs.delete(fn);
    },
  };
}

/** Milliseconds until the token should be reissued (0: now); null when it has no expiry or is already expired. */
export function reissueDelay(token: string | null, nowMs: number): number | null {
  const exp = decodeJwtPayload(token)?.exp;
  if (typeof exp !== 'number') return null;
  const left = exp * 1000 - nowMs;
  if (left <= 0) return null;
  return Math.max(0, left - REISSUE_BEFORE_MS);
}

/** The operator the token names (its claims; the server checked them when it issued it). */
export interface ConsoleOperator { uid: string; name: string; initials: string; role: 'agent' | 'admin' }
export function operatorOf(token: string | null): ConsoleOperator | null {
  const c = decodeJwtPayload(token);
  // A member's token (audience portico) is not the console's: the server refuses it, and so does the UI.
  if (!c || typeof c.sub !== 'string' || c.aud !== CONSOLE_TOKEN_AUDIENCE) return null;
  return { uid: c.sub, name: String(c.name ?? ''), initials: String(c.initials ?? ''), role: c.role === 'admin' ? 'admin' : 'agent' };
}
