/**
 * Declarative triggers: [data-portico-popup="state"] opens a popup on click
 * (one delegated listener, so buttons added later work too);
 * [data-portico-embed="state"] renders the state in place, including
 * elements added later (MutationObserver) and unmounts removed ones. A trigger
 * naming a state whose screen is not built yet is hidden instead (UNBUILT_ATTRIBUTE).
 */
import { BUILT_SCREEN_CHUNKS, isBuiltIn } from './screen-preload.ts';

const isStateBuilt = (state: string) => isBuiltIn(BUILT_SCREEN_CHUNKS, state);
export const POPUP_ATTRIBUTE = 'data-portico-popup';
export const EMBED_ATTRIBUTE = 'data-portico-embed';
/** On a popup trigger: the plan the opened state starts with (`params.planUid`), e.g. a 'Start free' button's free plan. */
export const PLAN_ATTRIBUTE = 'data-portico-plan';
/**
 * A lead form trigger (issue 18; docs/lead-forms.md): `<button data-portico-form="newsletter">` opens the
 * leadForm state in a popup with that form; beside `data-portico-embed="leadForm"` it names the embedded form.
 */
export const FORM_ATTRIBUTE = 'data-portico-form';
/** Set (with `hidden`) on a trigger whose state has no screen yet (screen-preload.ts isBuiltIn): it is not shown and never opens. */
export const UNBUILT_ATTRIBUTE = 'data-portico-unbuilt';

export interface TriggerHandlers {
  openPopup(state: string, trigger: HTMLElement): void;
  embed(element: HTMLElement, state: string): void;
  removed(element: HTMLElement): void;
  /** Once the document is parsed, after the first scan (the chat's start rule, chat-trigger.ts). */
  ready(): void;
}

export function watchTriggers(handlers: TriggerHandlers): void {
  document.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const trigger = target?.closest<HTMLElement>(`[${POPUP_ATTRIBUTE}], [${FORM_ATTRIBUTE}]:not([${EMBED_ATTRIBUTE}])`);
    // A bare data-portico-form opens the lead form; the form's uid goes with it as params (index.ts).
    const state = trigger?.getAttribute(POPUP_ATTRIBUTE) ?? (trigger ? 'leadForm' : '');
    if (!trigger || !isStateBuilt(state)) return;
    event.preventDefault();
    handlers.openPopup(state, trigger);
  });

  // An entry point to a state not built yet is not shown (issue 15: a page's Chat button led to 'not available yet').
  const hideUnbuilt = (el: HTMLElement, state: string) => {
    if (isStateBuilt(state)) return false;
    el.hidden = true;
    el.setAttribute(UNBUILT_ATTRIBUTE, '');
    return true;
  };
  const embedOrHide = (el: HTMLElement) => {
    const state = el.getAttribute(EMBED_ATTRIBUTE) ?? '';
    if (!hideUnbuilt(el, state)) handlers.embed(el, state);
  };
  const scan = (root: ParentNode) => {
    if (root instanceof HTMLElement && root.hasAttribute(EMBED_ATTRIBUTE)) embedOrHide(root);
    root.querySelectorAll<HTMLElement>(`[${EMBED_ATTRIBUTE}]`).forEach(embedOrHide);
    if (root instanceof HTMLElement && root.hasAttribute(POPUP_ATTRIBUTE)) hideUnbuilt(root, root.getAttribute(POPUP_ATTRIBUTE) ?? '');
    root.querySelectorAll<HTMLElement>(`[${POPUP_ATTRIBUTE}]`).forEach((el) => hideUnbuilt(el, el.getAttribute(POPUP_ATTRIBUTE) ?? ''));
  };
  const start = () => {
    scan(document);
    handlers.ready();
    new MutationObserver((records) => {
      for (const record of records) {
        if (record.type === 'attributes' && record.target instanceof HTMLElement) {
          scan(record.target);
          continue;
        }
        record.addedNodes.forEach((node) => {
          if (node instanceof HTMLElement) scan(node);
        });
        record.removedNodes.forEach((node) => {
          if (!(node instanceof HTMLElement) || node.isConnected) return;
          if (node.hasAttribute(EMBED_ATTRIBUTE)) handlers.removed(node);
          node.querySelectorAll<HTMLElement>(`[${EMBED_ATTRIBUTE}]`).forEach(handlers.removed);
        });
      }
    }).observe(document.documentElement, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: [EMBED_ATTRIBUTE, POPUP_ATTRIBUTE],
    });
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
  else start();
}
