/**
 * The loader's part of the live chat (issue 19), kept small (every page downloads the loader): the
 * start rule at load (core's `startsAtLoad`: a page with the chat whose panel was opened earlier in
 * this browser session, or a signed-in visitor), importing dist/chunks/chat.js only then. The Chat
 * triggers' unread badge is drawn by chat.js itself (chat/chat-badge.ts), which exists only once the chat has started.
 */
import { CHAT_OPENED_SESSION_KEY, startsAtLoad } from '@portico/core/chat/chat-start';
import type { Runtime } from '../shared/runtime-types.ts';

/**
 * Called once the document is parsed (triggers.ts, with its first scan). Reading storage only: nothing is
 * written before the chat starts.
 */
export function startChatAtLoad(runtime: Runtime): void {
  // Written tersely: every page downloads these bytes (the first screen's budget, bench/bundle-size.mjs).
  let opened = false;
  try {
    opened = !!sessionStorage.getItem(CHAT_OPENED_SESSION_KEY);
  } catch {
    /* storage blocked: only the panel starts the chat */
  }
  // A Chat trigger only: an embedded chat is the panel itself, which starts the chat when it mounts.
  if (!startsAtLoad(!!document.querySelector('[data-portico-popup="chat"]'), opened, !!runtime.token.get())) return;
  (import(/* @vite-ignore */ new URL('chunks/chat.js', runtime.config.baseUrl).href) as Promise<{ startChat(r: Runtime): void }>)
    .then((chat) => chat.startChat(runtime), console.warn);
}
