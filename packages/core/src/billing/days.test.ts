import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addMonths, dayToIso, periodContaining, periodStartFromAnchor, toDay } from './days.ts';
import { mulDivRound } from './rounding.ts';

describe('days helper (UTC integer day numbers)', () => {
  it('"month-end safe with anchor day kept (Jan 31 monthly renews Feb 28/29, Mar 31, Apr 30)"', () => {
    const anchor = toDay('2024-01-31');
    const starts = [1, 2, 3].map((n) => dayToIso(periodStartFromAnchor(anchor, 'Monthly', n)));
    expect(starts).toEqual(['2024-02-29', '2024-03-31', '2024-04-30']);
    expect(dayToIso(periodStartFromAnchor(toDay('2023-01-31'), 'Monthly', 1))).toBe('2023-02-28');
  });

  it('"compute the n-th period from the anchor, not by chaining"', () => {
    const anchor = toDay('2023-01-31');
    const chained = addMonths(addMonths(anchor, 1), 1);
    expect(dayToIso(chained)).toBe('2023-03-28');
    expect(dayToIso(periodStartFromAnchor(anchor, 'Monthly', 2))).toBe('2023-03-31');
  });

  it('quarterly and yearly periods keep the anchor day (Feb 29 yearly -> Feb 28, then Feb 29 in 2028)', () => {
    const anchor = toDay('2024-02-29');
    expect(dayToIso(periodStartFromAnchor(anchor, 'Yearly', 1))).toBe('2025-02-28');
    expect(dayToIso(periodStartFromAnchor(anchor, 'Yearly', 4))).toBe('2028-02-29');
    expect(dayToIso(periodStartFromAnchor(toDay('2024-11-30'), 'Quarterly', 1))).toBe('2025-02-28');
  });

  it('periodContaining finds the anchored half-open period of a day', () => {
    const anchor = toDay('2024-01-31');
    const p = periodContaining(anchor, 'Monthly', toDay('2024-03-30'));
    expect([dayToIso(p.start), dayToIso(p.end), p.index]).toEqual(['2024-02-29', '2024-03-31', 1]);
    const q = periodContaining(anchor, 'Monthly', toDay('2024-03-31'));
    expect(dayToIso(q.start)).toBe('2024-03-31');
  });

  it('parses ISO dates and timestamps as UTC days, and rejects garbage', () => {
    expect(toDay('2024-01-01')).toBe(19723);
    expect(toDay('2024-01-01T23:59:59Z')).toBe(19723);
    expect(toDay('2024-01-01T20:00:00-05:00')).toBe(19724);
    expect(toDay(new Date('2024-01-01T00:00:00Z'))).toBe(19723);
    expect(() => toDay('2024-02-30')).toThrow(RangeError);
    expect(() => toDay('nope')).toThrow(RangeError);
    expect(() => toDay('abcd-01-01')).toThrow(RangeError);
  });

  it('dayToIso and toDay round-trip and agree with Date for every day 1990..2099', () => {
    fc.assert(fc.property(fc.integer({ min: toDay('1990-01-01'), max: toDay('2099-12-31') }), (d) => {
      const iso = dayToIso(d);
      expect(iso).toBe(new Date(d * 86_400_000).toISOString().slice(0, 10));
      expect(toDay(iso)).toBe(d);
    }));
  });
});

describe('rounding', () => {
  it('"rounded half-up per line to the currency\'s minor unit" (credits mirror charges)', () => {
    expect(mulDivRound(1000, 21, 31)).toBe(677); // 677.42
    expect(mulDivRound(2500, 21, 31)).toBe(1694); // 1693.55
    expect(mulDivRound(5, 1, 2)).toBe(3); // 2.5 -> 3
    expect(mulDivRound(-5, 1, 2)).toBe(-3);
    expect(mulDivRound(1694, 825, 10_000)).toBe(140); // 139.755
  });
});
