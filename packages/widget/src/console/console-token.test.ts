import { describe, expect, it } from 'vitest';
import { CONSOLE_TOKEN_KEY, consoleToken, operatorOf, REISSUE_BEFORE_MS, reissueDelay } from './console-token.ts';

const jwt = (claims: Record<string, unknown>) => `h.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.s`;

class MemoryStorage {
  items = new Map<string, string>();
  getItem(k: string) { return this.items.get(k) ?? null; }
  setItem(k: string, v: string) { this.items.set(k, v); }
  removeItem(k: string) { this.items.delete(k); }
}

describe('the console token', () => {
  it('is kept in memory and sessionStorage, read back after a reload, forgotten on logout; subscribers hear each change', () => {
    const storage = new MemoryStorage();
    const store = consoleToken(storage as unknown as Storage);
    let heard = 0;
    store.subscribe(() => { heard += 1; });
    store.set('abc');
    expect(storage.getItem(CONSOLE_TOKEN_KEY)).toBe('abc');
    expect(consoleToken(storage as unknown as Storage).get()).toBe('abc');
    store.set(null);
    expect(storage.getItem(CONSOLE_TOKEN_KEY)).toBeNull();
    expect(heard).toBe(2);
  });

  it('is reissued a minute before it expires; an expired or unreadable one is not', () => {
    const now = Date.UTC(2026, 2, 15, 12);
    expect(reissueDelay(jwt({ exp: now / 1000 + 900 }), now)).toBe(900_000 - REISSUE_BEFORE_MS);
    expect(reissueDelay(jwt({ exp: now / 1000 + 30 }), now)).toBe(0);
    expect(reissueDelay(jwt({ exp: now / 1000 - 1 }), now)).toBeNull();
    expect(reissueDelay('not-a-token', now)).toBeNull();
    expect(reissueDelay(null, now)).toBeNull();
  });

  it('names the operator from its claims', () => {
    expect(operatorOf(jwt({ sub: 'op1', aud: 'portico-console', name: 'Ana Lee', initials: 'AL', role: 'admin' }))).toEqual({ uid: 'op1', name: 'Ana Lee', initials: 'AL', role: 'admin' });
    expect(operatorOf(jwt({ sub: 'op2', aud: 'portico-console', name: 'Bo', role: 'owner' }))?.role).toBe('agent');
    // A member's token (audience portico) names no operator.
    expect(operatorOf(jwt({ sub: 'p1', aud: 'portico', name: 'Member' }))).toBeNull();
    expect(operatorOf(null)).toBeNull();
  });
});
