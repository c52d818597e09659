import { describe, expect, it } from 'vitest';
import { ChatConnectionState, ChatMessageType, ChatRefusal, visitorStorageKey } from '@portico/core/chat/chat-protocol';
import type { ChatAck, ChatMessage } from '@portico/core/chat/chat-protocol';
import { CHAT_GAVE_UP_WARNING } from '@portico/core/chat/chat-reconnect';
import { CHAT_OPENED_SESSION_KEY } from '@portico/core/chat/chat-start';
import { readClaims } from '../auth/claims.ts';
import { createChatSession } from './chat-session.ts';
import type { ChatClock } from './chat-session.ts';
import type { ChatLinkOptions, OpenChatLink } from './chat-link.ts';

const SERVER = 'https://portico.example';
(globalThis as { location?: unknown }).location ??= { origin: 'https://shop.example' };
const UVI_KEY = visitorStorageKey('https://shop.example', SERVER);

/** A clock the test moves: timers run when their time comes, never by waiting. */
function manualClock(): ChatClock & { advance(ms: number): Promise<void>; pending(): number[] } {
  let now = Date.UTC(2026, 10, 29, 10, 0, 0);
  let timers: { at: number; fn: () => void; id: number }[] = [];
  let ids = 0;
  return {
    now: () => new Date(now),
    setTimeout(fn, ms) {
      ids += 1;
      timers.push({ at: now + ms, fn, id: ids });
      return ids;
    },
    clearTimeout(id) {
      timers = timers.filter((t) => t.id !== id);
    },
    async advance(ms) {
      const end = now + ms;
      for (;;) {
        await settle();
        const due = timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        timers = timers.filter((t) => t !== due);
        now = due.at;
        due.fn();
      }
      now = end;
      await settle();
    },
    pending: () => timers.map((t) => t.at - now),
  };
}
const settle = async () => {
  for (let i = 0; i < 20; i += 1) await Promise.resolve();
};

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    data,
    storage: {
      getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), removeItem: (k: string) => void data.delete(k),
    } as unknown as Storage,
  };
}

/**
 * A stand-in for the server's hub, in memory: one conversation, Seq numbering, ClientId dedup,
 * and a switch for whether handshakes succeed. It plays the server's part; the session is real.
 */
function hub() {
  const messages: ChatMessage[] = [];
  let seq = 0;
  let accept = true;
  const refusal: string | null = null;
  const links: { options: ChatLinkOptions; up: boolean }[] = [];
  const calls: string[] = [];
  const emails: string[] = [];
  const store = (m: Omit<ChatMessage, 'Uid' | 'Seq' | 'Case'>): ChatMessage => {
    seq += 1;
    const stored = { ...m, Uid: `m${seq}`, Seq: seq, Case: { Uid: 'case-1' } };
    messages.push(stored);
    return stored;
  };
  const live = () => links.filter((l) => l.up);
  const open: OpenChatLink = (options) => {
    const entry = { options, up: false };
    links.push(entry);
    queueMicrotask(() => {
      if (options.uvi === 'forged') return options.handlers.ended({ refusal: ChatRefusal.InvalidVisitor });
      if (!accept) return options.handlers.ended({ refusal });
      entry.up = true;
      options.handlers.connected();
      if (!options.uvi) options.handlers.updatePersonIdentifier('v-new');
    });
    return {
      async call(name: string, input?: unknown): Promise<ChatAck<unknown>> {
        if (!entry.up) throw new Error('not connected');
        calls.push(name === 'getHistory' ? `getHistory ${(input as { AfterSeq: number }).AfterSeq}` : name);
        switch (name) {
          case 'getHistory': {
            const after = (input as { AfterSeq: number }).AfterSeq;
            const page = messages.filter((m) => m.Seq > after).slice(0, 2);
            return { ok: true, data: { CaseUid: messages.length ? 'case-1' : null, Messages: page, More: messages.filter((m) => m.Seq > after).length > 2 } };
          }
          case 'send': {
            const i = input as { ClientId: string; Comment: string; Created: string };
            if (i.Comment === 'refuse me') return { ok: false, error: { ErrorCode: 'Errors.InvalidValue', Message: 'no' } };
            const twin = messages.find((m) => m.ClientId === i.ClientId);
            return { ok: true, data: twin ?? store({ Type: 1, Comment: i.Comment, Created: i.Created, SeenDateTime: null, AgentName: null, PersonEmail: null, NewUvi: null, ClientId: i.ClientId }) };
          }
          case 'markChatRead':
            for (const m of messages) if (m.Type !== 1) m.SeenDateTime ??= '2026-11-29T10:00:00.000Z';
            return { ok: true, data: null };
          case 'getPersonEmail': return { ok: true, data: null };
          case 'getUvi': return { ok: true, data: 'v-person' };
          case 'setPersonEmail': emails.push((input as { Email: string }).Email); return { ok: true, data: (input as { Email: string }).Email };
          default: throw new Error(name);
        }
      },
      close: () => void (entry.up = false),
    } as never;
  };
  return {
    open, messages, calls, emails, links,
    set accept(v: boolean) { accept = v; },
    /** The operator answers: stored, then sent to every live link (unless `lost`: the event never arrives). */
    reply(comment: string, { lost = false } = {}) {
      const m = store({ Type: ChatMessageType.AgentReply, Comment: comment, Created: new Date().toISOString(), SeenDateTime: null, AgentName: 'Ana Lee', PersonEmail: null, NewUvi: null, ClientId: null });
      if (!lost) for (const l of live()) l.options.handlers.receive(m);
    },
    /** The node dies: every live link ends. */
    drop() {
      for (const l of live()) {
        l.up = false;
        l.options.handlers.ended({ refusal: null });
      }
    },
  };
}

