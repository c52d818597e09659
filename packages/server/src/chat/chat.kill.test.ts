import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { ChatHistory, ChatMessage } from '@portico/core/chat/chat-protocol';
import { call, chatClient, connected, sendInput, type ChatClient } from '../testing/chat-client.ts';
import { TEST_ADMIN_KEY } from '../testing/create-test-app.ts';
import { freshPostgresDatabase } from '../testing/fresh-postgres.ts';
import { spawnServer, type SpawnedServer } from '../testing/spawn-server.ts';

/**
 * Issue 19's kill test: two real server processes on one PostgreSQL database with Redis. A visitor
 * is connected to node A; node A is SIGKILLed while an operator sends three replies through node B;
 * the visitor reconnects to node B and resumes from the last Seq it holds: every reply exactly once,
 * in order (docs/chat.md "Delivery guarantees"). Needs TEST_DATABASE_URL and Redis (TEST_REDIS_URL,
 * default redis://127.0.0.1:6379).
 */
const pgUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const servers: SpawnedServer[] = [];
const sockets: ChatClient[] = [];
let dropDatabase: (() => Promise<void>) | null = null;
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  for (const s of servers) if (s.child.exitCode === null) s.child.kill('SIGKILL');
  await Promise.all(servers.map((s) => s.exited()));
  await dropDatabase?.();
});

async function started(server: SpawnedServer): Promise<string> {
  const outcome = await server.outcome;
  if (!outcome.ready) throw new Error(`the server did not start (exit ${outcome.code}): ${server.stderr().slice(-3000)}`);
  return outcome.url;
}

describe.skipIf(!pgUrl)('chat: a node killed while an operator replies through another', () => {
  it('the visitor resumes on node B from its last Seq and sees every reply once, in order', async () => {
    const db = await freshPostgresDatabase(pgUrl!);
    dropDatabase = db.drop;
    const env = { DATABASE_URL: db.url, REDIS_URL: redisUrl, PORTICO_ADMIN_KEY: TEST_ADMIN_KEY, LOG_LEVEL: 'warn' };
    const nodeA = spawnServer(env);
    servers.push(nodeA);
    const a = await started(nodeA); // migrates the fresh database first
    const nodeB = spawnServer(env);
    servers.push(nodeB);
    const b = await started(nodeB);

    // The visitor on A: a first message, and every message it is shown, by Uid.
    const shown = new Map<string, ChatMessage>();
    const onA = chatClient(a);
    sockets.push(onA);
    onA.on('receive', (m) => shown.set(m.Uid, m));
    await connected(onA);
    const uvi = ((await call<string>(onA, 'getUvi')) as { ok: true; data: string }).data;
    const first = await call<ChatMessage>(onA, 'send', sendInput(randomUUID(), 'my order is late'));
    if (!first.ok) throw new Error(first.error.Message);
    shown.set(first.data.Uid, first.data);
    const caseUid = first.data.Case.Uid;

    const reply = async (n: number) => {
      const res = await fetch(`${b}/api/v1/admin/chats/${caseUid}/messages`, {
        method: 'POST', headers: { authorization: `Bearer ${TEST_ADMIN_KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({ AgentName: 'Bo', Comment: `reply ${n}` }),
      });
      expect(res.status).toBe(201);
      return (await res.json()) as ChatMessage;
    };
    // The first reply may reach the visitor through A; A dies between the replies.
    const sentReplies = [await reply(1)];
    const gone = new Promise<void>((resolve) => onA.once('disconnect', () => resolve()));
    nodeA.child.kill('SIGKILL');
    sentReplies.push(await reply(2));
    await nodeA.exited();
    await gone;
    sentReplies.push(await reply(3));

    // Reconnect to B with the same uvi and resume from the highest Seq held.
    const onB = chatClient(b, { uvi });
    sockets.push(onB);
    onB.on('receive', (m) => shown.set(m.Uid, m));
    await connected(onB);
    let after = Math.max(...[...shown.values()].map((m) => m.Seq));
    for (;;) {
      const page = await call<ChatHistory>(onB, 'getHistory', { AfterSeq: after });
      if (!page.ok) throw new Error(page.error.Message);
      for (const m of page.data.Messages) shown.set(m.Uid, m);
      if (!page.data.More) break;
      after = page.data.Messages.at(-1)!.Seq;
    }
    const conversation = [...shown.values()].sort((x, y) => x.Seq - y.Seq);
    expect(conversation.map((m) => [m.Seq, m.Comment])).toEqual([[1, 'my order is late'], [2, 'reply 1'], [3, 'reply 2'], [4, 'reply 3']]);
    expect(conversation.slice(1).map((m) => m.Uid)).toEqual(sentReplies.map((m) => m.Uid));
  }, 120_000);
});
