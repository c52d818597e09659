import { afterAll, beforeAll, expect, it } from 'vitest';
import { ChatMessageType, type ChatMessage } from '@portico/core/chat/chat-protocol';
import { call, chatClient, connected, nextReceived, sendInput } from '../testing/chat-client.ts';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';
import { bearer } from '../testing/signed-in-test-helpers.ts';
import { signedInOperator } from './console-test-helpers.ts';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => { await t.close(); });

it("an operator's console reply to a chat case is the chat's own message: numbered after the visitor's, sanitized, delivered live with the operator's name", async () => {
  const visitor = chatClient(base);
  await connected(visitor);
  const sent = await call<ChatMessage>(visitor, 'send', sendInput('c-1', 'Hello, is anyone there?'));
  if (!sent.ok) throw new Error(sent.error.Message);
  const caseUid = sent.data.Case.Uid;

  const op = await signedInOperator(t, { name: 'Ada Lovelace' });
  const live = nextReceived(visitor);
  const reply = await t.request({ method: 'POST', url: `/api/v1/console/cases/${caseUid}/replies`, headers: bearer(op.token), payload: { Comment: 'Yes! <script>alert(1)</script><b>How can I help?</b>' } });
  expect(reply.statusCode, reply.body).toBe(201);
  const [got] = await live;
  expect(got).toMatchObject({ Type: ChatMessageType.AgentReply, AgentName: 'Ada Lovelace', Seq: sent.data.Seq + 1, Case: { Uid: caseUid } });
  expect(got!.Comment).toBe('Yes! <b>How can I help?</b>');

  // The visitor's resume from its last Seq returns the reply once, as any operator message.
  const history = await call<{ Messages: ChatMessage[] }>(visitor, 'getHistory', { AfterSeq: sent.data.Seq });
  expect(history.ok && history.data.Messages.map((m) => m.Uid)).toEqual([got!.Uid]);

  // The inbox row previews the last message as text: the reply's HTML gone, entities read, never markup.
  const row = async () => (await t.request({ method: 'GET', url: '/api/v1/console/cases?assigned=all', headers: bearer(op.token) })).json().items.find((i: { Uid: string }) => i.Uid === caseUid);
  expect((await row()).LastMessage).toMatchObject({ Text: 'Yes! How can I help?', From: 'agent', Attachment: false });
  const long = `${'&lt;tag&gt; '.repeat(10)}<p>${'word '.repeat(60)}</p><p>end</p>`;
  expect((await t.request({ method: 'POST', url: `/api/v1/console/cases/${caseUid}/replies`, headers: bearer(op.token), payload: { Comment: long } })).statusCode).toBe(201);
  const preview = (await row()).LastMessage.Text as string;
  expect(preview.startsWith('<tag> <tag> ')).toBe(true);
  expect(preview).toHaveLength(140);
  expect(preview.endsWith('…')).toBe(true);
  visitor.close();
});
