/**
 * Demo mode's live chat (issue 19): a scripted operator answering in the page, with no connection and
 * no socket.io loaded. It speaks the hub's contract through the same ChatLink the real transport
 * implements, so the session and the panel run unchanged (docs/chat-widget.md "Demo mode").
 */
import { ChatMessageType } from '@portico/core/chat/chat-protocol';
import type { ChatAck, ChatMessage } from '@portico/core/chat/chat-protocol';
import type { ChatLinkHandlers, OpenChatLink } from '../chat/chat-link.ts';


const OPERATOR = 'Alex (demo)';
const CASE_UID = 'demo-chat-case';
/** How long the demo operator "types" before each answer. */
export const DEMO_OPERATOR_DELAY_MS = 1_200;

/** The operator's answers, in turn; the last one repeats. Rich text, as an operator's would be. */
const SCRIPT = [
  'Hi! Thanks for reaching out. <strong>This is the demo</strong>: no message leaves your browser.',
  'On a real site an operator from the company answers here, live. Links work too: <a href="https://example.com/help">our help centre</a>.',
  'Anything else? In demo mode I answer every message with a line of this script.',
];

const state = { messages: [] as ChatMessage[], replies: 0, email: null as string | null, listeners: new Set<ChatLinkHandlers>() };

function store(m: Omit<ChatMessage, 'Uid' | 'Seq' | 'Case'>): ChatMessage {
  const seq = state.messages.length + 1;
  const message: ChatMessage = { ...m, Uid: `demo-msg-${seq}`, Seq: seq, Case: { Uid: CASE_UID } };
  state.messages.push(message);
  return message;
}

function operatorAnswers(): void {
  setTimeout(() => {
    const line = SCRIPT[Math.min(state.replies, SCRIPT.length - 1)]!;
    state.replies += 1;
    const reply = store({ Type: ChatMessageType.AgentReply, Comment: line, Created: new Date().toISOString(), SeenDateTime: null, AgentName: OPERATOR, PersonEmail: null, NewUvi: null, ClientId: null });
    for (const h of state.listeners) h.receive(reply);
  }, DEMO_OPERATOR_DELAY_MS);
}

/**
 * A visitor's attachment in demo mode (demo-chat-upload.ts, the demo transport's upload answer): listed
 * as a file, since nothing is uploaded, so there is nothing to preview or download.
 */
export function demoChatAttachment<T extends string>(name: string, contentType: T) {
  const message = store({
    Type: ChatMessageType.PersonReply, Comment: `attachment|file|/api/v1/chats/${CASE_UID}/documents/demo/data?name=${encodeURIComponent(name)}`,
    Created: new Date().toISOString(), SeenDateTime: null, AgentName: null, PersonEmail: state.email, NewUvi: null, ClientId: null,
  });
  for (const h of state.listeners) h.receive(message);
  return { Uid: message.Uid, Name: name, ContentType: contentType };
}

export const openDemoChatLink: OpenChatLink = ({ handlers }) => {
  let open = true;
  queueMicrotask(() => {
    if (!open) return;
    state.listeners.add(handlers);
    handlers.connected();
    handlers.presence({ Online: true });
  });
  const answer = <T>(data: T): ChatAck<T> => ({ ok: true, data });
  return {
    async call(name: string, input?: unknown) {
      switch (name) {
        case 'getHistory': {
          const after = (input as { AfterSeq: number }).AfterSeq;
          return answer({ CaseUid: state.messages.length ? CASE_UID : null, Messages: state.messages.filter((m) => m.Seq > after), More: false });
        }
        case 'send': {
          const i = input as { ClientId: string; Comment: string; Created: string; PersonEmail?: string | null };
          const twin = state.messages.find((m) => m.ClientId === i.ClientId);
          if (twin) return answer(twin);
          const stored = store({ Type: ChatMessageType.PersonReply, Comment: i.Comment, Created: i.Created, SeenDateTime: null, AgentName: null, PersonEmail: i.PersonEmail ?? null, NewUvi: null, ClientId: i.ClientId });
          operatorAnswers();
          return answer(stored);
        }
        case 'markChatRead': {
          const seen = new Date().toISOString();
          for (const m of state.messages) if (m.Type !== ChatMessageType.PersonReply) m.SeenDateTime ??= seen;
          return answer(null);
        }
        case 'getUvi': return answer('demo-visitor');
        case 'getPersonEmail': return answer(state.email);
        case 'setPersonEmail': {
          state.email = (input as { Email: string }).Email;
          return answer(state.email);
        }
        default: throw new Error(`[portico] demo chat: no call ${name}`);
      }
    },
    close() {
      open = false;
      state.listeners.delete(handlers);
    },
  } as never;
};
