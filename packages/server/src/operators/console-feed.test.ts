import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleFeedRefusal } from '@portico/core/operators/console-feed-protocol';
import type { ChatMessage } from '@portico/core/chat/chat-protocol';
import { loadCompanyConfig } from '../config/load-company-config.ts';
import { tinyPng } from '../files/test-images.ts';
import { replyTokenFor } from '../support-mail/reply-tokens.ts';
import { INBOUND_SECRET_HEADER } from '../support-mail/inbound-mail.ts';
import { call, chatClient, connected, sendInput, type ChatClient } from '../testing/chat-client.ts';
import { disconnected, feedClient, feedConnected, feedLog, feedRefusal, type FeedClient } from '../testing/console-feed-client.ts';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';
import { bearer, signedInCustomer } from '../testing/signed-in-test-helpers.ts';
import { unitOfWork } from '../unit-of-work.ts';
import { makeCase, signedInOperator, type TestOperator } from './console-test-helpers.ts';

/**
 * The console's live feed (docs/console.md "Live updates"): a real listening server, real Socket.IO
 * clients (an operator's console, a visitor's chat). Every write that changes a case's inbox row or
 * conversation reaches every connected operator as `caseChanged`; the handshake is the console guard's.
 */
const SUPPORT = 'help@northwind.example';
const SECRET = 'inbound-secret-for-feed-tests-0123456789abcdef';
let t: TestApp;
let base: string;
let ana: TestOperator;
let bo: TestOperator;
const open: (FeedClient | ChatClient)[] = [];

beforeAll(async () => {
  const config = { ...loadCompanyConfig(), captcha: { ...loadCompanyConfig().captcha, provider: 'none' as const }, support: { emailAddress: SUPPORT } };
  t = await createTestApp({ config, app: { secrets: { PORTICO_INBOUND_MAIL_SECRET: SECRET } } });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  ana = await signedInOperator(t, { name: 'Ana Feed' });
  bo = await signedInOperator(t, { name: 'Bo Feed' });
});
afterAll(async () => {
  for (const s of open) s.disconnect();
  await t.close();
});

async function operatorFeed(token: string): Promise<FeedClient> {
  const socket = feedClient(base, `Bearer ${token}`);
  open.push(socket);
  await feedConnected(socket);
  return socket;
}
async function visitorMessage(comment: string, socket?: ChatClient): Promise<{ socket: ChatClient; message: ChatMessage }> {
  const visitor = socket ?? chatClient(base);
  if (!socket) { open.push(visitor); await connected(visitor); }
  const sent = await call<ChatMessage>(visitor, 'send', sendInput(randomUUID(), comment));
  if (!sent.ok) throw new Error(sent.error.Message);
  return { socket: visitor, message: sent.data };
}