function setup(token: string | null = null) {
  const h = hub();
  const clock = manualClock();
  const local = memoryStorage();
  const session = memoryStorage();
  const warnings: string[] = [];
  const badge: number[] = [];
  let tokenValue = token;
  const tokenListeners = new Set<() => void>();
  let ids = 0;
  const chat = createChatSession({
    server: SERVER,
    personOf: (t) => readClaims(t)?.personUid ?? null,
    token: { get: () => tokenValue, subscribe: (fn) => (tokenListeners.add(fn), () => tokenListeners.delete(fn)) },
    emitUnread: (n) => badge.push(n),
    loadLink: async () => h.open,
    localStorage: local.storage, sessionStorage: session.storage, clock,
    newClientId: () => `client-${(ids += 1)}`,
    warn: (w) => warnings.push(w), timezone: 'Europe/Paris', parentUrl: 'https://shop.example/page',
  });
  const setToken = (t: string | null) => {
    tokenValue = t;
    for (const fn of tokenListeners) fn();
  };
  return { h, clock, chat, local, session, warnings, badge, setToken };
}

const comments = (chat: { get(): { messages: readonly { Comment: string }[] } }) => chat.get().messages.map((m) => m.Comment);
const jwt = (sub: string) => `e30.${Buffer.from(JSON.stringify({ sub, email: `${sub}@example.com` })).toString('base64url')}.sig`;

