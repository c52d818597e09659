/**
 * When the chat starts (spec 2 section 4 "Live chat"): when the panel is first opened, or at page
 * load when the panel was opened earlier in this browser session, or the visitor is signed in. The
 * open state is remembered per browser session (sessionStorage, written when the panel opens).
 */
/** The sessionStorage key that remembers the panel was opened in this browser session. */
export const CHAT_OPENED_SESSION_KEY = 'portico.chat';

/**
 * Whether the chat starts at page load, before anyone opens the panel: the page offers the chat (a chat
 * trigger or an embedded chat), and the panel was opened earlier in this browser session or the visitor
 * is signed in. Positional arguments: the loader, which every page downloads, calls it.
 */
export function startsAtLoad(pageHasChat: boolean, openedThisSession: boolean, signedIn: boolean): boolean {
  return pageHasChat && (openedThisSession || signedIn);
}
