import { useEffect, useLayoutEffect, useRef } from 'react';
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
export function PopupFrame(props: { headingId: string; wide: boolean; screen: unknown; onClose(): void; children: ReactNode }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  // Within one screen the dialog never shrinks below the tallest it has been (an error that goes, a
  // busy spinner, does not make it jump). A move to another screen sizes it to that screen: the
  // screen being left stays on view until the next one has rendered (goTo is a transition), so a
  // short confirmation gets a short dialog instead of the previous form's height (issue 15).
  const tallest = useRef(0);
  useEffect(() => {
    const dialog = ref.current;
    const body = dialog?.firstElementChild;
    if (!dialog || !body || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      const height = body.getBoundingClientRect().height;
      if (height > tallest.current) {
        tallest.current = height;
        // Capped like max-height: a min-height above it would push the dialog out of the viewport.
        dialog.style.minHeight = `min(${Math.ceil(height)}px, calc(100dvh - 48px))`;
      }
    });
    observer.observe(body);
    return () => observer.disconnect();
  }, []);
  const first = useRef(true);
  useLayoutEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const dialog = ref.current;
    if (!dialog) return;
    dialog.style.minHeight = '';
    tallest.current = dialog.firstElementChild?.getBoundingClientRect().height ?? 0;
  }, [props.screen]);

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
