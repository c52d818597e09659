import { describe, expect, it } from 'vitest';
import { REAUTHENTICATION_WINDOW_MINUTES, isRecentlyAuthenticated } from './reauthentication.ts';

const NOW = new Date('2026-03-15T12:00:00Z');
const ago = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000);

describe('isRecentlyAuthenticated', () => {
  it('is ten minutes', () => {
    expect(REAUTHENTICATION_WINDOW_MINUTES).toBe(10);
  });

  it('counts a proof strictly inside the window', () => {
    expect(isRecentlyAuthenticated(NOW, NOW)).toBe(true);
    expect(isRecentlyAuthenticated(ago(9), NOW)).toBe(true);
    expect(isRecentlyAuthenticated(new Date(ago(10).getTime() + 1), NOW)).toBe(true);
  });

  it('refuses a proof ten minutes old or older', () => {
    expect(isRecentlyAuthenticated(ago(10), NOW)).toBe(false);
    expect(isRecentlyAuthenticated(ago(11), NOW)).toBe(false);
    expect(isRecentlyAuthenticated(ago(60 * 24), NOW)).toBe(false);
  });

  it('tolerates a minute of clock skew, not more', () => {
    expect(isRecentlyAuthenticated(ago(-0.5), NOW)).toBe(true);
    expect(isRecentlyAuthenticated(ago(-2), NOW)).toBe(false);
  });
});
