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

/** The attribute of the one control a screen wants focused when it is moved to (the confirm shell's safe choice). */
export const SCREEN_FOCUS_ATTRIBUTE = 'data-portico-focus';

/**
 * Where a move to a screen puts the focus: its own choice when it names one (a confirmation
 * focuses Cancel, the safe choice), else its heading.
 */
export function screenFocusTarget(heading: HTMLElement): HTMLElement {
  return heading.closest('.p-screen')?.querySelector<HTMLElement>(`[${SCREEN_FOCUS_ATTRIBUTE}]`) ?? heading;
}
