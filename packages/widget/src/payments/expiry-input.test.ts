import { describe, expect, it } from 'vitest';
import { parseExpiration } from '@portico/core/payments/card-rules';
import { formatExpiryInput } from './expiry-input.ts';

/** Types the characters one by one, as a keyboard would, from an empty field. */
const type = (keys: string, from = '') => [...keys].reduce((shown, key) => formatExpiryInput(shown + key, shown), from);
/** Backspace at the end of the field. */
const backspace = (shown: string) => formatExpiryInput(shown.slice(0, -1), shown);

describe('formatExpiryInput (issue 13 section 2 item 2)', () => {
  it('digits become MM / YY as they are typed', () => {
    expect(type('1')).toBe('1');
    expect(type('12')).toBe('12 / ');
    expect(type('123')).toBe('12 / 3');
    expect(type('1230')).toBe('12 / 30');
    expect(type('0')).toBe('0');
    expect(type('01')).toBe('01 / ');
  });

  it('a first digit that cannot start a month is the month; 1 then 3-9 too', () => {
    expect(type('4')).toBe('04 / ');
    expect(type('428')).toBe('04 / 28');
    expect(type('13')).toBe('01 / 3');
    expect(type('1930')).toBe('01 / 930');
  });

  it('a typed slash, dash or space after the month is kept as the separator', () => {
    expect(type('1/')).toBe('01 / ');
    expect(type('1/30')).toBe('01 / 30');
    expect(type('12/30')).toBe('12 / 30');
    expect(type('12-30')).toBe('12 / 30');
    expect(type('12 30')).toBe('12 / 30');
    expect(type('12 / 30')).toBe('12 / 30');
    expect(type('0/')).toBe('0');
  });

  it('backspace removes the separator, then the month digits', () => {
    let shown = type('12');
    expect(shown).toBe('12 / ');
    shown = backspace(shown);
    expect(shown).toBe('12');
    shown = backspace(shown);
    expect(shown).toBe('1');
    expect(backspace(shown)).toBe('');
    expect(backspace(type('04'))).toBe('04');
  });

  it('backspace over the year keeps the separator until the year is gone', () => {
    let shown = type('1230');
    shown = backspace(shown);
    expect(shown).toBe('12 / 3');
    shown = backspace(shown);
    expect(shown).toBe('12 / ');
    expect(backspace(shown)).toBe('12');
  });

  it('a paste keeps a 4-digit year', () => {
    expect(formatExpiryInput('12/2030')).toBe('12 / 2030');
    expect(formatExpiryInput(' 12 / 2030 ')).toBe('12 / 2030');
    expect(formatExpiryInput('122030')).toBe('12 / 2030');
    expect(formatExpiryInput('1230')).toBe('12 / 30');
    expect(formatExpiryInput('1/2031')).toBe('01 / 2031');
    expect(formatExpiryInput('12-30')).toBe('12 / 30');
  });

  it('drops letters and caps the year at 4 digits', () => {
    expect(formatExpiryInput('1a2b/3c0')).toBe('12 / 30');
    expect(formatExpiryInput('12 / 203012')).toBe('12 / 2030');
    expect(type('12/20301')).toBe('12 / 2030');
    expect(formatExpiryInput('abc')).toBe('');
    expect(formatExpiryInput('/12')).toBe('12 / ');
  });

  it('what it gives for a complete entry, core reads as the same month and year', () => {
    for (const month of [1, 2, 9, 10, 11, 12]) {
      for (const year of ['30', '2030']) {
        const typed = `${month}/${year}`;
        expect(parseExpiration(type(typed)), typed).toEqual({ month, year: 2030 });
        expect(parseExpiration(formatExpiryInput(typed)), typed).toEqual({ month, year: 2030 });
        expect(parseExpiration(type(`${String(month).padStart(2, '0')}${year}`)), typed).toEqual({ month, year: 2030 });
      }
    }
  });

  it('is stable: formatting what it shows changes nothing', () => {
    for (const shown of ['', '1', '0', '12 / ', '12 / 3', '12 / 30', '12 / 2030', '04 / ']) {
      expect(formatExpiryInput(shown, shown)).toBe(shown);
    }
  });
});
