import type { ReactNode } from 'react';
import { useWidget } from '../app/context.ts';

/** The screen's h2; in popup mode the dialog is labelled by it. */
export function ScreenHeading({ children }: { children: ReactNode }) {
  const { headingId } = useWidget();
  return (
    <h2 id={headingId} className="p-heading">
      {children}
    </h2>
  );
}
