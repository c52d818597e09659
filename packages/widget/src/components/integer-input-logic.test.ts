import { describe, expect, it } from 'vitest';
import { canStep, normalizeInteger, stepInteger } from './integer-input-logic.ts';

describe('normalizeInteger', () => {
  it('turns non-numeric input into the minimum', () => {
    expect(normalizeInteger('abc', 3)).toBe(3);
    expect(normalizeInteger('', 1)).toBe(1);
    expect(normalizeInteger('2.5', 1)).toBe(1);
    expect(normalizeInteger('1e3', 1)).toBe(1);
  });
  it('raises values below the minimum to the minimum', () => {
    expect(normalizeInteger('0', 3)).toBe(3);
    expect(normalizeInteger('-4', 0)).toBe(0);
  });
  it('keeps valid values and caps at the maximum', () => {
    expect(normalizeInteger(' 7 ', 3, 10)).toBe(7);
    expect(normalizeInteger('12', 3, 10)).toBe(10);
    expect(normalizeInteger('12', 3, null)).toBe(12);
  });
});

describe('stepInteger / canStep', () => {
  it('respects min and max', () => {
    expect(stepInteger(3, -1, 3, 10)).toBe(3);
    expect(stepInteger(10, 1, 3, 10)).toBe(10);
    expect(stepInteger(5, 1, 3, 10)).toBe(6);
    expect(canStep(3, -1, 3, 10)).toBe(false);
    expect(canStep(10, 1, 3, 10)).toBe(false);
    expect(canStep(10, 1, 3)).toBe(true);
  });
});
