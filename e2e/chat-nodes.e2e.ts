import net from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { freshPostgresDatabase } from '../packages/server/src/testing/fresh-postgres.ts';
import { browserPerFile } from './support/browser.ts';
import { freePort, startServer, type StartedServer } from './support/server.ts';
import { openHarness, uniqueEmail } from './support/signup.ts';
import { chatLog, openVisitorChat } from './support/chat-visitor.ts';

/**
 * Issue 19 "Must show", in Chromium: two server nodes on one PostgreSQL database behind Redis, and a
 * small TCP load balancer in front of them (what production puts there; the widget knows one URL).
 * A visitor's message sent through node A is read by the operator on node B; then the node the visitor
 * is connected to is killed (SIGKILL) while the operator sends three replies through node B: after the
 * widget's own reconnect (to node B, through the balancer) the visitor has every reply exactly once, in
 * order. Needs TEST_DATABASE_URL (CI sets it) and Redis (TEST_REDIS_URL, default redis://127.0.0.1:6379).
 */
const pgUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const ADMIN_KEY = 'e2e-chat-nodes-admin-key-0123456789';
const session = browserPerFile();

/** Forwards every new TCP connection to the current backend; connections already made stay where they are. */
async function balancer(): Promise<{ url: string; to(port: number): void; close(): Promise<void> }> {
  let backend = 0;
  const open = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(backend, '127.0.0.1');
    for (const s of [client, upstream]) { open.add(s); s.on('close', () => open.delete(s)); s.on('error', () => s.destroy()); }
    client.pipe(upstream).pipe(client);
    // A dead node's connections end for the browser too, as a balancer's would.
    upstream.on('close', () => client.destroy());
    client.on('close', () => upstream.destroy());
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    to: (p) => { backend = p; },
    close: () => new Promise<void>((resolve) => { for (const s of open) s.destroy(); server.close(() => resolve()); }),
  };
}

describe.skipIf(!pgUrl)('live chat across two nodes in Chromium', () => {
  let lb: Awaited<ReturnType<typeof balancer>>;
  let nodeA: StartedServer;
  let nodeB: StartedServer;
  let drop: (() => Promise<void>) | null = null;
  const admin = async (node: StartedServer, method: string, path: string, body?: unknown) => {
    const res = await fetch(`${node.url}${path}`, {
      method, headers: { authorization: `Bearer ${ADMIN_KEY}`, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, json: await res.json() as Record<string, unknown> };
  };

  beforeAll(async () => {
    const db = await freshPostgresDatabase(pgUrl!);
    drop = db.drop;
    lb = await balancer();
    // Both nodes name the balancer as their public URL: the page's origin, which the hub accepts.
    const env = { DATABASE_URL: db.url, REDIS_URL: redisUrl, PORTICO_ADMIN_KEY: ADMIN_KEY, PORTICO_PUBLIC_URL: lb.url };
    nodeA = await startServer({ env }); // migrates the fresh database first
    nodeB = await startServer({ env });
    lb.to(Number(new URL(nodeA.url).port));
    expect((await admin(nodeA, 'POST', '/api/v1/admin/operators', { Email: 'bo@northwind.example', Name: 'Bo', Role: 'agent', Password: 'Correct Horse Battery 42!' })).status).toBe(201);
    expect((await admin(nodeB, 'PUT', '/api/v1/admin/chat/presence', { Operator: 'bo@northwind.example', Online: true })).status).toBe(200);
  });
  afterAll(async () => {
    await lb?.close();
    await Promise.all([nodeA?.stop(), nodeB?.stop()]);
    await drop?.();
  });

  const log = chatLog;

  test("a visitor's message through node A reaches the operator on node B; node A killed while B sends three replies: each shows once, in order", async () => {
    const page = await openHarness(session.context, lb.url);
    const dialog = await openVisitorChat(page);
    const input = dialog.getByRole('textbox', { name: 'Type your message...' });
    await input.fill('Is my export stuck?');
    await input.press('Enter');
    const email = uniqueEmail('nodes');
    await log(dialog).getByRole('textbox', { name: 'Email' }).fill(email);
    await log(dialog).getByRole('button', { name: 'Send' }).click();
    await log(dialog).getByText('Is my export stuck?').waitFor();

    // The operator on node B reads the visitor's message sent through node A.
    let caseUid = '';
    await expect.poll(async () => {
      const list = await admin(nodeB, 'GET', '/api/v1/admin/chats?limit=50');
      caseUid = ((list.json.items as { Uid: string; Email: string | null }[]).find((c) => c.Email === email))?.Uid ?? '';
      return caseUid;
    }, { timeout: 15_000 }).not.toBe('');
    const read = await admin(nodeB, 'GET', `/api/v1/admin/chats/${caseUid}`);
    expect((read.json.Messages as { Comment: string }[]).map((m) => m.Comment)).toContain('Is my export stuck?');

    // A reply from B reaches the visitor on A through Redis.
    const reply = async (n: number) => expect((await admin(nodeB, 'POST', `/api/v1/admin/chats/${caseUid}/messages`, { AgentName: 'Bo', Comment: `Reply number ${n}` })).status).toBe(201);
    await reply(1);
    await log(dialog).getByText('Reply number 1').waitFor();

    // Node A dies; new connections go to B; the operator keeps answering through B meanwhile.
    lb.to(Number(new URL(nodeB.url).port));
    nodeA.process.kill('SIGKILL');
    await reply(2);
    await reply(3);
    await reply(4);
    // The widget reconnects on its own (the library's 2 s first) and resumes from the last Seq it holds.
    await log(dialog).getByText('Reply number 4').waitFor({ timeout: 30_000 });
    const texts = await log(dialog).getByText(/^Reply number \d$/).allTextContents();
    expect(texts).toEqual(['Reply number 1', 'Reply number 2', 'Reply number 3', 'Reply number 4']);
    // Still live on B: the visitor's next message is stored once.
    await input.fill('Thanks, all there now');
    await input.press('Enter');
    await expect.poll(async () => ((await admin(nodeB, 'GET', `/api/v1/admin/chats/${caseUid}`)).json.Messages as { Comment: string }[])
      .filter((m) => m.Comment === 'Thanks, all there now').length, { timeout: 10_000 }).toBe(1);
    await page.close();
  });
});
