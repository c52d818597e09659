import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { ChatMessage } from '@portico/core/chat/chat-protocol';
import { call, chatClient, connected, sendInput, type ChatClient } from '../testing/chat-client.ts';
import { disconnected, feedClient, feedConnected, feedLog, type FeedClient } from '../testing/console-feed-client.ts';
import { TEST_ADMIN_KEY } from '../testing/create-test-app.ts';
import { twoNodes, type TwoNodes } from '../testing/two-nodes.ts';
import { OPERATOR_PASSWORD } from './console-test-helpers.ts';

/**
 * The console feed on two server nodes in this process over one database, sharing the event bus and
 * Socket.IO's adapter through Redis, each run with its own key prefix (as chat/chat.multi-node.test.ts).
 * Needs Redis at TEST_REDIS_URL (default redis://127.0.0.1:6379).
 */
let nodes: FastifyInstance[];
let urls: string[];
let two: TwoNodes;
const open: (ChatClient | FeedClient)[] = [];
const admin = { authorization: `Bearer ${TEST_ADMIN_KEY}` };

beforeAll(async () => {
  two = await twoNodes('feed-test');
  ({ nodes, urls } = two);
});
afterAll(async () => {
  for (const s of open) s.disconnect();
  await two.close();
});

let made = 0;
/** An operator made on `node`, signed in there; their token works on every node. */
async function operatorToken(node: FastifyInstance): Promise<string> {
  made += 1;
  const email = `feed-${made}-${Date.now().toString(36)}@northwind.example`;
  const res = await node.inject({ method: 'POST', url: '/api/v1/admin/operators', headers: admin, payload: { Email: email, Name: `Feed Agent${made}`, Role: 'agent', Password: OPERATOR_PASSWORD } });
  expect(res.statusCode, res.body).toBe(201);
  const signIn = await node.inject({ method: 'POST', url: '/api/v1/console/tokens', remoteAddress: `198.18.1.${made}`, payload: { username: email, password: OPERATOR_PASSWORD } });
  expect(signIn.statusCode, signIn.body).toBe(200);
  return signIn.json().access_token as string;
}
async function feedOn(url: string, token: string): Promise<FeedClient> {
  const socket = feedClient(url, `Bearer ${token}`);
  open.push(socket);
  await feedConnected(socket);
  return socket;
}

describe('console feed on two nodes through Redis', () => {
  it('a visitor\'s message on node B reaches an operator connected to node A, once, and one connected to B', async () => {
    const [a, b] = urls as [string, string];
    const token = await operatorToken(nodes[0]!);
    const onA = feedLog(await feedOn(a, token));
    const onB = feedLog(await feedOn(b, token));
    const say = async (text: string) => {
      const visitor = chatClient(b);
      open.push(visitor);
      await connected(visitor);
      const sent = await call<ChatMessage>(visitor, 'send', sendInput(randomUUID(), text));
      if (!sent.ok) throw new Error(sent.error.Message);
      return sent.data.Case.Uid;
    };
    const caseUid = await say('hello from B');
    expect((await onA.change(caseUid)).CaseUid).toBe(caseUid);
    expect((await onB.change(caseUid)).CaseUid).toBe(caseUid);
    // Node B published both, so every node emits them in that order: once the second has come, the first came once.
    const later = await say('another visitor');
    await Promise.all([onA.change(later), onB.change(later)]);
    for (const log of [onA, onB]) expect(log.all.filter((e) => e.CaseUid === caseUid)).toHaveLength(1);

    // The console's close on node A reaches the operator connected to node B.
    const close = await nodes[0]!.inject({ method: 'POST', url: `/api/v1/console/cases/${caseUid}/close`, headers: { authorization: `Bearer ${token}` } });
    expect(close.statusCode, close.body).toBe(204);
    await expect.poll(() => onB.all.filter((e) => e.CaseUid === caseUid).length).toBe(2);
  });

  it('a logout on node B disconnects the session\'s socket on node A', async () => {
    const token = await operatorToken(nodes[1]!);
    const socket = await feedOn(urls[0]!, token);
    const gone = disconnected(socket);
    const res = await nodes[1]!.inject({ method: 'POST', url: '/api/v1/console/tokens/logout', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(204);
    expect(await gone).toBe('io server disconnect');
  });
});
