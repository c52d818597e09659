import { describe, expect, it } from 'vitest';
import { phoneForDisplay } from './phone-display.ts';

describe('phoneForDisplay (international format)', () => {
  it('spaces an E.164 number the way its country writes it', () => {
    expect(phoneForDisplay('+14155552671')).toBe('+1 415 555 2671');
    expect(phoneForDisplay('+442079460958')).toBe('+44 20 7946 0958');
    expect(phoneForDisplay('+4915123456789')).toBe('+49 1512 3456789');
  });
  it('leaves what it cannot read alone', () => {
    expect(phoneForDisplay('call the front desk')).toBe('call the front desk');
    expect(phoneForDisplay('')).toBe('');
  });
});
