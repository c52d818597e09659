import { describe, expect, it } from 'vitest';
import { formatMediumDate } from './format-date.ts';

describe('formatMediumDate (medium style)', () => {
  it('shows a calendar day as that day, wherever the reader is', () => {
    expect(formatMediumDate('2026-11-27', 'en-US', 'Pacific/Honolulu')).toBe('Nov 27, 2026');
    expect(formatMediumDate('2026-01-05', 'en-GB')).toBe('5 Jan 2026');
  });
  it('shows a moment as the reader\'s day', () => {
    expect(formatMediumDate('2026-11-27T02:00:00Z', 'en-US', 'America/New_York')).toBe('Nov 26, 2026');
    expect(formatMediumDate('2026-11-27T02:00:00Z', 'en-US', 'Europe/Berlin')).toBe('Nov 27, 2026');
  });
  it('leaves what it cannot read alone, and survives an unknown locale', () => {
    expect(formatMediumDate('soon', 'en-US')).toBe('soon');
    expect(formatMediumDate('2026-11-27', 'not a locale!!')).toBe('Nov 27, 2026');
  });
});
