/** The console's keyboard shortcuts (issue 20): listed in the '?' dialog, never while typing in a field. */
export type ShortcutAction = 'next' | 'previous' | 'reply' | 'close' | 'help';

export const SHORTCUTS: readonly { key: string; action: ShortcutAction }[] = [
  { key: 'j', action: 'next' },
  { key: 'k', action: 'previous' },
  { key: 'r', action: 'reply' },
  { key: 'e', action: 'close' },
  { key: '?', action: 'help' },
];

/** An element where a key press is text: inputs (but not buttons, checkboxes, radios), text areas, selects, editable content. */
export function isTypingTarget(target: { tagName?: string; isContentEditable?: boolean; type?: string } | null): boolean {
  if (!target || !target.tagName) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName.toUpperCase();
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  return !['button', 'submit', 'reset', 'checkbox', 'radio', 'range', 'color', 'file'].includes((target.type ?? 'text').toLowerCase());
}

/** The action of a key press, or null: modified keys (Ctrl, Alt, Meta) and presses in a field are left to the browser. */
export function shortcutFor(event: { key: string; ctrlKey: boolean; altKey: boolean; metaKey: boolean; target: unknown; isComposing?: boolean }): ShortcutAction | null {
  if (event.ctrlKey || event.altKey || event.metaKey || event.isComposing) return null;
  if (isTypingTarget(event.target as Parameters<typeof isTypingTarget>[0])) return null;
  return SHORTCUTS.find((s) => s.key === event.key)?.action ?? null;
}
