/**
 * Declarative triggers: [data-portico-popup="state"] opens a popup on click
 * (one delegated listener, so buttons added later work too);
 * [data-portico-embed="state"] renders the state in place, including
 * elements added later (MutationObserver) and unmounts removed ones.
 */
export const POPUP_ATTRIBUTE = 'data-portico-popup';
export const EMBED_ATTRIBUTE = 'data-portico-embed';
/** On a popup trigger: the plan the opened state starts with (`params.planUid`), e.g. a 'Start free' button's free plan. */
export const PLAN_ATTRIBUTE = 'data-portico-plan';

export interface TriggerHandlers {
  openPopup(state: string, trigger: HTMLElement): void;
  embed(element: HTMLElement, state: string): void;
  removed(element: HTMLElement): void;
}

export function watchTriggers(handlers: TriggerHandlers): void {
  document.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const trigger = target?.closest<HTMLElement>(`[${POPUP_ATTRIBUTE}]`);
    if (!trigger) return;
    event.preventDefault();
    handlers.openPopup(trigger.getAttribute(POPUP_ATTRIBUTE) ?? '', trigger);
  });

  const scan = (root: ParentNode) => {
    if (root instanceof HTMLElement && root.hasAttribute(EMBED_ATTRIBUTE)) {
      handlers.embed(root, root.getAttribute(EMBED_ATTRIBUTE) ?? '');
    }
    root.querySelectorAll<HTMLElement>(`[${EMBED_ATTRIBUTE}]`).forEach((el) => {
      handlers.embed(el, el.getAttribute(EMBED_ATTRIBUTE) ?? '');
    });
  };
  const start = () => {
    scan(document);
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
      attributeFilter: [EMBED_ATTRIBUTE],
    });
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
  else start();
}
