import { describe, expect, it } from 'vitest';
import { FLOW_DRAFT_MAX_AGE_MS, createFlowDraftStore, flowDraftKey, parseFlowDraft } from './flow-draft.ts';

/** The Web Storage interface over a Map: what sessionStorage is in a browser. */
class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  writes = 0;
  get length() { return this.items.size; }
  clear() { this.items.clear(); }
  getItem(key: string) { return this.items.get(key) ?? null; }
  key(i: number) { return [...this.items.keys()][i] ?? null; }
  removeItem(key: string) { this.items.delete(key); }
  setItem(key: string, value: string) { this.writes++; this.items.set(key, String(value)); }
}

const key = flowDraftKey('https://portico.example.com');

describe('the flow draft', () => {
  it('writes nothing until a flow starts, then survives a reload (a new store on the same storage)', () => {
    const storage = new MemoryStorage();
    const store = createFlowDraftStore(storage, key);
    expect(store.get()).toBeNull();
    expect(storage.length).toBe(0);

    store.update((d) => ({ ...d, planUid: 'plan_pro', term: 'Yearly', addOns: [{ uid: 'addon_print', quantity: 1 }], coupon: { code: 'WELCOME10', planUids: [] }, source: 'selectPlan' }));
    store.update((d) => ({ ...d, fields: { ...d.fields, 'Person.Email': 'ana@example.com', 'Person.Password': 'hunter2!' } }));
    expect(store.get()?.fields['Person.Password']).toBe('hunter2!');

    const afterReload = createFlowDraftStore(storage, key).get();
    expect(afterReload).toMatchObject({
      planUid: 'plan_pro', term: 'Yearly', addOns: [{ uid: 'addon_print', quantity: 1 }], coupon: { code: 'WELCOME10', planUids: [] }, source: 'selectPlan',
      fields: { 'Person.Email': 'ana@example.com' },
    });
    // Secrets stay in memory: never in storage.
    expect(afterReload?.fields['Person.Password']).toBeUndefined();
    expect(storage.getItem(key)).not.toContain('hunter2');
  });

  it('is scoped to one server and cleared after success', () => {
    const storage = new MemoryStorage();
    const store = createFlowDraftStore(storage, key);
    store.update((d) => ({ ...d, planUid: 'plan_pro' }));
    expect(createFlowDraftStore(storage, flowDraftKey('https://other.example.com')).get()).toBeNull();
    let notified = 0;
    store.subscribe(() => notified++);
    store.clear();
    expect(store.get()).toBeNull();
    expect(storage.getItem(key)).toBeNull();
    expect(notified).toBe(1);
    expect(createFlowDraftStore(storage, key).get()).toBeNull();
  });

  it('without storage (demo mode, blocked storage) it lives in memory; a throwing storage does not break it', () => {
    const memoryOnly = createFlowDraftStore(null, key);
    expect(memoryOnly.update((d) => ({ ...d, planUid: 'plan_team' })).planUid).toBe('plan_team');
    const broken = { getItem: () => { throw new Error('SecurityError'); }, setItem: () => { throw new Error('QuotaExceeded'); }, removeItem: () => undefined } as unknown as Storage;
    const store = createFlowDraftStore(broken, key);
    expect(store.update((d) => ({ ...d, planUid: 'plan_team' })).planUid).toBe('plan_team');
  });

  it('restores only what it can read: bad values are dropped, an old draft is forgotten', () => {
    const now = 1_700_000_000_000;
    const text = JSON.stringify({ planUid: 7, term: 'Weekly', quantity: -3, addOns: [{ uid: 'a', quantity: 2 }, { quantity: 1 }, 'x'], coupon: { code: 'C', planUids: ['p', 3] }, fields: [], source: 'nowhere', savedAt: now - 1000 });
    expect(parseFlowDraft(text, now)).toEqual({ planUid: null, term: 'Monthly', quantity: 0, addOns: [{ uid: 'a', quantity: 2 }], coupon: { code: 'C', planUids: ['p'] }, fields: {}, source: null, savedAt: now - 1000 });
    expect(parseFlowDraft(JSON.stringify({ savedAt: now - FLOW_DRAFT_MAX_AGE_MS - 1 }), now)).toBeNull();
    expect(parseFlowDraft('{not json', now)).toBeNull();
    expect(parseFlowDraft(null, now)).toBeNull();
  });
});
