/**
 * The loader's part of the live chat (issue 19), kept small (every page downloads the loader): the
 * start rule at load (core's `startsAtLoad`: a page with the chat whose panel was opened earlier in
 * this browser session, or a signed-in visitor), importing dist/chunks/chat.js only then. The Chat
 * triggers' unread badge is drawn by chat.js itself (chat/chat-badge.ts), which exists only once the chat has started.
 */
import { CHAT_OPENED_SESSION_KEY, startsAtLoad } from '@portico/core/chat/chat-start';
import type { Runtime } from '../shared/runtime-types.ts';

const CHAT_TRIGGERS = '[data-portico-popup="chat"], [data-portico-embed="chat"]';

export function watchChat(runtime: Runtime): void {
  const atLoad = () => {
    let openedThisSession = false;
    try {
      openedThisSession = sessionStorage.getItem(CHAT_OPENED_SESSION_KEY) === '1';
    } catch {
      /* storage blocked: only the panel starts the chat */
    }
    const pageHasChat = document.querySelector(CHAT_TRIGGERS) !== null;
    if (!startsAtLoad({ pageHasChat, openedThisSession, signedIn: runtime.token.get() !== null })) return;
    const url = new URL('chunks/chat.js', runtime.config.baseUrl).href;
    (import(/* @vite-ignore */ url) as Promise<{ startChat(r: Runtime): void }>)
      .then((chat) => chat.startChat(runtime))
      .catch((err: unknown) => console.warn('[portico] chat: could not start', err));
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', atLoad, { once: true });
  else atLoad();
}
