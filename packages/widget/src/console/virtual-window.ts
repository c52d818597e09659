/** Rows drawn beyond the visible ones on each side, so a fast scroll does not show blank space. */
export const OVERSCAN = 6;

/**
 * The rows of a list of fixed-height rows to draw for a viewport (issue 20: an inbox of 1,000 stays fast
 * because only these ~25 rows are in the DOM): [start, end) clamped to the list.
 */
export function visibleRange(o: { scrollTop: number; viewportHeight: number; rowHeight: number; count: number; overscan?: number }): { start: number; end: number } {
  const over = o.overscan ?? OVERSCAN;
  const first = Math.floor(Math.max(0, o.scrollTop) / o.rowHeight);
  const shown = Math.ceil(Math.max(0, o.viewportHeight) / o.rowHeight) + 1;
  const start = Math.max(0, Math.min(o.count, first - over));
  const end = Math.max(start, Math.min(o.count, first + shown + over));
  return { start, end };
}

/** The scrollTop that brings row `index` fully into view (unchanged when it already is). */
export function scrollToShow(index: number, o: { scrollTop: number; viewportHeight: number; rowHeight: number }): number {
  const top = index * o.rowHeight;
  const bottom = top + o.rowHeight;
  if (top < o.scrollTop) return top;
  if (bottom > o.scrollTop + o.viewportHeight) return bottom - o.viewportHeight;
  return o.scrollTop;
}
