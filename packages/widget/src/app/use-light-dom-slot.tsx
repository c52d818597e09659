import { createElement, useCallback, useId, useState, type ReactElement } from 'react';

export interface LightDomSlot {
  /** Render this where the third-party widget should appear (a named `<slot>` inside the shadow root). */
  slot: ReactElement;
  /** The light-DOM element to mount the third-party widget into; null until the slot is in the document. */
  container: HTMLElement | null;
}

/**
 * A mount point in the light DOM for widgets that refuse a shadow root (Stripe Elements, reCAPTCHA,
 * Google's sign-in button, Turnstile): a child of the widget's shadow host, shown where `slot` is
 * rendered through the named slot. One per call, removed on unmount. The container sits in the
 * host page's DOM, so its few styles are set through the CSSOM (allowed under a strict CSP) with
 * `!important`, against host stylesheets that target every div.
 */
export function useLightDomSlot(name: string): LightDomSlot {
  const slotName = `portico-${name}-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const [container, setContainer] = useState<HTMLElement | null>(null);
  const slotRef = useCallback((slotEl: HTMLSlotElement | null) => {
    if (!slotEl) return;
    const root = slotEl.getRootNode();
    const div = document.createElement('div');
    div.setAttribute('slot', slotName);
    div.className = 'portico-light-slot';
    for (const [prop, value] of [['display', 'block'], ['margin', '0'], ['padding', '0'], ['border', '0'], ['float', 'none'], ['position', 'static'], ['min-width', '0'], ['max-width', '100%'], ['visibility', 'visible'], ['opacity', '1']]) {
      div.style.setProperty(prop!, value!, 'important');
    }
    // Outside a shadow root (a test page rendering without one) the container simply follows the slot.
    if (root instanceof ShadowRoot) root.host.appendChild(div);
    else slotEl.after(div);
    setContainer(div);
    // React 19 runs a ref callback's returned cleanup when the slot leaves the page.
    return () => {
      div.remove();
      setContainer(null);
    };
  }, [slotName]);
  return { slot: createElement('slot', { name: slotName, ref: slotRef }), container };
}
