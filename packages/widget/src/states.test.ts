import { describe, expect, it } from 'vitest';
import { CONTRACT_STATES, STATE_NAMES } from '@portico/core';
import { STATE_TABLE, stateFacts } from './states.ts';
import { STATE_AREAS } from './shared/state-areas.ts';
import { en } from './i18n/en.ts';

describe('state table', () => {
  it('has exactly one row per StateName', () => {
    expect(Object.keys(STATE_TABLE).sort()).toEqual([...STATE_NAMES].sort());
  });

  it('includes every contract state', () => {
    for (const name of CONTRACT_STATES) expect(STATE_TABLE[name]).toBeDefined();
  });

  it('gives every row a lazy screen loader', () => {
    for (const entry of Object.values(STATE_TABLE)) expect(typeof entry.load).toBe('function');
  });

  it('puts every state in exactly one demo-page area', () => {
    const listed = Object.values(STATE_AREAS).flat();
    expect([...listed].sort()).toEqual([...STATE_NAMES].sort());
  });

  it('has an English title for every state', () => {
    for (const name of STATE_NAMES) expect(en.states[name]).toMatch(/\S/);
  });

  it('holds each state\'s facts in its row: a title with an English string, the popup width, sign-in', () => {
    const lookup = (key: string) => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en);
    for (const [name, row] of Object.entries(STATE_TABLE)) {
      expect(lookup(row.title), name).toMatch(/\S/);
      expect(['narrow', 'wide']).toContain(row.width);
    }
    expect(Object.entries(STATE_TABLE).filter(([, r]) => r.width === 'wide').map(([n]) => n).sort()).toEqual(['planChange', 'selectPlan']);
    expect(STATE_TABLE.profileView.needsSignedIn).toBe(true);
    expect(STATE_TABLE.register.needsSignedIn || STATE_TABLE.checkout.needsSignedIn || STATE_TABLE.selectPlan.needsSignedIn).toBe(false);
    expect(stateFacts('__controls').width).toBe('wide');
  });
});
