import { describe, expect, it } from 'vitest';
import { displayName, fullName } from './display-name.ts';

describe('displayName: the full name, else the email', () => {
  it('joins first and last name with one space', () => {
    expect(displayName('Ada', 'Lovelace', 'ada@example.com')).toBe('Ada Lovelace');
  });
  it('uses the one part there is', () => {
    expect(displayName('Ada', null, 'ada@example.com')).toBe('Ada');
    expect(displayName(undefined, 'Hopper', 'g@example.com')).toBe('Hopper');
  });
  it('falls back to the email when there is no name, blank parts counting as none', () => {
    expect(displayName(null, null, 'o@example.com')).toBe('o@example.com');
    expect(displayName(' ', '\t', 'o@example.com')).toBe('o@example.com');
    expect(displayName('', undefined, 'o@example.com')).toBe('o@example.com');
  });
  it('trims each part, so no leading, trailing or double space is shown', () => {
    expect(displayName('  Ada ', ' Lovelace  ', 'ada@example.com')).toBe('Ada Lovelace');
    expect(displayName(' ', ' Hopper ', 'g@example.com')).toBe('Hopper');
    expect(displayName(null, null, ' o@example.com ')).toBe('o@example.com');
  });
  it('is empty only when nothing is known', () => {
    expect(displayName(null, ' ', null)).toBe('');
    expect(displayName(undefined, undefined, undefined)).toBe('');
  });
});

describe('fullName: the name alone', () => {
  it('is empty when the person gave no name (the caller shows its own word then)', () => {
    expect(fullName(null, null)).toBe('');
    expect(fullName(' ', '')).toBe('');
    expect(fullName(' Grace', 'Hopper ')).toBe('Grace Hopper');
  });
});
