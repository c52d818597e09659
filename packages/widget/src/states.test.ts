import { describe, expect, it } from 'vitest';
import { CONTRACT_STATES, STATE_NAMES } from '@portico/core';
import { STATE_TABLE } from './states.ts';
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
});
