import { describe, expect, it } from 'vitest';
import { trapTarget } from './focus-trap.ts';

describe('trapTarget (dialog focus trap)', () => {
  const items = ['close', 'input', 'submit'];
  it('wraps forward from the last element and backward from the first', () => {
    expect(trapTarget(items, 'submit', false)).toBe('close');
    expect(trapTarget(items, 'close', true)).toBe('submit');
  });
  it('lets the browser move inside the list', () => {
    expect(trapTarget(items, 'input', false)).toBeNull();
    expect(trapTarget(items, 'input', true)).toBeNull();
  });
  it('pulls focus back in when it is outside', () => {
    expect(trapTarget(items, null, false)).toBe('close');
    expect(trapTarget(items, 'elsewhere', true)).toBe('submit');
    expect(trapTarget([], null, false)).toBeNull();
  });
});
