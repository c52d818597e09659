import type { ReactNode } from 'react';
import { addLazySheet } from '../app/styles/stylesheets.ts';
import { ErrorList } from './error-list.tsx';
import type { DisplayError } from './error-list-logic.ts';
import { SCREEN_FOCUS_ATTRIBUTE } from './heading-focus.ts';
import { ScreenHeading } from './screen-heading.tsx';
import confirmCss from './confirm-shell.css?inline';

function confirmSheetRef(el: HTMLElement | null): void {
  const root = el?.getRootNode();
  if (root && root instanceof ShadowRoot) addLazySheet(root, 'confirm', confirmCss);
}

export interface ConfirmShellProps {
  heading: string;
  /** The question, and what follows from the answer (one paragraph each). */
  text: ReactNode[];
  /** The action's name on its button, and while it runs ('Removing…'). */
  confirmLabel: string;
  busyLabel: string;
  /** The safe choice: nothing changes. */
  cancelLabel: string;
  onConfirm(): void;
  onCancel(): void;
  busy: boolean;
  /** Nothing to act on (the screen was opened without its params). */
  disabled?: boolean;
  /** The action's problem (useAction's `errors`). */
  errors: DisplayError[];
  /** False for a confirmation that destroys nothing: the action is the accent's primary button. */
  destructive?: boolean;
  /** Rendered after the text, before the buttons: the screen's own inputs (planCancel's reasons and comment). */
  body?: ReactNode;
  /** Rendered after the buttons (a re-authentication prompt). */
  children?: ReactNode;
}

/**
 * One confirmation screen (docs/screens.md): the heading, the text, the action, and Cancel. The
 * action looks destructive when it is (red in light and dark); the buttons have room and stack
 * full width at phone width; a move to the screen puts the focus on Cancel, the safe choice, so
 * Enter or Space never destroys by accident. Used by teamMemberPromote and teamMemberRemove, and
 * by every confirmation that follows (remove card, cancel, restore).
 */
export function ConfirmShell(p: ConfirmShellProps) {
  const destructive = p.destructive ?? true;
  return (
    <div ref={confirmSheetRef} className="p-confirm-shell">
      <ScreenHeading>{p.heading}</ScreenHeading>
      <ErrorList errors={p.errors} />
      {p.text.map((line, i) => <p key={i} className="p-confirm-shell-text">{line}</p>)}
      {p.body}
      <div className="p-confirm-shell-actions">
        <button type="button" className={`p-btn ${destructive ? 'p-btn-danger' : 'p-btn-primary'}`}
          disabled={p.disabled} aria-disabled={p.busy || undefined} onClick={() => { if (!p.busy) p.onConfirm(); }}>
          {p.busy ? p.busyLabel : p.confirmLabel}
        </button>
        <button type="button" className="p-btn p-btn-secondary" {...{ [SCREEN_FOCUS_ATTRIBUTE]: '' }} onClick={p.onCancel}>
          {p.cancelLabel}
        </button>
      </div>
      {p.children}
    </div>
  );
}
