import { describe, expect, it } from 'vitest';
import { scrollToShow, visibleRange } from './virtual-window.ts';

describe('the inbox draws only the rows in view', () => {
  it('at the top, in the middle and at the end of 1,000 rows', () => {
    expect(visibleRange({ scrollTop: 0, viewportHeight: 640, rowHeight: 64, count: 1000 })).toEqual({ start: 0, end: 17 });
    expect(visibleRange({ scrollTop: 64 * 500, viewportHeight: 640, rowHeight: 64, count: 1000 })).toEqual({ start: 494, end: 517 });
    expect(visibleRange({ scrollTop: 64 * 995, viewportHeight: 640, rowHeight: 64, count: 1000 })).toEqual({ start: 989, end: 1000 });
    expect(visibleRange({ scrollTop: 0, viewportHeight: 640, rowHeight: 64, count: 0 })).toEqual({ start: 0, end: 0 });
    expect(visibleRange({ scrollTop: -20, viewportHeight: 0, rowHeight: 64, count: 3 })).toEqual({ start: 0, end: 3 });
  });
  it('scrolls just enough to show a row chosen by j/k', () => {
    const v = { viewportHeight: 640, rowHeight: 64 };
    expect(scrollToShow(3, { ...v, scrollTop: 0 })).toBe(0);
    expect(scrollToShow(10, { ...v, scrollTop: 0 })).toBe(64);
    expect(scrollToShow(2, { ...v, scrollTop: 640 })).toBe(128);
  });
});
