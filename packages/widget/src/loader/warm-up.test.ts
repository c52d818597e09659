import { describe, expect, it } from 'vitest';
import { warmUpNumberFormat } from './warm-up.ts';

describe('the number formatting warm-up while the app chunk downloads', () => {
  it('runs once, for the first screen that shows prices, and not for a login', () => {
    const scheduled: (() => void)[] = [];
    const schedule = (fn: () => void) => scheduled.push(fn);
    warmUpNumberFormat('login', schedule);
    expect(scheduled).toHaveLength(0);
    warmUpNumberFormat('register', schedule);
    warmUpNumberFormat('selectPlan', schedule);
    expect(scheduled).toHaveLength(1);
    expect(() => scheduled[0]!()).not.toThrow();
  });
});
