import { describe, expect, it } from 'vitest';
import { sessionCache } from './session-cache.ts';
import type { StoredSession } from './sessions.repository.ts';

const session = (uid: string, over: Partial<StoredSession> = {}): StoredSession => ({
  uid, personUid: 'p1', accountUid: 'a1', created: new Date(0), lastSeen: new Date(0),
  idleExpires: new Date(1e12), absoluteExpires: new Date(1e12), ended: null, endReason: null, authenticatedAt: new Date(0), userAgent: null, ip: null, ...over,
});

/** A database of one row that counts reads, and a hand-moved wall clock. */
function setup(ttlMs = 10_000) {
  let wall = 0;
  let row: StoredSession | null = session('s1');
  let reads = 0;
  const cache = sessionCache({ ttlMs, quietMs: 60_000, now: () => wall });
  const load = async () => { reads += 1; return row; };
  return {
    cache, load,
    reads: () => reads,
    tick: (ms: number) => { wall += ms; },
    setRow: (r: StoredSession | null) => { row = r; },
  };
}

describe('session cache', () => {
  it('reads a live row once per ttl', async () => {
    const t = setup();
    await t.cache.read('s1', t.load);
    await t.cache.read('s1', t.load);
    t.tick(9_999);
    await t.cache.read('s1', t.load);
    expect(t.reads()).toBe(1);
    t.tick(1);
    await t.cache.read('s1', t.load);
    expect(t.reads()).toBe(2);
  });

  it('a forgotten uid is read from the database at once, and not cached again for the quiet time', async () => {
    const t = setup();
    await t.cache.read('s1', t.load);
    t.setRow(session('s1', { ended: new Date(1), endReason: 'logout' }));
    t.cache.forget(['s1']);
    expect((await t.cache.read('s1', t.load))?.ended).not.toBeNull();
    // Even a live answer (a transaction that rolled back) is not kept while the uid is quiet.
    t.setRow(session('s1'));
    await t.cache.read('s1', t.load);
    await t.cache.read('s1', t.load);
    expect(t.reads()).toBe(4);
    t.tick(60_001);
    await t.cache.read('s1', t.load);
    await t.cache.read('s1', t.load);
    expect(t.reads()).toBe(5);
  });

  it('a read that started before the uid was forgotten does not put the old row back', async () => {
    const t = setup();
    let release!: () => void;
    const slow = () => new Promise<StoredSession>((resolve) => { release = () => resolve(session('s1')); });
    const pending = t.cache.read('s1', slow);
    t.cache.forget(['s1']); // the ending statement ran while the read was in flight
    release();
    expect((await pending)?.ended).toBeNull();
    t.setRow(session('s1', { ended: new Date(1) }));
    expect((await t.cache.read('s1', t.load))?.ended).not.toBeNull();
  });

  it('never caches an ended row or a missing one; ttl 0 caches nothing', async () => {
    const t = setup();
    t.setRow(session('s1', { ended: new Date(1) }));
    await t.cache.read('s1', t.load);
    t.setRow(null);
    await t.cache.read('s1', t.load);
    await t.cache.read('s1', t.load);
    expect(t.reads()).toBe(3);
    const off = setup(0);
    await off.cache.read('s1', off.load);
    await off.cache.read('s1', off.load);
    expect(off.reads()).toBe(2);
    expect(off.cache.size).toBe(0);
  });

  it('update replaces a cached entry (the idle deadline moved) and stays bounded', async () => {
    const t = setup();
    await t.cache.read('s1', t.load);
    t.cache.update(session('s1', { lastSeen: new Date(5) }));
    expect((await t.cache.read('s1', t.load))?.lastSeen).toEqual(new Date(5));
    const small = sessionCache({ ttlMs: 10_000, maxEntries: 10, now: () => 0 });
    for (let i = 0; i < 25; i++) await small.read(`u${i}`, async () => session(`u${i}`));
    expect(small.size).toBeLessThanOrEqual(10);
  });
});