describe('console feed: caseChanged for every change of a case', () => {
  it('a visitor\'s chat message reaches every connected operator, with the case uid and when it changed', async () => {
    const [a, b] = [feedLog(await operatorFeed(ana.token)), feedLog(await operatorFeed(bo.token))];
    const { message } = await visitorMessage('Hello, is anyone there?');
    const [onA, onB] = await Promise.all([a.change(message.Case.Uid), b.change(message.Case.Uid)]);
    expect(onA).toEqual({ CaseUid: message.Case.Uid, Updated: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    expect(onB.CaseUid).toBe(message.Case.Uid);
  });

  it('a visitor\'s second message, their file, and a console reply to the chat (the chat\'s own delivery) each announce the case', async () => {
    const feed = feedLog(await operatorFeed(ana.token));
    const { socket, message } = await visitorMessage('First');
    const caseUid = message.Case.Uid;
    await feed.change(caseUid);
    const count = () => feed.all.filter((e) => e.CaseUid === caseUid).length;

    await visitorMessage('Second', socket);
    await expect.poll(count).toBe(2);
    const uvi = (await call<string>(socket, 'getUvi')) as { ok: true; data: string };
    const boundary = 'feed-boundary-1';
    const payload = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="shot.png"\r\nContent-Type: image/png\r\n\r\n`), tinyPng(), Buffer.from(`\r\n--${boundary}--\r\n`)]);
    const file = await t.request({ method: 'POST', url: `/api/v1/chats/${caseUid}/documents?uvi=${uvi.data}`, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
    expect(file.statusCode, file.body).toBe(201);
    await expect.poll(count).toBe(3);
    const reply = await t.request({ method: 'POST', url: `/api/v1/console/cases/${caseUid}/replies`, headers: bearer(ana.token), payload: { Comment: 'Hi!' } });
    expect(reply.statusCode, reply.body).toBe(201);
    await expect.poll(count).toBe(4);
  });

  it('a help-form case, announced with the uid the form was answered', async () => {
    const feed = feedLog(await operatorFeed(bo.token));
    const res = await t.request({ method: 'POST', url: '/api/v1/public/support/cases', remoteAddress: '203.0.113.61', payload: { FromPerson: { Email: 'feed@example.com' }, Subject: 'Export', Body: 'Stops at 1,000 rows.', Source: 1 } });
    expect(res.statusCode, res.body).toBe(201);
    expect((await feed.change(res.json().Uid)).CaseUid).toBe(res.json().Uid);
  });

  it('the console\'s reply (stored and mailed), close, reopen and assign each announce the case; an inbound mail too', async () => {
    const feed = feedLog(await operatorFeed(bo.token));
    const c = await makeCase(t, { email: 'mailer@example.com' });
    const count = () => feed.all.filter((e) => e.CaseUid === c.uid).length;
    const act = async (url: string, payload?: object) => {
      const res = await t.request({ method: 'POST', url: `/api/v1/console/cases/${c.uid}/${url}`, headers: bearer(ana.token), ...(payload ? { payload } : {}) });
      expect(res.statusCode, res.body).toBeLessThan(300);
    };
    await act('replies', { Comment: 'Could you send the file?' });
    await expect.poll(count).toBe(1);
    await act('close');
    await expect.poll(count).toBe(2);
    await act('reopen');
    await expect.poll(count).toBe(3);
    await act('assign');
    await expect.poll(count).toBe(4);
    // Assigning again changes nothing, so nothing is announced: the next event is the inbound mail's.
    await act('assign');
    const token = await replyTokenFor(unitOfWork(t.database.db), c.uid);
    const raw = [`From: <mailer@example.com>`, `To: help+${token}@northwind.example`, 'Subject: Re: Help please', `Message-ID: <feed-${randomUUID()}@example.com>`, 'Content-Type: text/plain', '', 'Here it is.', ''].join('\r\n');
    const inbound = await t.request({ method: 'POST', url: '/api/v1/inbound-mail', headers: { 'content-type': 'message/rfc822', [INBOUND_SECRET_HEADER]: SECRET }, payload: Buffer.from(raw) });
    expect(inbound.statusCode, inbound.body).toBe(201);
    await expect.poll(count).toBe(5);
    // Events come in order: once another case's change has arrived, nothing more came for this one.
    const other = await makeCase(t, { email: 'other@example.com' });
    await t.request({ method: 'POST', url: `/api/v1/console/cases/${other.uid}/close`, headers: bearer(ana.token) });
    await feed.change(other.uid);
    expect(count()).toBe(5);
  });
});

describe('console feed: who may connect, and for how long', () => {
  it('refuses a handshake without a token, with garbage, with a member\'s token', async () => {
    const member = await signedInCustomer(t);
    for (const authorization of [undefined, '', 'Bearer', 'Bearer not-a-token', ana.token, `Bearer ${member.primary.token}`, `Basic ${ana.token}`]) {
      const socket = feedClient(base, authorization);
      open.push(socket);
      expect(await feedRefusal(socket), String(authorization)).toBe(ConsoleFeedRefusal.InvalidToken);
    }
  });

  it('disconnects a client that sends anything (the feed takes no calls)', async () => {
    const socket = await operatorFeed(ana.token);
    const gone = disconnected(socket);
    (socket as unknown as { emit(name: string, ...args: unknown[]): void }).emit('send', { Comment: 'hi' });
    expect(await gone).toBe('io server disconnect');
  });

  it('logout disconnects the session\'s sockets at once, and its token opens no new one; another operator stays connected', async () => {
    const cy = await signedInOperator(t, { name: 'Cy Leaving' });
    const socket = await operatorFeed(cy.token);
    const other = feedLog(await operatorFeed(ana.token));
    const gone = disconnected(socket);
    const res = await t.request({ method: 'POST', url: '/api/v1/console/tokens/logout', headers: bearer(cy.token) });
    expect(res.statusCode).toBe(204);
    expect(await gone).toBe('io server disconnect');
    const again = feedClient(base, `Bearer ${cy.token}`);
    open.push(again);
    expect(await feedRefusal(again)).toBe(ConsoleFeedRefusal.InvalidToken);
    const { message } = await visitorMessage('Still there?');
    expect((await other.change(message.Case.Uid)).CaseUid).toBe(message.Case.Uid);
  });

  it('disabling the operator disconnects their sockets', async () => {
    const di = await signedInOperator(t, { name: 'Di Disabled' });
    const socket = await operatorFeed(di.token);
    const gone = disconnected(socket);
    const res = await t.admin({ method: 'PATCH', url: `/api/v1/admin/operators/${di.uid}`, payload: { Disabled: true } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await gone).toBe('io server disconnect');
  });

  it('a socket lives no longer than the token it showed (the console reconnects with its reissued one)', async () => {
    const ed = await signedInOperator(t, { name: 'Ed Expiring' });
    // The token has about a second left when it connects.
    t.clock.set(new Date(t.clock.now().getTime() + t.config.auth.accessTokenMinutes * 60_000 - 1_500));
    try {
      const socket = await operatorFeed(ed.token);
      expect(await disconnected(socket)).toBe('io server disconnect');
    } finally {
      t.clock.reset();
    }
  });
});
