/**
 * A move to another screen asks for its heading to take the focus; when that screen is still
 * loading, its heading takes it on mount. Keyed by the widget's heading id (one per widget root).
 */
const pending = new Set<string>();

export function requestHeadingFocus(headingId: string): void {
  pending.add(headingId);
}

/** True once per request: the heading that mounts first after a move takes the focus. */
export function takeHeadingFocus(headingId: string): boolean {
  return pending.delete(headingId);
}
