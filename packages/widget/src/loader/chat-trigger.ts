/**
 * The loader's part of the live chat (issue 19), kept small: no socket.io, no React. It shows the
 * unread counter on the page's Chat triggers from the chat chunk's `chat.unread` event, and applies
 * the start rule at load (core's `startsAtLoad`: the panel was opened earlier in this browser session,
 * or the visitor is signed in), importing dist/chunks/chat.js only then.
 */
import { CHAT_OPENED_SESSION_KEY, startsAtLoad } from '@portico/core/chat/chat-start';
import type { Runtime } from '../shared/runtime-types.ts';

const CHAT_TRIGGERS = '[data-portico-popup="chat"]';
const CHAT_EMBEDS = '[data-portico-embed="chat"]';
/** The badge element inside a Chat trigger; a host page may restyle it by this attribute. */
export const CHAT_BADGE_ATTRIBUTE = 'data-portico-chat-badge';
// A pill that reads on any button: white on a red of 5.6:1 contrast.
const BADGE_STYLE = 'display:inline-block;margin-inline-start:.4em;min-width:1.5em;padding:0 .4em;box-sizing:border-box;border-radius:999px;background:#c62828;color:#fff;font:700 .75em/1.5em system-ui,sans-serif;text-align:center';

function showCount(count: number): void {
  for (const trigger of document.querySelectorAll<HTMLElement>(CHAT_TRIGGERS)) {
    let badge = trigger.querySelector<HTMLElement>(`[${CHAT_BADGE_ATTRIBUTE}]`);
    if (!badge) {
      badge = document.createElement('span');
      badge.setAttribute(CHAT_BADGE_ATTRIBUTE, '');
      badge.setAttribute('style', BADGE_STYLE);
      trigger.appendChild(badge);
    }
    badge.hidden = count <= 0;
    badge.textContent = count > 99 ? '99+' : String(count);
  }
}

export function watchChat(runtime: Runtime): void {
  runtime.events.on('chat.unread', (detail) => showCount((detail as { count: number }).count));
  const atLoad = () => {
    let openedThisSession = false;
    try {
      openedThisSession = sessionStorage.getItem(CHAT_OPENED_SESSION_KEY) === '1';
    } catch {
      /* storage blocked: only the panel starts the chat */
    }
    const pageHasChat = document.querySelector(`${CHAT_TRIGGERS}, ${CHAT_EMBEDS}`) !== null;
    if (!startsAtLoad({ pageHasChat, openedThisSession, signedIn: runtime.token.get() !== null })) return;
    const url = new URL('chunks/chat.js', runtime.config.baseUrl).href;
    (import(/* @vite-ignore */ url) as Promise<{ startChat(r: Runtime): void }>)
      .then((chat) => chat.startChat(runtime))
      .catch((err: unknown) => console.warn('[portico] chat: could not start', err));
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', atLoad, { once: true });
  else atLoad();
}
