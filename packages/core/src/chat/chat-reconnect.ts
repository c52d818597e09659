/**
 * The reconnect schedule (spec 2 sections 4 and 7; issue 19): after a lost or failed connection the
 * first try comes after the library's reconnect delay (2 s), then CHAT_RECONNECT_ATTEMPTS more tries
 * CHAT_RECONNECT_INTERVAL_MS apart; after those the chat stops and logs a warning. A successful
 * connection starts the count again.
 */
import { CHAT_LIBRARY_RECONNECT_DELAY_MS, CHAT_RECONNECT_ATTEMPTS, CHAT_RECONNECT_INTERVAL_MS } from './chat-protocol.ts';

/** The wait before try number `failures` + 1 after `failures` failed tries since the last connection, or null: stop. */
export function reconnectDelay(failures: number): number | null {
  if (failures <= 0) return CHAT_LIBRARY_RECONNECT_DELAY_MS;
  if (failures <= CHAT_RECONNECT_ATTEMPTS) return CHAT_RECONNECT_INTERVAL_MS;
  return null;
}

/** The warning logged when the chat stops trying. */
export const CHAT_GAVE_UP_WARNING = `[portico] chat: no connection after ${CHAT_RECONNECT_ATTEMPTS + 1} tries; stopped reconnecting`;
