/**
 * The live chat of one page (spec 2 section 4 "Live chat"; issue 19): the connection, the messages,
 * the unread counter, sending and the e-mail capture. It lives outside the screen (one per loader
 * runtime, chat-entry.ts), so closing the panel keeps the connection and the Chat button keeps
 * counting. No React here: the loader may start it at page load (the start rule) without the app.
 *
 * Delivery: every connect (first, or any reconnect, to any node) asks getHistory after the highest
 * Seq held (paging while More) and merges by Uid (core's mergeChatMessages), so a reply sent while the
 * visitor was away is shown once; a send carries a ClientId and is retried with it until acknowledged.
 */
import {
  CHAT_MESSAGE_MAX_LENGTH, CHAT_SEND_RETRY_MS, ChatConnectionState, ChatMessageType, ChatRefusal,
} from '@portico/core/chat/chat-protocol';
import type { ChatMessage, StoredVisitor } from '@portico/core/chat/chat-protocol';
import { highestSeq, isAgentMessage, mergeChatMessages } from '@portico/core/chat/chat-messages';
import type { HeldChatMessage } from '@portico/core/chat/chat-messages';
import { nextUnread } from '@portico/core/chat/chat-unread';
import type { UnreadEvent } from '@portico/core/chat/chat-unread';
import { CHAT_GAVE_UP_WARNING, reconnectDelay } from '@portico/core/chat/chat-reconnect';
import { CHAT_OPENED_SESSION_KEY } from '@portico/core/chat/chat-start';
import { visitorIdStorageKey } from '../shared/visitor-id.ts';
import type { ChatLink, OpenChatLink } from './chat-link.ts';

export interface ChatView {
  connection: ChatConnectionState;
  /** The reconnect schedule ran out (a warning was logged); opening the panel tries again. */
  gaveUp: boolean;
  messages: readonly HeldChatMessage[];
  /** The conversation (a support case), once the first message is stored. */
  caseUid: string | null;
  unread: number;
  /** The hub's `presence`, null until it has said. */
  online: boolean | null;
  personEmail: string | null;
  /** RequireEmail and no e-mail known: messages wait in the list and the e-mail form shows. */
  emailRequested: boolean;
  /** ClientIds of the messages waiting for the e-mail. */
  waiting: readonly string[];
  /** A send is under way (the sending guard: a second one is refused meanwhile). */
  sending: boolean;
  /** The server refused a message: the panel shows the send failure alert. */
  sendFailed: boolean;
  signedIn: boolean;
}

