import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { openTestDatabase } from '../testing/create-test-app.ts';
import type { Database } from '../db/database.ts';
import { accountsRepository } from '../accounts/accounts.repository.ts';
import { enqueueSignupWebhook, signupWebhookHandler, type SignupWebhookPayload } from '../webhooks/signup-webhook.ts';
import { createOutboxWorker, retryDelayMs, type OutboxWorker, type OutboxWorkerOptions } from './outbox-worker.ts';
import { enqueueOutbox, outboxRepository } from './outbox.repository.ts';

const SECRET = `whsec_${Buffer.from('a-test-signing-secret-of-32-bytes!').toString('base64')}`;

/** The company's backend: a real HTTP receiver that checks each signature with standardwebhooks' own verify. */
interface Delivery { id: string; headers: IncomingHttpHeaders; body: string; verified: unknown }
const deliveries: Delivery[] = [];
let respond: (res: ServerResponse, delivery: Delivery) => void = (res) => res.writeHead(204).end();
let server: Server;
let url: string;
let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
  await accountsRepository(database.db).insert({ uid: 'acct-1', name: 'Acme', accountType: 1, taxStatus: null, billingAddress: null });
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => { body += chunk; });
    req.on('end', () => {
      let verified: unknown = null;
      try { verified = new Webhook(SECRET).verify(body, req.headers as Record<string, string>); } catch { verified = null; }
      const delivery = { id: String(req.headers['webhook-id']), headers: req.headers, body, verified };
      deliveries.push(delivery);
      respond(res, delivery);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/signup`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await database.close();
});
afterEach(async () => {
  deliveries.length = 0;
  respond = (res) => res.writeHead(204).end();
  await database.db.execute(sql`delete from outbox`);
});

const payload = (n = 1): SignupWebhookPayload => ({
  Person: { Uid: `person-${n}`, Email: `ada${n}@example.com`, FirstName: 'Ada' },
  Account: { Uid: 'acct-1', Name: 'Acme' },
  Subscription: { Uid: `sub-${n}`, Plan: { Uid: 'pro' } },
});

function worker(options: Partial<OutboxWorkerOptions> = {}, db = database.db): OutboxWorker {
  return createOutboxWorker({
    db, baseDelayMs: 100, timeoutMs: 2000, random: () => 0, pollMs: 20,
    handlers: { 'signup.webhook': signupWebhookHandler({ url, secret: SECRET }, accountsRepository(db)) },
    ...options,
  });
}

const row = (uid: string) => outboxRepository(database.db).get(uid);
const clientIdentifier = async () => {
  const result = await database.db.execute(sql`select client_identifier from accounts where uid = 'acct-1'`) as unknown as { rows: { client_identifier: string | null }[] };
  return result.rows[0]?.client_identifier;
};
const until = async (check: () => boolean | Promise<boolean>, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('sign-up webhook through the outbox', () => {
  it('POSTs the new Person, Account and Subscription signed in the Standard Webhooks format, and stores the ClientIdentifier', async () => {
    respond = (res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ClientIdentifier: 'crm-42' }));
    const uid = await enqueueSignupWebhook(database.db, true, payload());
    expect(await worker().runOnce()).toBe(1);

    expect(deliveries).toHaveLength(1);
    const [d] = deliveries;
    expect(d!.id).toBe(uid);
    expect(d!.headers['webhook-signature']).toMatch(/^v1,/);
    expect(d!.verified).toEqual({ type: 'signup.created', timestamp: expect.any(String), data: payload() });
    expect(Math.abs(Number(d!.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
    // Control: a receiver holding another secret rejects the same delivery.
    expect(() => new Webhook(`whsec_${Buffer.from('another-secret-of-32-bytes-long!!').toString('base64')}`).verify(d!.body, d!.headers as Record<string, string>)).toThrow();

    expect(await row(uid!)).toMatchObject({ attempts: 1, delivered: expect.any(Date), lastError: null });
    expect(await clientIdentifier()).toBe('crm-42');
  });

  it('writes nothing when no webhook is configured', async () => {
    expect(await enqueueSignupWebhook(database.db, false, payload())).toBeNull();
    expect(await worker().runOnce()).toBe(0);
  });

  it('retries a failing receiver with backoff and delivers the same message id once it answers 2xx', async () => {
    let calls = 0;
    respond = (res) => { calls += 1; if (calls === 1) res.writeHead(500).end('database is down'); else res.writeHead(200).end('ok'); };
    const uid = (await enqueueSignupWebhook(database.db, true, payload()))!;
    // random 0: the first retry comes after half the base delay, 1 s.
    const w = worker({ baseDelayMs: 2000 });
    expect(await w.runOnce()).toBe(1);
    const failed = await row(uid);
    expect(failed).toMatchObject({ attempts: 1, delivered: null, lastError: 'HTTP 500: database is down' });
    expect(failed!.nextAttempt.getTime() - Date.now()).toBeGreaterThan(500);
    // Not due before its backoff.
    expect(await w.runOnce()).toBe(0);
    await until(async () => (await w.runOnce()) === 1);
    expect(await row(uid)).toMatchObject({ attempts: 2, delivered: expect.any(Date), lastError: null });
    expect(deliveries.map((d) => d.id)).toEqual([uid, uid]);
    expect(deliveries.every((d) => d.verified !== null)).toBe(true);
  });

  it('gives up after the last attempt, keeping the last error', async () => {
    respond = (res) => res.writeHead(503).end();
    const uid = (await enqueueSignupWebhook(database.db, true, payload()))!;
    const w = worker({ maxAttempts: 2, baseDelayMs: 1 });
    await until(async () => { await w.runOnce(); return deliveries.length === 2; });
    await new Promise((r) => setTimeout(r, 50));
    expect(await w.runOnce()).toBe(0);
    expect(deliveries).toHaveLength(2);
    expect(await row(uid)).toMatchObject({ attempts: 2, delivered: null, lastError: 'HTTP 503' });
  });

  it('counts a receiver that does not answer in time as a failed attempt', async () => {
    respond = () => { /* never answers */ };
    const uid = (await enqueueSignupWebhook(database.db, true, payload()))!;
    await worker({ timeoutMs: 200 }).runOnce();
    expect(await row(uid)).toMatchObject({ attempts: 1, delivered: null, lastError: 'timed out after 200 ms' });
  });

  it('runs in the background once started, and stop() ends it while a delivery hangs', async () => {
    const w = worker({ pollMs: 5000 });
    w.start();
    const uid = (await enqueueSignupWebhook(database.db, true, payload()))!;
    w.wake();
    await until(async () => (await row(uid))?.delivered != null);
    respond = () => { /* hangs */ };
    await enqueueSignupWebhook(database.db, true, payload(2));
    w.wake();
    await until(() => deliveries.length === 2);
    const started = Date.now();
    await w.stop();
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('several workers deliver each message exactly once', async () => {
    // On PostgreSQL the workers claim over separate pooled connections, as separate nodes do (FOR UPDATE SKIP LOCKED).
    respond = (res) => setTimeout(() => res.writeHead(204).end(), 5);
    const uids = new Set<string>();
    for (let i = 0; i < 40; i += 1) uids.add((await enqueueSignupWebhook(database.db, true, payload(i)))!);
    const workers = [worker({ batchSize: 3 }), worker({ batchSize: 3 }), worker({ batchSize: 3 })];
    workers.forEach((w) => w.start());
    await until(() => deliveries.length >= 40);
    await new Promise((r) => setTimeout(r, 200));
    await Promise.all(workers.map((w) => w.stop()));
    expect(deliveries).toHaveLength(40);
    expect(new Set(deliveries.map((d) => d.id))).toEqual(uids);
  });
});

describe('a topic delivered several messages at a time', () => {
  it('hands each claim of up to batchSize messages to one call; only the messages it names as failed are retried', async () => {
    const uids: string[] = [];
    for (let i = 0; i < 7; i += 1) uids.push(await enqueueOutbox(database.db, 'billing.charge-invoice', { n: i }));
    const calls: number[][] = [];
    let failOnce = true;
    const w = worker({
      handlers: {
        'billing.charge-invoice': {
          batchSize: 3,
          async deliverMany(messages) {
            calls.push(messages.map((m) => (m.payload as { n: number }).n));
            const failures = new Map<string, unknown>();
            const third = messages.find((m) => (m.payload as { n: number }).n === 3);
            if (third && failOnce) { failOnce = false; failures.set(third.uid, new Error('gateway unavailable')); }
            return failures;
          },
        },
      },
    });
    expect(await w.runOnce()).toBe(3);
    expect(await w.runOnce()).toBe(3);
    expect(await w.runOnce()).toBe(1);
    expect(calls.map((c) => c.length)).toEqual([3, 3, 1]);
    const three = uids[3]!;
    expect((await row(three))?.delivered).toBeNull();
    expect((await row(three))?.lastError).toBe('gateway unavailable');
    for (const uid of uids.filter((u) => u !== three)) expect((await row(uid))?.delivered).not.toBeNull();
    // Due again after its backoff (100 ms here), alone.
    await until(async () => (await w.runOnce()) === 1);
    expect(calls.at(-1)).toEqual([3]);
    expect((await row(three))?.delivered).not.toBeNull();
  });

  it('a call that throws fails every message it was given', async () => {
    const uids = [await enqueueOutbox(database.db, 'billing.charge-invoice', { n: 1 }), await enqueueOutbox(database.db, 'billing.charge-invoice', { n: 2 })];
    const w = worker({ handlers: { 'billing.charge-invoice': { batchSize: 10, deliverMany: async () => { throw new Error('database away'); } } } });
    expect(await w.runOnce()).toBe(2);
    for (const uid of uids) {
      const r = await row(uid);
      expect([r?.delivered, r?.lastError, r?.attempts]).toEqual([null, 'database away', 1]);
    }
  });
});

describe('retry delays', () => {
  it('double from the base up to the cap, jittered between half and all of it', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, 1000, 60_000, () => 1))).toEqual([1000, 2000, 4000, 8000]);
    expect(retryDelayMs(20, 1000, 60_000, () => 1)).toBe(60_000);
    expect(retryDelayMs(3, 1000, 60_000, () => 0)).toBe(2000);
  });
});
