import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { Redis } from 'ioredis';
import { buildApp } from '../app.ts';
import { loadCompanyConfig } from '../config/load-company-config.ts';
import { createClock } from '../clock/server-clock.ts';
import { memoryBus } from '../bus/event-bus.ts';
import { openTestDatabase, TEST_ADMIN_KEY } from '../testing/create-test-app.ts';
import type { Database } from '../db/database.ts';
import { RATE_LIMITS } from '../features.ts';

// Two server nodes over one Redis must share every counter, or a client spreads its guesses over
// the nodes behind the load balancer. Runs on TEST_REDIS_URL (CI sets it); under CI=true without a
// reachable Redis it fails instead of skipping.
const redisUrl = process.env.TEST_REDIS_URL || (process.env.CI === 'true' ? 'redis://127.0.0.1:6379' : undefined);
// Each run has its own keys, so parallel runs on one Redis do not count each other's requests.
const prefix = `portico-test-rl-${process.pid}-${randomBytes(4).toString('hex')}:`;

describe.skipIf(!redisUrl)(`rate limits shared through Redis (${redisUrl ?? 'set TEST_REDIS_URL'})`, () => {
  let database: Database;
  let nodes: [FastifyInstance, FastifyInstance];
  let redis: Redis;

  beforeAll(async () => {
    database = await openTestDatabase();
    const node = () => buildApp({ config, database, bus: memoryBus(), clock: createClock({ adjustable: true }), adminKey: TEST_ADMIN_KEY, rateLimits: { redisUrl, prefix } });
    nodes = [await node(), await node()];
    redis = new Redis(redisUrl!, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
  });
  afterAll(async () => {
    await Promise.all((nodes ?? []).map((n) => n.close()));
    if (redis) {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    }
    await database?.close();
  });

  const config = loadCompanyConfig();
  const lookup = (node: FastifyInstance, remoteAddress: string) => node.inject({ method: 'GET', url: '/api/v1/public/billing/discountcoupons/GUESS', remoteAddress });
  const adminGet = (node: FastifyInstance, remoteAddress: string, key: string) =>
    node.inject({ method: 'GET', url: '/api/v1/admin/plans', remoteAddress, headers: { authorization: `Bearer ${key}` } } satisfies InjectOptions);

  it('wrong admin keys sent to two nodes add up to one limit; the right key works on both', async () => {
    const [a, b] = nodes;
    const ip = '203.0.113.40';
    const max = RATE_LIMITS.adminKeyFailures.max;
    for (let i = 0; i < max; i += 1) expect((await adminGet(i % 2 ? b : a, ip, `wrong-key-${i}-xxxxxxxxx`)).statusCode).toBe(401);
    const blocked = await adminGet(b, ip, 'wrong-key-next-xxxxxxxxx');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().ErrorCode).toBe('Errors.TooManyRequests');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await adminGet(a, ip, 'wrong-key-again-xxxxxxxx')).statusCode).toBe(429);
    expect((await adminGet(a, ip, TEST_ADMIN_KEY)).statusCode).toBe(200);
    expect((await adminGet(b, ip, TEST_ADMIN_KEY)).statusCode).toBe(200);
    expect(await redis.keys(`${prefix}*adminKeyFailures:${ip}`)).toHaveLength(1);
  });

  it('discount-code lookups on two nodes count against one budget per client', async () => {
    const [a, b] = nodes;
    const ip = '203.0.113.41';
    const max = RATE_LIMITS.discountCodeLookup.max;
    for (let i = 0; i < max; i += 1) expect((await lookup(i % 2 ? b : a, ip)).statusCode).toBe(404);
    const limited = await lookup(a, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ Status: 429, ErrorCode: 'Errors.TooManyRequests', FieldErrors: [] });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await lookup(b, ip)).statusCode).toBe(429);
  });

  it('while Redis is down, limited routes still answer at once and the admin key still works (limits count per node: http/redis-outage.test.ts)', async () => {
    const relay = await tcpRelay(redisUrl!);
    const node = await buildApp({ config, database, bus: memoryBus(), clock: createClock({ adjustable: true }), adminKey: TEST_ADMIN_KEY, rateLimits: { redisUrl: relay.url, prefix } });
    try {
      expect((await lookup(node, '203.0.113.42')).statusCode).toBe(404);
      await relay.stop();
      await new Promise((r) => setTimeout(r, 100)); // let the client notice the closed connection
      const started = performance.now();
      expect((await lookup(node, '203.0.113.42')).statusCode).toBe(404);
      expect(performance.now() - started).toBeLessThan(1000);
      expect((await adminGet(node, '203.0.113.42', 'wrong-key-while-down-xx')).statusCode).toBe(401);
      expect((await adminGet(node, '203.0.113.42', TEST_ADMIN_KEY)).statusCode).toBe(200);
    } finally {
      await node.close();
    }
  });
});

/** A TCP relay to Redis that the test can cut, standing for a Redis outage seen by one node. */
async function tcpRelay(target: string): Promise<{ url: string; stop(): Promise<void> }> {
  const to = new URL(target);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(to.port || 6379), to.hostname);
    for (const s of [client, upstream]) { sockets.add(s); s.on('error', () => undefined); s.on('close', () => sockets.delete(s)); }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as net.AddressInfo).port);
  return {
    url: url.toString(),
    stop: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const s of sockets) s.destroy();
    }),
  };
}
