/**
 * The unread counter on the page's Chat triggers (spec 2 section 4; issue 19): a badge inside each
 * `[data-portico-popup="chat"]`, hidden at 0. Drawn from chat.js, which the page has only once the chat
 * has started, so the loader carries none of it. A host page may restyle it by `data-portico-chat-badge`,
 * or draw its own from the public `chat.unread` event.
 */
export const CHAT_BADGE_ATTRIBUTE = 'data-portico-chat-badge';
// A pill that reads on any button: white on a red of 5.6:1 contrast.
const BADGE_STYLE = 'margin-inline-start:.4em;min-width:1.5em;padding:0 .4em;box-sizing:border-box;border-radius:999px;background:#c62828;color:#fff;font:700 .75em/1.5em system-ui,sans-serif;text-align:center';

export function showUnreadOnTriggers(count: number): void {
  for (const trigger of document.querySelectorAll<HTMLElement>('[data-portico-popup="chat"]')) {
    let badge = trigger.querySelector<HTMLElement>(`[${CHAT_BADGE_ATTRIBUTE}]`);
    if (!badge) {
      badge = trigger.appendChild(document.createElement('span'));
      badge.setAttribute(CHAT_BADGE_ATTRIBUTE, '');
      badge.style.cssText = BADGE_STYLE;
    }
    // Not the hidden attribute: a host page's `span { display: … }` would show it anyway.
    badge.style.display = count > 0 ? 'inline-block' : 'none';
    badge.textContent = count > 99 ? '99+' : String(count);
  }
}