describe('chat session', () => {
  it('writes nothing to the visitor storage before the panel opens, then keeps the uvi the server issues', async () => {
    const { chat, clock, local, session, h } = setup();
    await clock.advance(10_000);
    expect(local.data.size + session.data.size).toBe(0);
    expect(h.links).toHaveLength(0);
    chat.setPanelOpen(true);
    await clock.advance(0);
    expect(chat.get().connection).toBe(ChatConnectionState.Connected);
    expect(JSON.parse(local.data.get(UVI_KEY)!)).toEqual({ UniqueVisitorIdentifier: 'v-new' });
    expect(session.data.get(CHAT_OPENED_SESSION_KEY)).toBe('1');
    expect(h.calls).toEqual(['getPersonEmail', 'getHistory 0']);
    expect(chat.credential()).toEqual({ uvi: 'v-new' });
  });

  it('shows the local echo at once, gives it the Uid of the ack, and refuses a second send meanwhile and an empty one', async () => {
    const { chat, clock, h } = setup();
    chat.setPanelOpen(true);
    await clock.advance(0);
    expect(chat.send('   ')).toBe(false);
    expect(chat.send('Hello')).toBe(true);
    expect(chat.send('Again')).toBe(false);
    expect(chat.get().messages.map((m) => [m.Comment, m.Uid])).toEqual([['Hello', null]]);
    await clock.advance(0);
    expect(chat.get().messages.map((m) => [m.Comment, m.Uid, m.Seq])).toEqual([['Hello', 'm1', 1]]);
    expect(chat.get().caseUid).toBe('case-1');
    expect(h.messages).toHaveLength(1);
  });

  it('retries a send every 100 ms while not connected and stores it once', async () => {
    const { chat, clock, h } = setup();
    h.accept = false;
    chat.setPanelOpen(true);
    await clock.advance(0);
    expect(chat.get().connection).toBe(ChatConnectionState.Connecting);
    chat.send('Are you there?');
    await clock.advance(1_000);
    expect(h.messages).toHaveLength(0);
    h.accept = true;
    await clock.advance(1_000); // the library's 2 s reconnect
    await clock.advance(100);
    expect(h.messages.map((m) => m.Comment)).toEqual(['Are you there?']);
    expect(chat.get().messages.map((m) => m.Uid)).toEqual(['m1']);
  });

  it('follows the reconnect schedule: 2 s, then three tries 30 s apart, then stops with a warning', async () => {
    const { chat, clock, h, warnings } = setup();
    chat.setPanelOpen(true);
    await clock.advance(0);
    h.accept = false;
    h.drop();
    expect(chat.get().connection).toBe(ChatConnectionState.Reconnecting);
    expect(clock.pending()).toEqual([2_000]);
    await clock.advance(2_000);
    expect(h.links).toHaveLength(2);
    for (const n of [3, 4, 5]) {
      expect(clock.pending()).toEqual([30_000]);
      await clock.advance(30_000);
      expect(h.links).toHaveLength(n);
    }
    expect(clock.pending()).toEqual([]);
    expect(chat.get().connection).toBe(ChatConnectionState.Disconnected);
    expect(warnings).toEqual([CHAT_GAVE_UP_WARNING]);
    // Opening the panel again tries again.
    h.accept = true;
    chat.setPanelOpen(false);
    chat.setPanelOpen(true);
    await clock.advance(0);
    expect(chat.get().connection).toBe(ChatConnectionState.Connected);
  });

  it('resumes from the highest Seq on reconnect: replies sent while away appear once, in order, paging while More', async () => {
    const { chat, clock, h } = setup();
    chat.setPanelOpen(true);
    await clock.advance(0);
    chat.send('Hi');
    await clock.advance(0);
    h.reply('one');
    h.drop();
    h.reply('two', { lost: true });
    h.reply('three', { lost: true });
    h.reply('four', { lost: true });
    await clock.advance(2_000);
    expect(comments(chat)).toEqual(['Hi', 'one', 'two', 'three', 'four']);
    expect(chat.get().messages.map((m) => m.Seq)).toEqual([1, 2, 3, 4, 5]);
    expect(h.calls.filter((c) => c.startsWith('getHistory'))).toEqual(['getHistory 0', 'getHistory 2', 'getHistory 4']);
    // An event repeated by the server (two nodes) changes nothing.
    h.links.at(-1)!.options.handlers.receive(h.messages[1]!);
    expect(comments(chat)).toHaveLength(5);
  });

  it('counts unread agent messages while closed, tells the badge, and resets on opening with markChatRead', async () => {
    const { chat, clock, h, badge } = setup();
    chat.setPanelOpen(true);
    await clock.advance(0);
    chat.send('Hi');
    await clock.advance(0);
    chat.setPanelOpen(false);
    h.reply('Hello!');
    h.reply('Anyone?');
    expect(chat.get().unread).toBe(2);
    expect(badge).toEqual([1, 2]);
    chat.setPanelOpen(true);
    await clock.advance(0);
    expect(chat.get().unread).toBe(0);
    expect(badge.at(-1)).toBe(0);
    expect(h.calls).toContain('markChatRead');
    expect(chat.get().messages.filter((m) => m.Type === ChatMessageType.AgentReply).every((m) => m.SeenDateTime !== null)).toBe(true);
    h.reply('While open');
    await clock.advance(0);
    expect(chat.get().unread).toBe(0);
  });

  it('with RequireEmail, holds the message until a valid e-mail is given, then sends it', async () => {
    const { chat, clock, h } = setup();
    chat.configure({ requireEmail: true });
    chat.setPanelOpen(true);
    await clock.advance(0);
    chat.send('Need help');
    await clock.advance(1_000);
    expect(chat.get().emailRequested).toBe(true);
    expect(comments(chat)).toEqual(['Need help']);
    expect(h.messages).toHaveLength(0);
    expect(await chat.setPersonEmail('ann@example.com')).toBe('ok');
    await clock.advance(0);
    expect(h.emails).toEqual(['ann@example.com']);
    expect(h.messages.map((m) => m.Comment)).toEqual(['Need help']);
    expect(chat.get().emailRequested).toBe(false);
    expect(chat.get().messages.map((m) => m.Uid)).toEqual(['m1']);
  });

  it('removes a refused message and raises the send failure', async () => {
    const { chat, clock } = setup();
    chat.setPanelOpen(true);
    await clock.advance(0);
    chat.send('refuse me');
    await clock.advance(0);
    expect(chat.get().messages).toEqual([]);
    expect(chat.get().sendFailed).toBe(true);
    expect(chat.get().sending).toBe(false);
  });

  it('signed in: asks for the uvi and opens files with the token; a sign-out forgets the uvi and starts over', async () => {
    const token = jwt('p1');
    const { chat, clock, h, local, setToken } = setup(token);
    chat.start();
    await clock.advance(0);
    expect(h.links[0]!.options.token).toBe(token);
    expect(h.calls).toEqual(['getUvi', 'getHistory 0']);
    expect(chat.credential()).toEqual({ accessToken: token });
    expect(JSON.parse(local.data.get(UVI_KEY)!).UniqueVisitorIdentifier).toBe('v-person');
    setToken(null);
    await clock.advance(0);
    expect(h.links).toHaveLength(2);
    expect(h.links[1]!.options.token).toBeNull();
    expect(h.links[1]!.options.uvi).toBeNull();
    expect(chat.get().signedIn).toBe(false);
  });

  it('forgets a visitor id the server refuses and connects as a new visitor', async () => {
    const { chat, clock, h, local } = setup();
    local.data.set(UVI_KEY, JSON.stringify({ UniqueVisitorIdentifier: 'forged' }));
    chat.setPanelOpen(true);
    await clock.advance(0);
    expect(h.links.map((l) => l.options.uvi)).toEqual(['forged', null]);
    expect(chat.get().connection).toBe(ChatConnectionState.Connected);
  });
});
