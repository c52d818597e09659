import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_HISTORY_PAGE, CHAT_MESSAGE_MAX_LENGTH, ChatRefusal, type ChatHistory, type ChatMessage } from '@portico/core/chat/chat-protocol';
import { CHAT_VISITOR_ID } from '@portico/core/chat/chat-rules';
import { OPERATOR_PRESENCE_TTL_MS } from '@portico/core/operators/operator-rules';
import { ActivityType } from '@portico/core/support/support-limits';
import { createdOperator } from '../operators/console-test-helpers.ts';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';
import { call, chatClient, connected, nextReceived, refusal, sendInput, type ChatClient } from '../testing/chat-client.ts';
import { signedInCustomer } from '../testing/signed-in-test-helpers.ts';
import { unitOfWork } from '../unit-of-work.ts';
import { CHAT_RATE_LIMITS } from './chat.rate-limits.ts';

let t: TestApp;
let base: string;
const open: ChatClient[] = [];

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const s of open) s.disconnect();
  await t.close();
});

async function visitor(opts: { uvi?: string; token?: string } = {}): Promise<{ socket: ChatClient; uvi: string }> {
  const socket = chatClient(base, opts);
  open.push(socket);
  await connected(socket);
  const ack = await call<string>(socket, 'getUvi');
  if (!ack.ok) throw new Error(ack.error.Message);
  return { socket, uvi: ack.data };
}
/** Rows of a raw query (the test reads tables the routes do not show). */
const rows = async (query: ReturnType<typeof sql>) => ((await t.database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
const stored = async (where = sql`true`) => {
  const r = { rows: await rows(sql`select count(*)::int as n from support_case_activities where ${where}`) };
  return (r as unknown as { rows: { n: number }[] }).rows[0]!.n;
};
async function send(socket: ChatClient, comment: string, clientId = randomUUID()): Promise<ChatMessage> {
  const ack = await call<ChatMessage>(socket, 'send', sendInput(clientId, comment));
  if (!ack.ok) throw new Error(ack.error.Message);
  return ack.data;
}
const history = async (socket: ChatClient, AfterSeq: number) => {
  const ack = await call<ChatHistory>(socket, 'getHistory', { AfterSeq });
  if (!ack.ok) throw new Error(ack.error.Message);
  return ack.data;
};

describe('chat hub: identity', () => {
  it('issues a uvi to a visitor without one (updatePersonIdentifier) and knows it again on the next connect', async () => {
    const socket = chatClient(base);
    open.push(socket);
    const { issuedUvi } = await connected(socket);
    expect(issuedUvi).toMatch(CHAT_VISITOR_ID);
    const again = chatClient(base, { uvi: issuedUvi! });
    open.push(again);
    expect((await connected(again)).issuedUvi).toBeNull();
    expect(await call(again, 'getUvi')).toEqual({ ok: true, data: issuedUvi });
  });

  it('refuses a uvi it did not issue, well-formed or not, and stores nothing', async () => {
    const before = { rows: await rows(sql`select count(*)::int as n from chat_visitors`) };
    for (const uvi of ['forged', `v${'A'.repeat(32)}`, "v' or 1=1 --"]) {
      const s = chatClient(base, { uvi });
      open.push(s);
      expect(await refusal(s)).toBe(ChatRefusal.InvalidVisitor);
    }
    const after = { rows: await rows(sql`select count(*)::int as n from chat_visitors`) };
    expect(after.rows).toEqual(before.rows);
  });

  it('refuses an invalid token', async () => {
    const s = chatClient(base, { token: 'not-a-token' });
    open.push(s);
    expect(await refusal(s)).toBe(ChatRefusal.InvalidToken);
  });

  it('signed in: the chat carries the person\'s e-mail and their own visitor id, from any browser', async () => {
    const c = await signedInCustomer(t);
    const a = await visitor({ token: c.primary.token });
    expect(a.uvi).toMatch(CHAT_VISITOR_ID);
    expect(await call(a.socket, 'getPersonEmail')).toEqual({ ok: true, data: c.primary.email });
    const m = await send(a.socket, 'Hello from my account');
    expect(m.PersonEmail).toBe(c.primary.email);
    expect(m.NewUvi).toBe(a.uvi);
    const b = await visitor({ token: c.primary.token });
    expect(b.uvi).toBe(a.uvi);
    expect((await history(b.socket, 0)).Messages).toEqual([{ ...m, NewUvi: null }]);
    // The person's visitor id alone (no token) opens nothing.
    const s = chatClient(base, { uvi: a.uvi });
    open.push(s);
    expect(await refusal(s)).toBe(ChatRefusal.InvalidVisitor);
    expect(await call(a.socket, 'setPersonEmail', { Email: 'other@example.com' })).toMatchObject({ ok: false });
  });

  it('setPersonEmail stores the e-mail on the visitor and its case and tells the visitor\'s connections', async () => {
    const { socket, uvi } = await visitor();
    await send(socket, 'first');
    const twin = await visitor({ uvi });
    const told = new Promise<string>((resolve) => twin.socket.once('updatePersonEmail', resolve));
    expect(await call(socket, 'setPersonEmail', { Email: 'ann@example.com' })).toEqual({ ok: true, data: 'ann@example.com' });
    expect(await told).toBe('ann@example.com');
    expect(await call(twin.socket, 'getPersonEmail')).toEqual({ ok: true, data: 'ann@example.com' });
    const cases = { rows: await rows(sql`select email from support_cases where visitor_uid = ${uvi}`) };
    expect(cases.rows).toEqual([{ email: 'ann@example.com' }]);
    expect(await call(socket, 'setPersonEmail', { Email: 'not an email' })).toMatchObject({ ok: false, error: { ErrorCode: 'Errors.ValidationFailed' } });
  });
});

describe('chat hub: messages', () => {
  it('stores a message as a chat case\'s PersonReply with Seq 1, 2 … and shows it to the visitor\'s other tabs', async () => {
    const { socket, uvi } = await visitor();
    const tab = await visitor({ uvi });
    const seen = nextReceived(tab.socket);
    const first = await send(socket, 'Hello <b>there</b>');
    // This connection came without a uvi: the echo carries the one it was given.
    expect(first).toMatchObject({ Seq: 1, Type: 1, Comment: 'Hello <b>there</b>', AgentName: null, SeenDateTime: null, NewUvi: uvi });
    expect((await seen)[0]!.Uid).toBe(first.Uid);
    const second = await send(socket, 'Anyone?');
    expect(second.Seq).toBe(2);
    expect(second.Case.Uid).toBe(first.Case.Uid);
    const c = await t.admin({ method: 'GET', url: `/api/v1/admin/support/cases/${first.Case.Uid}` });
    expect(c.json()).toMatchObject({ Source: 5, Status: 'open', Activities: [{ Type: 1, Body: 'Hello <b>there</b>', Seq: 1 }, { Type: 1, Body: 'Anyone?', Seq: 2 }] });
  });

  it('a retried send (same ClientId) is stored once and acked with the stored message', async () => {
    const { socket } = await visitor();
    const id = randomUUID();
    const a = await send(socket, 'once', id);
    const b = await send(socket, 'once', id);
    expect(b).toEqual(a);
    expect(await stored(sql`client_id = ${id}`)).toBe(1);
  });

  it('two identical sends at once (two tabs, same ClientId) are stored once', async () => {
    const { socket, uvi } = await visitor();
    const tab = await visitor({ uvi });
    const id = randomUUID();
    const [a, b] = await Promise.all([send(socket, 'twin', id), send(tab.socket, 'twin', id)]);
    expect(a.Uid).toBe(b.Uid);
    expect(await stored(sql`client_id = ${id}`)).toBe(1);
    // And the first message of a new visitor sent twice at once makes one case.
    const fresh = await visitor();
    const fid = randomUUID();
    const [c, d] = await Promise.all([send(fresh.socket, 'first', fid), send(fresh.socket, 'first', fid)]);
    expect(c.Uid).toBe(d.Uid);
    const cases = { rows: await rows(sql`select count(*)::int as n from support_cases where visitor_uid = ${fresh.uvi}`) };
    expect(cases.rows).toEqual([{ n: 1 }]);
  });

  it('refuses bad input and stores nothing: too long, NUL, empty, wrong shape', async () => {
    const { socket, uvi } = await visitor();
    const before = await stored();
    for (const input of [
      sendInput(randomUUID(), 'x'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1)), sendInput(randomUUID(), 'a\u0000b'), sendInput(randomUUID(), '   '),
      { ...sendInput(randomUUID(), 'x'), Type: 6 }, { Comment: 'no client id', Type: 1 }, 'not an object', { ...sendInput('', 'x') },
    ]) {
      const ack = await call(socket, 'send', input);
      expect(ack.ok, JSON.stringify(input).slice(0, 80)).toBe(false);
    }
    expect(await stored()).toBe(before);
    const cases = { rows: await rows(sql`select count(*)::int as n from support_cases where visitor_uid = ${uvi}`) };
    expect(cases.rows).toEqual([{ n: 0 }]);
    expect(await send(socket, 'x'.repeat(CHAT_MESSAGE_MAX_LENGTH))).toMatchObject({ Seq: 1 });
  });

  it('ignores events it does not know, even named like an object\'s own properties, and keeps answering', async () => {
    const { socket, uvi } = await visitor();
    const answered: string[] = [];
    for (const name of ['__proto__', 'constructor', 'hasOwnProperty', 'toString', 'nope', 'presence']) {
      (socket.emit as (event: string, ...args: unknown[]) => unknown).call(socket, name, { Comment: 'x' }, () => answered.push(name));
    }
    // The calls are handled in order: the next known call's answer comes after any answer to the ones before it.
    const ack = await call<string>(socket, 'getUvi');
    expect(ack).toEqual({ ok: true, data: uvi });
    expect(answered).toEqual([]);
  });

  it('getHistory resumes after a Seq and pages by CHAT_HISTORY_PAGE', async () => {
    const { socket } = await visitor();
    const first = await send(socket, 'm1');
    expect(await history(socket, 0)).toEqual({ CaseUid: first.Case.Uid, Messages: [{ ...first, NewUvi: null }], More: false });
    // Operator replies written straight through the repository: more than one page.
    const uow = unitOfWork(t.database.db);
    for (let i = 0; i < CHAT_HISTORY_PAGE + 5; i += 1) {
      await uow.transaction((r) => r.chat.appendMessage(first.Case.Uid, {
        uid: `h${i}-${randomUUID().slice(0, 8)}`, type: ActivityType.AgentReply, body: `r${i}`, authorKind: 'agent', authorName: 'Ops', authorEmail: null, clientId: null, created: t.clock.now(),
      }));
    }
    const page1 = await history(socket, 0);
    expect(page1.Messages).toHaveLength(CHAT_HISTORY_PAGE);
    expect(page1.More).toBe(true);
    const page2 = await history(socket, page1.Messages.at(-1)!.Seq);
    expect(page2.More).toBe(false);
    expect(page2.Messages.map((m) => m.Seq)).toEqual([201, 202, 203, 204, 205, 206]);
    expect([...page1.Messages, ...page2.Messages].map((m) => m.Seq)).toEqual(Array.from({ length: CHAT_HISTORY_PAGE + 6 }, (_, i) => i + 1));
    expect((await history(socket, 206)).Messages).toEqual([]);
    // A visitor with no conversation yet.
    expect(await history((await visitor()).socket, 0)).toEqual({ CaseUid: null, Messages: [], More: false });
  });

  it('markChatRead marks the operator\'s messages seen, and refuses another visitor\'s case', async () => {
    const { socket } = await visitor();
    const m = await send(socket, 'help');
    const reply = await t.admin({ method: 'POST', url: `/api/v1/admin/chats/${m.Case.Uid}/messages`, payload: { AgentName: 'Sam', Comment: 'Hi!' } });
    expect(reply.statusCode, reply.body).toBe(201);
    const other = await visitor();
    expect(await call(other.socket, 'markChatRead', { Uid: m.Case.Uid })).toMatchObject({ ok: false, error: { ErrorCode: 'Errors.NotFound' } });
    expect((await history(socket, 0)).Messages[1]!.SeenDateTime).toBeNull();
    expect(await call(socket, 'markChatRead', { Uid: m.Case.Uid })).toEqual({ ok: true, data: null });
    const [mine, agent] = (await history(socket, 0)).Messages;
    expect(agent!.SeenDateTime).toEqual(expect.any(String));
    expect(mine!.SeenDateTime).toBeNull();
  });
});

describe('chat: the operator through the admin API', () => {
  it('a reply is sanitized when stored and delivered to the visitor at once', async () => {
    const { socket } = await visitor();
    const m = await send(socket, 'is anyone there?');
    const got = nextReceived(socket);
    const res = await t.admin({
      method: 'POST', url: `/api/v1/admin/chats/${m.Case.Uid}/messages`,
      payload: { AgentName: 'Sam', Comment: '<p>Yes! <script>alert(1)</script><a href="javascript:alert(2)" onclick="x()">link</a> <img src="x" onerror="alert(3)"></p>' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [received] = await got;
    expect(received).toEqual(res.json());
    expect(received).toMatchObject({ Type: 6, Seq: 2, AgentName: 'Sam', ClientId: null });
    expect(received!.Comment).toBe('<p>Yes! <a rel="noopener noreferrer">link</a> <img src="x" /></p>');
    const raw = { rows: await rows(sql`select body from support_case_activities where uid = ${received!.Uid}`) };
    expect(raw.rows).toEqual([{ body: received!.Comment }]);
    const chats = await t.admin({ method: 'GET', url: '/api/v1/admin/chats?status=open' });
    expect(chats.json().items).toEqual(expect.arrayContaining([expect.objectContaining({ Uid: m.Case.Uid, LastSeq: 2 })]));
    const one = await t.admin({ method: 'GET', url: `/api/v1/admin/chats/${m.Case.Uid}?afterSeq=1` });
    expect(one.json().Messages).toEqual([received]);
  });

  it('refuses an empty, script-only or unknown-chat reply and stores nothing', async () => {
    const { socket } = await visitor();
    const m = await send(socket, 'x');
    const before = await stored();
    for (const [url, payload, status] of [
      [`/api/v1/admin/chats/${m.Case.Uid}/messages`, { AgentName: 'Sam', Comment: '<script>alert(1)</script>' }, 400],
      [`/api/v1/admin/chats/${m.Case.Uid}/messages`, { AgentName: 'Sam', Comment: 'a\u0000' }, 400],
      [`/api/v1/admin/chats/${m.Case.Uid}/messages`, { AgentName: '', Comment: 'hi' }, 400],
      ['/api/v1/admin/chats/nochat/messages', { AgentName: 'Sam', Comment: 'hi' }, 404],
    ] as const) {
      const res = await t.admin({ method: 'POST', url, payload });
      expect(res.statusCode, res.body).toBe(status);
    }
    expect(await stored()).toBe(before);
    expect((await t.request({ method: 'POST', url: `/api/v1/admin/chats/${m.Case.Uid}/messages`, payload: { AgentName: 'Sam', Comment: 'hi' } })).statusCode).toBe(401);
  });

  it('presence: an operator online reaches connected visitors and the support settings, and goes offline again', async () => {
    const { socket } = await visitor();
    const settings = async () => (await t.request({ method: 'GET', url: '/api/v1/support/settings' })).json().Chat;
    expect(await settings()).toEqual({
      Online: false, IntroHeading: t.config.chat.introHeading, IntroMessage: t.config.chat.introMessage,
      RequireEmail: t.config.chat.requireEmail, RequireEmailMessage: t.config.chat.requireEmailMessage,
    });
    const sam = await createdOperator(t, { name: 'Sam' });
    const online = new Promise((resolve) => socket.once('presence', resolve));
    const res = await t.admin({ method: 'PUT', url: '/api/v1/admin/chat/presence', payload: { Operator: sam.email, Online: true } });
    expect(res.json()).toMatchObject({ Online: true, AnyOperatorOnline: true });
    expect(await online).toEqual({ Online: true });
    expect((await settings()).Online).toBe(true);
    // A newcomer is told at once.
    const late = chatClient(base);
    open.push(late);
    const told = new Promise((resolve) => late.once('presence', resolve));
    await connected(late);
    expect(await told).toEqual({ Online: true });
    const offline = new Promise((resolve) => socket.once('presence', resolve));
    expect((await t.admin({ method: 'PUT', url: '/api/v1/admin/chat/presence', payload: { Operator: sam.email, Online: false } })).json()).toEqual({ Online: false, OnlineUntil: null, AnyOperatorOnline: false });
    expect(await offline).toEqual({ Online: false });
  });

  it('presence expires with the heartbeat: past the TTL the visitors are told offline', async () => {
    const { socket } = await visitor();
    const kim = await createdOperator(t, { name: 'Kim' });
    await t.admin({ method: 'PUT', url: '/api/v1/admin/chat/presence', payload: { Operator: kim.email, Online: true } });
    const offline = new Promise((resolve) => socket.on('presence', (p) => { if (!(p as { Online: boolean }).Online) resolve(p); }));
    t.clock.set(new Date(t.clock.now().getTime() + OPERATOR_PRESENCE_TTL_MS + 1_000));
    expect(await offline).toEqual({ Online: false });
  });

  it('presence through the admin API names an operator that exists and is enabled: one store with the console\'s', async () => {
    const unknown = await t.admin({ method: 'PUT', url: '/api/v1/admin/chat/presence', payload: { Operator: 'nobody@northwind.example', Online: true } });
    expect(unknown.statusCode).toBe(404);
    const lee = await createdOperator(t, { name: 'Lee' });
    expect((await t.admin({ method: 'PATCH', url: `/api/v1/admin/operators/${lee.uid}`, payload: { Disabled: true } })).statusCode).toBe(200);
    const disabled = await t.admin({ method: 'PUT', url: '/api/v1/admin/chat/presence', payload: { Operator: lee.email, Online: true } });
    expect(disabled.statusCode).toBe(409);
    expect(await unitOfWork(t.database.db).operators.anyOnline(t.clock.now())).toBe(false);
    expect((await t.admin({ method: 'PUT', url: '/api/v1/admin/chat/presence', payload: { Operator: 'Sam', Online: true } })).statusCode).toBe(400);
  });
});

describe('chat: the auto-reply', () => {
  it('a new chat\'s first message gets it (Type 7, from the company, after the message, escaped); the next message does not', async () => {
    const text = 'Thanks! <b>We reply</b> within minutes.';
    expect((await t.admin({ method: 'PUT', url: '/api/v1/admin/console/auto-reply', payload: { Enabled: true, Text: text } })).statusCode).toBe(200);
    try {
      const { socket } = await visitor();
      const got = nextReceived(socket);
      const first = await send(socket, 'hello?');
      const [auto] = await got;
      expect(auto).toMatchObject({ Type: ActivityType.AutoReply, Seq: 2, AgentName: t.config.company.name, Comment: '<p>Thanks! &lt;b&gt;We reply&lt;/b&gt; within minutes.</p>' });
      expect(auto!.Case.Uid).toBe(first.Case.Uid);
      await send(socket, 'still there?');
      const h = await history(socket, 0);
      expect(h.Messages.map((m) => m.Type)).toEqual([ActivityType.PersonReply, ActivityType.AutoReply, ActivityType.PersonReply]);
    } finally {
      await t.admin({ method: 'PUT', url: '/api/v1/admin/console/auto-reply', payload: { Enabled: false, Text: text } });
    }
  });
});

describe('chat: rate limits', () => {
  it('past chatMessages a send is refused with nothing stored', async () => {
    const { socket } = await visitor();
    for (let i = 0; i < CHAT_RATE_LIMITS.chatMessages.max; i += 1) await send(socket, `m${i}`);
    const before = await stored();
    expect(await call(socket, 'send', sendInput(randomUUID(), 'one too many'))).toMatchObject({ ok: false, error: { ErrorCode: 'Errors.TooManyRequests' } });
    expect(await stored()).toBe(before);
  });
});

// Last in this file: it spends the address's connection budget (every socket here comes from 127.0.0.1).
describe('chat: connection flood', () => {
  it('past chatConnect an address is refused with RateLimited, and no visitor is made', async () => {
    const refusals: string[] = [];
    for (let i = 0; i < CHAT_RATE_LIMITS.chatConnect.max + 1; i += 1) {
      const s = chatClient(base);
      open.push(s);
      const outcome = await new Promise<string>((resolve) => {
        s.once('connect', () => resolve('connected'));
        s.once('connect_error', (err) => resolve(err.message));
      });
      if (outcome !== 'connected') refusals.push(outcome);
      s.disconnect();
    }
    expect(refusals.length).toBeGreaterThan(0);
    expect(new Set(refusals)).toEqual(new Set([ChatRefusal.RateLimited]));
    const before = { rows: await rows(sql`select count(*)::int as n from chat_visitors`) };
    const s = chatClient(base);
    open.push(s);
    expect(await refusal(s)).toBe(ChatRefusal.RateLimited);
    expect(({ rows: await rows(sql`select count(*)::int as n from chat_visitors`) }).rows).toEqual(before.rows);
  });
});
