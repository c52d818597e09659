import { describe, expect, it } from 'vitest';
import { validateField, configuredFields } from '@portico/core/fields/index';
import { entry } from '@portico/core/fields/test-fields';
import { callingCountries, flagEmoji, formatAsYouType, readPhone } from './phone-format.ts';

const [tel] = configuredFields([entry({ SystemName: 'PhoneMobile', ControlType: 'Tel' })]);

describe('phone numbers (spec 2 section 5: international format with a country flag)', () => {
  it('a flag is two regional indicator symbols', () => {
    expect(flagEmoji('US')).toBe('🇺🇸');
    expect(flagEmoji('x')).toBe('');
  });

  it('a national number in the chosen country becomes E.164 and international format', () => {
    expect(readPhone('(213) 373-4253', 'US')).toEqual({ value: '+12133734253', valid: true, country: 'US', international: '+1 213 373 4253' });
  });

  it('a +prefixed number names its own country, whatever was chosen', () => {
    expect(readPhone('+44 20 7183 8750', 'US')).toMatchObject({ value: '+442071838750', country: 'GB', international: '+44 20 7183 8750' });
  });

  it('what the form stores passes core’s rule when valid and fails it otherwise', () => {
    expect(validateField(tel!, { [tel!.path]: readPhone('2133734253', 'US').value })).toEqual([]);
    expect(validateField(tel!, { [tel!.path]: readPhone('12345', 'US').value })[0]!.ErrorCode).toBe('Errors.InvalidPhone');
  });

  it('formats while typing, and lists calling countries by name with flag and code', () => {
    expect(formatAsYouType('+4420718', 'US')).toBe('+44 20 718');
    const us = callingCountries().find((c) => c.code === 'US')!;
    expect(us.label).toBe('🇺🇸 United States +1');
    expect(callingCountries().length).toBeGreaterThan(200);
  });
});
