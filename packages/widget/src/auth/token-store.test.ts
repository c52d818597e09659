import { describe, expect, it } from 'vitest';
import { createEmitter } from '../shared/events.ts';
import { ACCESS_TOKEN_STORAGE_KEY, createTokenStore, forgetSignIn } from './token-store.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  const writes: string[] = [];
  const storage = {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => { writes.push(`set ${k}`); data.set(k, v); },
    removeItem: (k: string) => { writes.push(`remove ${k}`); data.delete(k); },
  } as unknown as Storage;
  return { storage, data, writes };
}

describe('token store', () => {
  it('restores a stored token without writing anything', () => {
    const mem = memoryStorage({ [ACCESS_TOKEN_STORAGE_KEY]: 'a.b.c' });
    const store = createTokenStore(createEmitter(), mem.storage);
    expect(store.get()).toBe('a.b.c');
    expect(mem.writes).toEqual([]);
  });

  it('opens the storage only when the token is first asked for (the page pays for it after the downloads start)', () => {
    const mem = memoryStorage({ [ACCESS_TOKEN_STORAGE_KEY]: 'a.b.c' });
    let opened = 0;
    const store = createTokenStore(createEmitter(), () => {
      opened += 1;
      return mem.storage;
    });
    expect(opened).toBe(0);
    expect(store.get()).toBe('a.b.c');
    expect(store.get()).toBe('a.b.c');
    expect(opened).toBe(1);
  });

  it('writes only once the widget is used', () => {
    const mem = memoryStorage({ [ACCESS_TOKEN_STORAGE_KEY]: 'old' });
    const store = createTokenStore(createEmitter(), mem.storage);
    store.markUsed();
    expect(mem.writes).toEqual([`set ${ACCESS_TOKEN_STORAGE_KEY}`]);
  });

  it('persists on set, removes on clear, and emits accessToken.set', () => {
    const mem = memoryStorage();
    const events = createEmitter();
    const seen: unknown[] = [];
    events.on('accessToken.set', (d) => seen.push(d));
    const store = createTokenStore(events, mem.storage);
    expect(mem.writes).toEqual([]);
    store.set('x.eyJzdWIiOiIxIn0.y');
    expect(mem.data.get(ACCESS_TOKEN_STORAGE_KEY)).toBe('x.eyJzdWIiOiIxIn0.y');
    expect(store.payload()).toEqual({ sub: '1' });
    store.set(null);
    expect(mem.data.has(ACCESS_TOKEN_STORAGE_KEY)).toBe(false);
    expect(seen).toEqual([{ accessToken: 'x.eyJzdWIiOiIxIn0.y' }, { accessToken: null }]);
  });

  it("takes another tab's change without writing it back, and only when it differs", () => {
    const mem = memoryStorage({ [ACCESS_TOKEN_STORAGE_KEY]: 'a.b.c' });
    const events = createEmitter();
    const seen: unknown[] = [];
    events.on('accessToken.set', (d) => seen.push(d));
    const store = createTokenStore(events, mem.storage);
    store.markUsed();
    mem.writes.length = 0;
    store.adopt('a.b.c');
    store.adopt(null);
    expect(store.get()).toBeNull();
    expect(mem.writes).toEqual([]);
    expect(seen).toEqual([{ accessToken: null }]);
  });

  it('a sign-out forgets the token (storage included) and tells the page with logout', () => {
    const mem = memoryStorage();
    const events = createEmitter();
    const seen: string[] = [];
    events.on('accessToken.set', () => seen.push('accessToken.set'));
    events.on('logout', () => seen.push('logout'));
    const store = createTokenStore(events, mem.storage);
    store.set('a.b.c');
    forgetSignIn(store, events, 'https://portico.example');
    expect(store.get()).toBeNull();
    expect(mem.data.has(ACCESS_TOKEN_STORAGE_KEY)).toBe(false);
    expect(seen).toEqual(['accessToken.set', 'accessToken.set', 'logout']);
  });

  it('keeps working in memory without storage', () => {
    const store = createTokenStore(createEmitter(), null);
    store.set('t');
    expect(store.get()).toBe('t');
  });
});
