/**
 * The unread counter (spec 2 section 4 "Live chat"): the operator's messages with no SeenDateTime;
 * one more when an operator's message arrives while the panel is closed; opening the panel, or an
 * operator's message arriving while it is open, marks the case read and sets it to 0.
 */
import { isAgentMessage } from './chat-messages.ts';
import type { HeldChatMessage } from './chat-messages.ts';

/** The count a list of messages starts from (after a history load). */
export function countUnread(messages: readonly HeldChatMessage[]): number {
  return messages.filter((m) => isAgentMessage(m) && m.SeenDateTime === null).length;
}

export type UnreadEvent =
  | { kind: 'opened' }
  | { kind: 'received'; message: Pick<HeldChatMessage, 'Type'> }
  | { kind: 'history'; messages: readonly HeldChatMessage[] };

/** The counter after `event`, and whether the case should be marked read now. */
export function nextUnread(current: number, event: UnreadEvent, panelOpen: boolean): { unread: number; markRead: boolean } {
  switch (event.kind) {
    case 'opened':
      return { unread: 0, markRead: current > 0 };
    case 'received':
      if (!isAgentMessage(event.message)) return { unread: current, markRead: false };
      return panelOpen ? { unread: 0, markRead: true } : { unread: current + 1, markRead: false };
    case 'history': {
      const unseen = countUnread(event.messages);
      return panelOpen ? { unread: 0, markRead: unseen > 0 } : { unread: unseen, markRead: false };
    }
  }
}
