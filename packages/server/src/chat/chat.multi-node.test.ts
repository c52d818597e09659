import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { ChatMessage } from '@portico/core/chat/chat-protocol';
import { call, chatClient, connected, nextReceived, sendInput, type ChatClient } from '../testing/chat-client.ts';
import { TEST_ADMIN_KEY } from '../testing/create-test-app.ts';
import { twoNodes, type TwoNodes } from '../testing/two-nodes.ts';
import { createdOperator } from '../operators/console-test-helpers.ts';

/**
 * Two server nodes in this process over one database, sharing rooms through Redis
 * (@socket.io/redis-adapter) and the event bus, each with a key prefix of its own run.
 * Needs Redis at TEST_REDIS_URL (default redis://127.0.0.1:6379).
 */
let nodes: FastifyInstance[];
let urls: string[];
let two: TwoNodes;
const open: ChatClient[] = [];
const admin = { authorization: `Bearer ${TEST_ADMIN_KEY}` };

beforeAll(async () => {
  two = await twoNodes('chat-test');
  ({ nodes, urls } = two);
});
afterAll(async () => {
  for (const s of open) s.disconnect();
  await two.close();
});

async function visitorOn(url: string, uvi?: string): Promise<{ socket: ChatClient; uvi: string }> {
  const socket = chatClient(url, uvi ? { uvi } : {});
  open.push(socket);
  await connected(socket);
  const ack = await call<string>(socket, 'getUvi');
  return { socket, uvi: (ack as { ok: true; data: string }).data };
}

describe('chat on two nodes through Redis', () => {
  it('a visitor on node A gets an operator reply posted on node B, and their tab on B sees what they send on A', async () => {
    const [a, b] = urls as [string, string];
    const { socket, uvi } = await visitorOn(a);
    const tab = await visitorOn(b, uvi);
    const onTab = nextReceived(tab.socket);
    const sent = await call<ChatMessage>(socket, 'send', sendInput(randomUUID(), 'hello from A'));
    if (!sent.ok) throw new Error(sent.error.Message);
    expect((await onTab)[0]!.Uid).toBe(sent.data.Uid);

    const onA = nextReceived(socket);
    const res = await nodes[1]!.inject({ method: 'POST', url: `/api/v1/admin/chats/${sent.data.Case.Uid}/messages`, headers: admin, payload: { AgentName: 'Bo', Comment: 'answered on B' } });
    expect(res.statusCode, res.body).toBe(201);
    const [reply] = await onA;
    expect(reply).toMatchObject({ Uid: res.json().Uid, Seq: 2, Type: 6, Comment: 'answered on B' });
  });

  it('an operator online on node B reaches visitors on node A (presence)', async () => {
    const { socket } = await visitorOn(urls[0]!);
    const told = new Promise((resolve) => socket.on('presence', (p) => { if (p.Online) resolve(p); }));
    const bo = await createdOperator({ admin: (o) => nodes[0]!.inject({ ...o, headers: admin }) }, { name: 'Bo' });
    const res = await nodes[1]!.inject({ method: 'PUT', url: '/api/v1/admin/chat/presence', headers: admin, payload: { Operator: bo.email, Online: true } });
    expect(res.json()).toMatchObject({ Online: true, AnyOperatorOnline: true });
    expect(await told).toEqual({ Online: true });
  });
});
