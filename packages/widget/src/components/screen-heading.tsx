import { useCallback } from 'react';
import type { ReactNode } from 'react';
import { useWidget } from '../app/context.ts';
import { screenFocusTarget, takeHeadingFocus } from './heading-focus.ts';

/** The screen's h2; in popup mode the dialog is labelled by it. Focusable from script: a move to another screen puts focus here (or on the screen's own choice, heading-focus.ts). */
export function ScreenHeading({ children }: { children: ReactNode }) {
  const { headingId } = useWidget();
  const focusIfAsked = useCallback((el: HTMLHeadingElement | null) => {
    if (el && takeHeadingFocus(headingId)) screenFocusTarget(el).focus();
  }, [headingId]);
  return (
    <h2 id={headingId} ref={focusIfAsked} className="p-heading" tabIndex={-1}>
      {children}
    </h2>
  );
}
