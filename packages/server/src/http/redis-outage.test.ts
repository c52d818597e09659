import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { buildApp } from '../app.ts';
import { loadCompanyConfig } from '../config/load-company-config.ts';
import { createClock } from '../clock/server-clock.ts';
import { redisBus, type EventBus } from '../bus/event-bus.ts';
import { openTestDatabase, TEST_ADMIN_KEY } from '../testing/create-test-app.ts';
import type { Database } from '../db/database.ts';
import { RATE_LIMITS } from '../features.ts';

// A real Redis this test can kill: two nodes share it for rate limits and the event bus. While it
// is down every limit still refuses (counted per node), /healthz says degraded with the reasons,
// admin changes still work on the node that makes them, and each switch is logged once. When it
// is back: ok again, counts in Redis again, and the other node drops the cache it could not be
// told about. docs/decisions.md "Redis down: per-node limits, degraded health".

const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(what: string, probe: () => Promise<T>, ok: (v: T) => boolean, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  let last = await probe();
  while (!ok(last)) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last: ${JSON.stringify(last)}`);
    await wait(100);
    last = await probe();
  }
  return last;
}

interface LogLine { level: number; msg: string }

describe.skipIf(!hasRedisServer)('Redis goes down and comes back (a throwaway redis-server)', () => {
  let port: number;
  let url: string;
  let server: ChildProcess | null = null;
  let database: Database;
  let buses: EventBus[] = [];
  let nodes: FastifyInstance[] = [];
  const logs: LogLine[][] = [[], []];
  const prefix = `portico-test-outage-${process.pid}-${randomBytes(3).toString('hex')}:`;
  const config = loadCompanyConfig();

  async function startRedis() {
    server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'], { stdio: 'ignore' });
    const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    client.on('error', () => undefined);
    await until('redis-server to answer', async () => {
      try {
        if (client.status !== 'ready') await client.connect();
        return await client.ping();
      } catch {
        client.disconnect();
        return 'no';
      }
    }, (v) => v === 'PONG', 10_000);
    client.disconnect();
  }
  async function stopRedis() {
    const child = server!;
    server = null;
    child.kill('SIGKILL');
    if (child.exitCode === null) await once(child, 'exit');
  }

  beforeAll(async () => {
    port = await freePort();
    url = `redis://127.0.0.1:${port}`;
    await startRedis();
    database = await openTestDatabase();
    buses = [await redisBus(url, prefix, { probeMs: 200 }), await redisBus(url, prefix, { probeMs: 200 })];
    nodes = await Promise.all(buses.map((bus, i) => buildApp({
      config, database, bus, clock: createClock({ adjustable: true }), adminKey: TEST_ADMIN_KEY, rateLimits: { redisUrl: url, prefix },
      logger: { level: 'info', stream: { write: (line: string) => { logs[i]!.push(JSON.parse(line) as LogLine); } } },
    })));
  }, 60_000);
  afterAll(async () => {
    await Promise.all(nodes.map((n) => n.close()));
    await Promise.all(buses.map((b) => b.close()));
    await database?.close();
    if (server) await stopRedis();
  });

  const health = async (node: FastifyInstance) => (await node.inject({ method: 'GET', url: '/healthz' })).json() as { status: string; reasons: string[] };
  const lookup = (node: FastifyInstance, ip: string) => node.inject({ method: 'GET', url: '/api/v1/public/billing/discountcoupons/GUESS', remoteAddress: ip });
  const wrongKey = (node: FastifyInstance, ip: string) => node.inject({ method: 'GET', url: '/api/v1/admin/plans', remoteAddress: ip, headers: { authorization: 'Bearer wrong-key-xxxxxxxxxxxxxxx' } });
  const passwordChange = (node: FastifyInstance, ip: string) => node.inject({ method: 'PUT', url: '/api/v1/profile/password', remoteAddress: ip, payload: { CurrentPassword: 'x', NewPassword: 'y' } });
  const planName = async (node: FastifyInstance) => {
    const body = (await node.inject({ method: 'GET', url: '/api/v1/widgets/auth/init' })).json() as { PlanFamilies: { Plans: { Uid: string; Name: string }[] }[] };
    return body.PlanFamilies.flatMap((f) => f.Plans).find((p) => p.Uid === 'plan-starter')?.Name;
  };
  const switches = (i: number, text: RegExp) => logs[i]!.filter((l) => text.test(l.msg));
  const keysOf = async (pattern: string) => {
    const client = new Redis(url, { maxRetriesPerRequest: 1 });
    try { return await client.keys(`${prefix}${pattern}`); } finally { client.disconnect(); }
  };

  /** Sends `max` requests that must pass, then one that must be refused with 429 and Retry-After. */
  async function expectLimit(name: string, max: number, send: () => Promise<{ statusCode: number; headers: Record<string, unknown>; body: string }>) {
    for (let i = 0; i < max; i += 1) expect((await send()).statusCode, `${name} #${i + 1}`).not.toBe(429);
    const refused = await send();
    expect(refused.statusCode, `${name} over the limit: ${refused.body}`).toBe(429);
    expect(JSON.parse(refused.body)).toMatchObject({ Status: 429, ErrorCode: 'Errors.TooManyRequests' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  }

  it('while Redis answers: /healthz ok and the counts live in Redis', async () => {
    const [a, b] = nodes as [FastifyInstance, FastifyInstance];
    expect(await health(a)).toEqual({ status: 'ok', database: database.kind, bus: 'redis', reasons: [] });
    expect((await lookup(a, '198.51.100.10')).statusCode).toBe(404);
    expect(await keysOf('*198.51.100.10')).toHaveLength(1);
    expect(await planName(b)).toBe('Starter'); // b caches the startup settings now
  });

  it('Redis down: degraded with the reasons, every kind of limit still refuses, changes still work, each switch logged once', async () => {
    const [a, b] = nodes as [FastifyInstance, FastifyInstance];
    expect(await planName(b)).toBe('Starter'); // b caches the startup settings
    await stopRedis();
    const down = await until('node a to report degraded', () => health(a), (h) => h.status === 'degraded' && h.reasons.length === 2);
    expect(down.reasons).toEqual([
      'rate limits: Redis unreachable, counting per node',
      'event bus: Redis unreachable, changes reach only the node that makes them',
    ]);
    expect((await a.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    await until('node b to report degraded', () => health(b), (h) => h.status === 'degraded' && h.reasons.length === 2);

    // Route limits (routeRateLimit), failure limits (failureLimiter) and preHandler limits (preHandlerLimit, app.createRateLimit).
    const started = performance.now();
    await expectLimit('discountCodeLookup', RATE_LIMITS.discountCodeLookup.max, () => lookup(a, '198.51.100.20'));
    await expectLimit('adminKeyFailures', RATE_LIMITS.adminKeyFailures.max, () => wrongKey(a, '198.51.100.21'));
    await expectLimit('passwordChange', RATE_LIMITS.passwordChange.max, () => passwordChange(a, '198.51.100.22'));
    // Each node counts on its own meanwhile: b has its own budget for the same client.
    expect((await lookup(b, '198.51.100.20')).statusCode).toBe(404);
    // Nothing waited for Redis.
    expect(performance.now() - started).toBeLessThan(10_000);
    expect((await a.inject({ method: 'GET', url: '/api/v1/admin/plans', remoteAddress: '198.51.100.21', headers: { authorization: `Bearer ${TEST_ADMIN_KEY}` } })).statusCode).toBe(200);

    // An admin change works and reaches this node's own caches at once; b cannot be told yet.
    const changed = await a.inject({ method: 'PUT', url: '/api/v1/admin/plans/plan-starter', headers: { authorization: `Bearer ${TEST_ADMIN_KEY}` }, payload: { Name: 'Starter (outage)' } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await planName(a)).toBe('Starter (outage)');
    expect(await planName(b)).toBe('Starter');

    for (const i of [0, 1]) {
      expect(switches(i, /^rate limits: Redis unreachable/), `node ${i}`).toHaveLength(1);
      expect(switches(i, /^event bus: Redis unreachable/), `node ${i}`).toHaveLength(1);
      expect(switches(i, /^rate limits: Redis unreachable/)[0]!.level).toBe(40); // warn
    }
  });

  it('Redis back: ok again, counts in Redis again, the other node catches up, each switch logged once', async () => {
    const [a, b] = nodes as [FastifyInstance, FastifyInstance];
    await startRedis();
    for (const node of [a, b]) await until('the nodes to report ok', () => health(node), (h) => h.status === 'ok');
    expect(await health(a)).toEqual({ status: 'ok', database: database.kind, bus: 'redis', reasons: [] });

    expect((await lookup(a, '198.51.100.30')).statusCode).toBe(404);
    expect(await keysOf('*198.51.100.30')).toHaveLength(1);
    // Limits are shared again: the budget is one across both nodes.
    const max = RATE_LIMITS.discountCodeLookup.max;
    for (let i = 1; i < max; i += 1) expect((await lookup(i % 2 ? b : a, '198.51.100.30')).statusCode).toBe(404);
    expect((await lookup(b, '198.51.100.30')).statusCode).toBe(429);

    // b was told nothing during the outage; when its bus came back it dropped what it cached.
    expect(await planName(b)).toBe('Starter (outage)');
    // And the bus carries changes again.
    expect((await b.inject({ method: 'PUT', url: '/api/v1/admin/plans/plan-starter', headers: { authorization: `Bearer ${TEST_ADMIN_KEY}` }, payload: { Name: 'Starter' } })).statusCode).toBe(200);
    await until('node a to hear the change', () => planName(a), (n) => n === 'Starter', 5000);

    for (const i of [0, 1]) {
      expect(switches(i, /^rate limits: Redis is back/), `node ${i}`).toHaveLength(1);
      expect(switches(i, /^event bus: Redis is back/), `node ${i}`).toHaveLength(1);
      expect(switches(i, /^rate limits: Redis unreachable/), `node ${i}`).toHaveLength(1);
    }
  });

  it('unreachable at start-up still fails the start, naming REDIS_URL', async () => {
    const dead = `redis://127.0.0.1:${await freePort()}`;
    await expect(buildApp({ config, database, bus: buses[0]!, clock: createClock({ adjustable: true }), rateLimits: { redisUrl: dead, prefix } }))
      .rejects.toThrow(/Cannot reach Redis for rate limits \(REDIS_URL\)/);
  });
});
