/**
 * The console's live feed (issue 20 "replies in real time"; docs/console.md "Live updates"): a Socket.IO
 * namespace for operators on the chat's server (the same path, `CHAT_HUB_PATH`, WebSocket only). The
 * handshake carries `auth: { Authorization: 'Bearer <console token>' }`; anything else is refused with a
 * `connect_error` whose message is a `ConsoleFeedRefusal`. The server sends one event and takes no calls.
 * Import as `@portico/core/operators/console-feed-protocol`.
 */

export const CONSOLE_FEED_NAMESPACE = '/console';

/**
 * A case's inbox row or conversation changed (a message, a file, a reply, a new case, an inbound mail,
 * close, reopen, assign): the console reloads what shows it. `CaseUid: null` means "changes may have
 * been missed" (the servers' bus lost messages for a while): reload everything.
 */
export interface CaseChanged {
  CaseUid: string | null;
  /** When the change was committed (ISO 8601). */
  Updated: string;
}

export interface ConsoleFeedServerToClient {
  caseChanged: (event: CaseChanged) => void;
}

/** The namespace takes no calls: a client that sends anything is disconnected. */
export type ConsoleFeedClientToServer = Record<string, never>;

export const ConsoleFeedRefusal = { InvalidToken: 'InvalidToken', ServerError: 'ServerError' } as const;

/** The bus message of a change (servers tell each other with it; `parseCaseChanged` reads it back). */
export const caseChangedMessage = (caseUid: string, updated: Date): string => JSON.stringify({ CaseUid: caseUid, Updated: updated.toISOString() });

/**
 * The event for a bus message. An empty message (the bus's "messages may have been missed") or one
 * that cannot be read becomes `CaseUid: null` at `now`: every console reloads, which is always safe.
 */
export function parseCaseChanged(message: string, now: Date): CaseChanged {
  const missed: CaseChanged = { CaseUid: null, Updated: now.toISOString() };
  if (!message) return missed;
  try {
    const v = JSON.parse(message) as { CaseUid?: unknown; Updated?: unknown };
    if (typeof v.CaseUid === 'string' && v.CaseUid !== '' && typeof v.Updated === 'string') return { CaseUid: v.CaseUid, Updated: v.Updated };
  } catch {
    /* not ours: treated as missed */
  }
  return missed;
}
