import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadCompanyConfig } from '../config/load-company-config.ts';
import { createClock } from '../clock/server-clock.ts';
import { openTestDatabase, TEST_ADMIN_KEY } from '../testing/create-test-app.ts';
import type { Database } from '../db/database.ts';
import { memoryBus, redisBus, type EventBus } from './event-bus.ts';

// Two server nodes over one database: an admin change on one must reach the
// other's cached init settings. CI runs this over real Redis (TEST_REDIS_URL);
// without it the two nodes share one in-process bus, the same contract.
const redisUrl = process.env.TEST_REDIS_URL;
let database: Database;
let buses: EventBus[];
let nodes: FastifyInstance[];

beforeAll(async () => {
  database = await openTestDatabase();
  if (redisUrl) {
    buses = [await redisBus(redisUrl, `portico-test-${process.pid}:`), await redisBus(redisUrl, `portico-test-${process.pid}:`)];
  } else {
    const shared = memoryBus();
    buses = [shared, shared];
  }
  const config = loadCompanyConfig();
  nodes = await Promise.all(buses.map((bus) => buildApp({ config, database, bus, clock: createClock({ adjustable: true }), adminKey: TEST_ADMIN_KEY })));
});
afterAll(async () => {
  await Promise.all(nodes.map((n) => n.close()));
  await Promise.all([...new Set(buses)].map((b) => b.close()));
  await database.close();
});

const planName = async (node: FastifyInstance, uid: string) => {
  const body = JSON.parse((await node.inject({ method: 'GET', url: '/api/v1/widgets/auth/init' })).body);
  return body.PlanFamilies.flatMap((f: { Plans: { Uid: string; Name: string }[] }) => f.Plans).find((p: { Uid: string }) => p.Uid === uid)?.Name;
};

describe(`several server nodes (${redisUrl ? 'Redis pub/sub' : 'in-process bus; set TEST_REDIS_URL for Redis'})`, () => {
  it('a catalogue change on one node is seen by the other node at once', async () => {
    const [a, b] = nodes as [FastifyInstance, FastifyInstance];
    expect(await planName(b, 'plan-starter')).toBe('Starter'); // b now holds a cached answer
    const res = await a.inject({ method: 'PUT', url: '/api/v1/admin/plans/plan-starter', headers: { authorization: `Bearer ${TEST_ADMIN_KEY}` }, payload: { Name: 'Starter 2027' } });
    expect(res.statusCode).toBe(200);
    let seen = '';
    for (let i = 0; i < 50 && seen !== 'Starter 2027'; i += 1) {
      seen = await planName(b, 'plan-starter');
      if (seen !== 'Starter 2027') await new Promise((r) => setTimeout(r, 20));
    }
    expect(seen).toBe('Starter 2027');
  });
});
