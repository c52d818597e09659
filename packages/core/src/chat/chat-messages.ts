/**
 * How a chat client holds its messages (spec 2 section 4 "Live chat"; issue 19): one list, each
 * message once, in conversation order, whatever mix of local echoes, `receive` events, acks and
 * getHistory pages arrives, in whatever order. Pure: the widget's chat session (and any other
 * client, e.g. the coming operator console) merges through this.
 */
import { ChatMessageType } from './chat-protocol.ts';
import type { ChatMessage } from './chat-protocol.ts';

/**
 * A message as a client holds it: a server message, or the local echo of a visitor's message
 * not acknowledged yet (no `Uid`, no `Seq`).
 */
export type HeldChatMessage = Omit<ChatMessage, 'Uid' | 'Seq'> & { Uid: string | null; Seq: number | null };

/** An operator's message (agent reply or auto-reply): what the unread counter counts. */
export function isAgentMessage(m: Pick<ChatMessage, 'Type'>): boolean {
  return m.Type === ChatMessageType.AgentReply || m.Type === ChatMessageType.AutoReply;
}

/** A local echo of a message is the same message as a server one when their ClientIds match, or, when either has none, their type and comment. */
function isEchoOf(local: HeldChatMessage, server: HeldChatMessage): boolean {
  if (local.Uid !== null) return false;
  if (local.ClientId && server.ClientId) return local.ClientId === server.ClientId;
  return local.Type === server.Type && local.Comment === server.Comment;
}

/**
 * Orders by Seq (the server's order), then Created. A local echo (no Seq yet) goes after every
 * stored message: it was sent after the last one the client held.
 */
export function compareChatMessages(a: HeldChatMessage, b: HeldChatMessage): number {
  if (a.Seq !== null && b.Seq !== null && a.Seq !== b.Seq) return a.Seq - b.Seq;
  if (a.Seq !== null && b.Seq === null) return -1;
  if (a.Seq === null && b.Seq !== null) return 1;
  return Date.parse(a.Created) - Date.parse(b.Created);
}

/**
 * Merges `incoming` into `held` (neither is changed): a message whose Uid is already held is
 * discarded; a server message that is the echo of a local one (no Uid) takes its place, so the
 * local message gets its Uid and Seq; anything else is added. The result is sorted.
 */
export function mergeChatMessages(held: readonly HeldChatMessage[], incoming: readonly HeldChatMessage[]): HeldChatMessage[] {
  const list = [...held];
  const uids = new Set(list.flatMap((m) => (m.Uid === null ? [] : [m.Uid])));
  for (const message of incoming) {
    if (message.Uid !== null) {
      if (uids.has(message.Uid)) continue;
      uids.add(message.Uid);
      const echo = list.findIndex((m) => isEchoOf(m, message));
      if (echo >= 0) {
        list[echo] = message;
        continue;
      }
    }
    list.push(message);
  }
  return list.sort(compareChatMessages);
}

/**
 * What getHistory resumes after: the highest Seq held with every Seq before it held too (0 when none).
 * Seqs are 1, 2, 3 … without gaps, so a `receive` that overtook a history page (Seq 450 while the
 * client holds 1..200) never makes the client skip 201..449.
 */
export function highestSeq(held: readonly HeldChatMessage[]): number {
  const seqs = new Set(held.flatMap((m) => (m.Seq === null ? [] : [m.Seq])));
  let n = 0;
  while (seqs.has(n + 1)) n += 1;
  return n;
}
