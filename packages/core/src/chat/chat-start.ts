/**
 * When the chat starts (spec 2 section 4 "Live chat"): when the panel is first opened, or at page
 * load when the panel was opened earlier in this browser session, or the visitor is signed in. The
 * open state is remembered per browser session (sessionStorage, written when the panel opens).
 */
/** The sessionStorage key that remembers the panel was opened in this browser session. */
export const CHAT_OPENED_SESSION_KEY = 'portico.chat.opened';

export interface ChatStartFacts {
  /** The page offers the chat (a chat trigger or an embedded chat). */
  pageHasChat: boolean;
  /** The panel was opened earlier in this browser session. */
  openedThisSession: boolean;
  signedIn: boolean;
}

/** Whether the chat starts at page load, before anyone opens the panel. */
export function startsAtLoad(facts: ChatStartFacts): boolean {
  return facts.pageHasChat && (facts.openedThisSession || facts.signedIn);
}
