import { useEffect, useRef } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { trapTarget } from './focus-trap.ts';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Popup mode: a native modal <dialog> (top layer, page made inert) with
 * role=dialog, aria-modal and aria-labelledby the screen heading. Tab is
 * trapped, Escape and a backdrop click close; the loader returns focus to the trigger.
 */
export function PopupFrame(props: { headingId: string; wide: boolean; onClose(): void; children: ReactNode }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  // The dialog keeps its size between screens: it never shrinks below the tallest screen shown
  // since it opened (a loading spinner or a short confirmation does not make it jump).
  useEffect(() => {
    const dialog = ref.current;
    const body = dialog?.firstElementChild;
    if (!dialog || !body || typeof ResizeObserver === 'undefined') return;
    let tallest = 0;
    const observer = new ResizeObserver(() => {
      const height = body.getBoundingClientRect().height;
      if (height > tallest) {
        tallest = height;
        // Capped like max-height: a min-height above it would push the dialog out of the viewport.
        dialog.style.minHeight = `min(${Math.ceil(tallest)}px, calc(100dvh - 48px))`;
      }
    });
    observer.observe(body);
    return () => observer.disconnect();
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      props.onClose();
      return;
    }
    if (event.key !== 'Tab' || !ref.current) return;
    const items = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
    const root = ref.current.getRootNode() as ShadowRoot | Document;
    const active = root.activeElement instanceof HTMLElement ? root.activeElement : null;
    const target = trapTarget(items, active, event.shiftKey);
    if (target) {
      event.preventDefault();
      target.focus();
    }
  }

  return (
    <dialog
      ref={ref}
      className={`p-dialog${props.wide ? ' p-wide' : ''}`}
      role="dialog"
      aria-modal="true"
      aria-labelledby={props.headingId}
      onKeyDown={onKeyDown}
      onCancel={(e) => {
        e.preventDefault();
        props.onClose();
      }}
      onClick={(e) => {
        if (e.target === ref.current) props.onClose(); // click on the backdrop
      }}
    >
      <div className="p-dialog-body">
        <button type="button" className="p-close" aria-label={t('common.close')} onClick={props.onClose}>
          <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
            <path d="M6 6l12 12M18 6L6 18" />
          </svg>
        </button>
        {props.children}
      </div>
    </dialog>
  );
}
