import { visitorStorageKey } from '@portico/core/chat/chat-protocol';

/**
 * The localStorage key of the live chat's visitor id (uvi) on this page for a Portico server (spec 2
 * section 3: built from the host page and the product domain; core's `visitorStorageKey`). Written
 * only by the chat once it has started (chat/chat-session.ts); a sign-out forgets it (spec 2 section 4). `serverOrigin` is the loader config's `server` (an origin).
 */
export function visitorIdStorageKey(serverOrigin: string): string {
  return visitorStorageKey(location.origin, serverOrigin);
}
