import { describe, expect, it } from 'vitest';
import { warmUpNumberFormat } from './warm-up.ts';

describe('the number formatting warm-up while the app chunk downloads', () => {
  it('runs once, for the first screen that shows prices, and not for a login or a register before the plan', () => {
    const scheduled: (() => void)[] = [];
    const schedule = (fn: () => void) => scheduled.push(fn);
    warmUpNumberFormat('login', schedule);
    warmUpNumberFormat('register', schedule);
    expect(scheduled).toHaveLength(0);
    warmUpNumberFormat('selectPlan', schedule);
    warmUpNumberFormat('checkout', schedule);
    expect(scheduled).toHaveLength(1);
    expect(() => scheduled[0]!()).not.toThrow();
  });
});