export interface ChatClock {
  now(): Date;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface ChatSessionDeps {
  server: string;
  token: { get(): string | null; subscribe(fn: () => void): () => void };
  /** The signed-in person's uid for a token, or null (a sign-in, sign-out or another person restarts the chat). */
  personOf(token: string | null): string | null;
  /** Where the unread count goes (the loader's Chat trigger badge listens for `chat.unread`). */
  emitUnread(count: number): void;
  /** The transport, loaded when the chat starts (Socket.IO, or demo mode's scripted operator). */
  loadLink(): Promise<OpenChatLink>;
  localStorage: Storage | null;
  sessionStorage: Storage | null;
  clock: ChatClock;
  newClientId(): string;
  warn(message: string): void;
  timezone: string;
  parentUrl: string;
}

export type EmailAnswer = 'ok' | 'failed';

export interface ChatSession {
  get(): ChatView;
  subscribe(fn: () => void): () => void;
  /** Starts the connection (idempotent); after the schedule gave up, tries again. */
  start(): void;
  setPanelOpen(open: boolean): void;
  /** The chat settings the panel read (GET /support/settings Chat). */
  configure(settings: { requireEmail: boolean }): void;
  /** Adds the visitor's message; false when empty, too long, or a send is under way (the input keeps its text). */
  send(text: string): boolean;
  /** Gives the visitor's e-mail (the panel checks it with core's isValidEmail first); the waiting messages then go. */
  setPersonEmail(email: string): Promise<EmailAnswer>;
  dismissSendFailure(): void;
  /** What opens this conversation's files: the signed-in person's token, else the visitor id. */
  credential(): { accessToken: string } | { uvi: string } | null;
  stop(): void;
}

export function createChatSession(deps: ChatSessionDeps): ChatSession {
  const { clock, personOf } = deps;
  const uviKey = visitorIdStorageKey(deps.server);
  const listeners = new Set<() => void>();
  let view: ChatView = {
    connection: ChatConnectionState.Connecting, gaveUp: false, messages: [], caseUid: null, unread: 0, online: null,
    personEmail: null, emailRequested: false, waiting: [], sending: false, sendFailed: false, signedIn: personOf(deps.token.get()) !== null,
  };
  let started = false;
  let panelOpen = false;
  let requireEmail = false;
  let link: ChatLink | null = null;
  let linkUp = false;
  let failures = 0;
  let timer: unknown = null;
  /** Bumped when the person changes or the chat stops: anything still under way for the old one is dropped. */
  let generation = 0;
  let identity = personOf(deps.token.get());
  let unsubscribeToken: (() => void) | null = null;

  const set = (patch: Partial<ChatView>) => {
    const before = view.unread;
    view = { ...view, ...patch };
    if (view.unread !== before) deps.emitUnread(view.unread);
    for (const fn of [...listeners]) fn();
  };

  const readUvi = (): string | null => {
    try {
      const raw = deps.localStorage?.getItem(uviKey);
      const value = raw ? (JSON.parse(raw) as Partial<StoredVisitor>).UniqueVisitorIdentifier : null;
      return typeof value === 'string' && value !== '' ? value : null;
    } catch {
      return null;
    }
  };
  // Written only here, after the chat has started: nothing goes to the visitor's storage before.
  const storeUvi = (uvi: string) => {
    try {
      deps.localStorage?.setItem(uviKey, JSON.stringify({ UniqueVisitorIdentifier: uvi } satisfies StoredVisitor));
    } catch {
      /* storage blocked or full: the server issues a new id next time */
    }
  };
  const forgetUvi = () => {
    try {
      deps.localStorage?.removeItem(uviKey);
    } catch {
      /* nothing stored */
    }
  };

  const merge = (incoming: readonly HeldChatMessage[]) => {
    const messages = mergeChatMessages(view.messages, incoming);
    const caseUid = view.caseUid ?? incoming.find((m) => m.Uid !== null && m.Case.Uid)?.Case.Uid ?? null;
    set({ messages, caseUid });
  };

  const applyUnread = (event: UnreadEvent) => {
    const next = nextUnread(view.unread, event, panelOpen);
    set({ unread: next.unread });
    if (next.markRead) markRead();
  };

  function markRead() {
    const caseUid = view.caseUid;
    if (!caseUid || !link || !linkUp) return;
    const seen = clock.now().toISOString();
    set({ messages: view.messages.map((m) => (isAgentMessage(m) && m.SeenDateTime === null ? { ...m, SeenDateTime: seen } : m)), unread: 0 });
    link.call('markChatRead', { Uid: caseUid }).catch(() => undefined);
  }

  function receive(message: ChatMessage) {
    const known = view.messages.some((m) => m.Uid === message.Uid);
    if (message.NewUvi) storeUvi(message.NewUvi);
    merge([message]);
    if (!known) applyUnread({ kind: 'received', message });
  }

  async function loadHistory(current: ChatLink, gen: number) {
    for (;;) {
      const answer = await current.call('getHistory', { AfterSeq: highestSeq(view.messages) });
      if (gen !== generation || link !== current) return;
      if (!answer.ok) {
        deps.warn(`[portico] chat: history refused (${answer.error.ErrorCode})`);
        return;
      }
      if (answer.data.CaseUid && !view.caseUid) set({ caseUid: answer.data.CaseUid });
      merge(answer.data.Messages);
      if (!answer.data.More || answer.data.Messages.length === 0) break;
    }
    applyUnread({ kind: 'history', messages: view.messages });
  }

  async function onConnected(current: ChatLink, gen: number) {
    try {
      // Spec 2 section 4: signed in, the visitor id; otherwise the e-mail the server knows; then the history.
      if (view.signedIn) {
        const uvi = await current.call('getUvi');
        if (uvi.ok) storeUvi(uvi.data);
      } else {
        const email = await current.call('getPersonEmail');
        if (email.ok && gen === generation) setEmail(email.data);
      }
      await loadHistory(current, gen);
    } catch {
      /* no answer in time: the link's end schedules the next try, which asks again */
    }
  }

  function connect() {
    timer = null;
    const gen = generation;
    void deps.loadLink().then((open) => {
      if (gen !== generation || link) return;
      const current: ChatLink = open({
        server: deps.server, uvi: readUvi(), token: deps.token.get(), timezone: deps.timezone, parentUrl: deps.parentUrl,
        handlers: {
          connected: () => {
            if (link !== current) return;
            linkUp = true;
            failures = 0;
            set({ connection: ChatConnectionState.Connected, gaveUp: false });
            void onConnected(current, gen);
          },
          ended: ({ refusal }) => {
            if (link !== current) return;
            const wasUp = linkUp;
            link = null;
            linkUp = false;
            // A visitor id this server never issued (another server, a reset database): forget it and connect as new.
            if (refusal === ChatRefusal.InvalidVisitor && readUvi()) {
              forgetUvi();
              connect();
              return;
            }
            set({ connection: wasUp || view.connection === ChatConnectionState.Reconnecting ? ChatConnectionState.Reconnecting : view.connection });
            scheduleNext();
          },
          receive: (m) => link === current && receive(m),
          updatePersonEmail: (email) => link === current && setEmail(email),
          updatePersonIdentifier: (uvi) => link === current && storeUvi(uvi),
          presence: (p) => link === current && set({ online: p.Online }),
        },
      });
      link = current;
    }, (err: unknown) => {
      deps.warn(`[portico] chat: could not load the connection (${String(err)})`);
      scheduleNext();
    });
  }

  function scheduleNext() {
    const delay = reconnectDelay(failures);
    failures += 1;
    if (delay === null) {
      set({ connection: ChatConnectionState.Disconnected, gaveUp: true });
      deps.warn(CHAT_GAVE_UP_WARNING);
      return;
    }
    timer = clock.setTimeout(connect, delay);
  }

  function setEmail(email: string | null) {
    set({ personEmail: email, ...(email ? { emailRequested: false } : {}) });
    if (email && view.waiting.length) void flushWaiting();
  }

  async function flushWaiting() {
    const waiting = view.waiting;
    set({ waiting: [] });
    for (const clientId of waiting) {
      const echo = view.messages.find((m) => m.Uid === null && m.ClientId === clientId);
      if (echo) await deliver(echo);
    }
  }

  /** Sends one message until the server acknowledges it: retried every CHAT_SEND_RETRY_MS while not connected, with its ClientId. */
  function deliver(echo: HeldChatMessage): Promise<void> {
    const gen = generation;
    set({ sending: true });
    return new Promise((resolve) => {
      const attempt = async () => {
        if (gen !== generation) return resolve();
        const current = link;
        if (!current || !linkUp) {
          clock.setTimeout(() => void attempt(), CHAT_SEND_RETRY_MS);
          return;
        }
        let answer;
        try {
          answer = await current.call('send', {
            ClientId: echo.ClientId!, Comment: echo.Comment, Created: echo.Created, Type: ChatMessageType.PersonReply, PersonEmail: view.personEmail,
          });
        } catch {
          clock.setTimeout(() => void attempt(), CHAT_SEND_RETRY_MS);
          return;
        }
        if (gen !== generation) return resolve();
        if (answer.ok) {
          if (answer.data.NewUvi) storeUvi(answer.data.NewUvi);
          merge([answer.data]);
          set({ sending: false });
        } else {
          deps.warn(`[portico] chat: message refused (${answer.error.ErrorCode})`);
          set({ messages: view.messages.filter((m) => m !== echo && !(m.Uid === null && m.ClientId === echo.ClientId)), sending: false, sendFailed: true });
        }
        resolve();
      };
      void attempt();
    });
  }

  function reset() {
    generation += 1;
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
    link?.close();
    link = null;
    linkUp = false;
    failures = 0;
  }

  const session: ChatSession = {
    get: () => view,
    subscribe(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    start() {
      if (started && !view.gaveUp) return;
      if (!started) {
        started = true;
        // A sign-in, a sign-out or another person: the chat is that person's (a sign-out forgets the visitor id).
        unsubscribeToken = deps.token.subscribe(() => {
          const next = personOf(deps.token.get());
          if (next === identity) return;
          if (identity !== null && next === null) forgetUvi();
          identity = next;
          reset();
          set({
            connection: ChatConnectionState.Connecting, gaveUp: false, messages: [], caseUid: null, unread: 0, personEmail: null,
            emailRequested: false, waiting: [], sending: false, sendFailed: false, signedIn: next !== null,
          });
          connect();
        });
      }
      reset();
      set({ connection: view.gaveUp ? ChatConnectionState.Reconnecting : ChatConnectionState.Connecting, gaveUp: false });
      connect();
    },
    setPanelOpen(open) {
      panelOpen = open;
      if (!open) return;
      try {
        deps.sessionStorage?.setItem(CHAT_OPENED_SESSION_KEY, '1');
      } catch {
        /* storage blocked: the chat then starts when the panel is opened again */
      }
      session.start();
      applyUnread({ kind: 'opened' });
      if (view.messages.some((m) => isAgentMessage(m) && m.SeenDateTime === null)) markRead();
    },
    configure(settings) {
      requireEmail = settings.requireEmail;
    },
    send(text) {
      const comment = text.trim();
      if (comment === '' || comment.length > CHAT_MESSAGE_MAX_LENGTH || view.sending) return false;
      const echo: HeldChatMessage = {
        Uid: null, Seq: null, Case: { Uid: view.caseUid ?? '' }, Type: ChatMessageType.PersonReply, Comment: comment, Created: clock.now().toISOString(),
        SeenDateTime: null, AgentName: null, PersonEmail: view.personEmail, NewUvi: null, ClientId: deps.newClientId(),
      };
      merge([echo]);
      if (requireEmail && !view.signedIn && !view.personEmail) {
        set({ waiting: [...view.waiting, echo.ClientId!], emailRequested: true });
        return true;
      }
      void deliver(echo);
      return true;
    },
    async setPersonEmail(email) {
      const value = email.trim();
      const current = link;
      if (!current || !linkUp) return 'failed';
      try {
        const answer = await current.call('setPersonEmail', { Email: value });
        if (!answer.ok) return 'failed';
        setEmail(answer.data);
        return 'ok';
      } catch {
        return 'failed';
      }
    },
    dismissSendFailure: () => set({ sendFailed: false }),
    credential() {
      const token = deps.token.get();
      if (view.signedIn && token) return { accessToken: token };
      const uvi = readUvi();
      return uvi ? { uvi } : null;
    },
    stop() {
      reset();
      unsubscribeToken?.();
      unsubscribeToken = null;
      started = false;
    },
  };
  return session;
}
