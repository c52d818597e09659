import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadCompanyConfig } from '../config/load-company-config.ts';
import { createClock } from '../clock/server-clock.ts';
import { openTestDatabase, TEST_ADMIN_KEY } from '../testing/create-test-app.ts';
import type { Database } from '../db/database.ts';
import { memoryBus, redisBus, type EventBus } from './event-bus.ts';
import { unitOfWork } from '../unit-of-work.ts';
import { hashPassword } from '../passwords/password-hashing.ts';
import { importBody } from '../billing/billing-test-helpers.ts';

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

  it('a logout on one node ends the session on the other at once, though the other had it cached', async () => {
    const [a, b] = nodes as [FastifyInstance, FastifyInstance];
    const admin = { authorization: `Bearer ${TEST_ADMIN_KEY}` };
    const body = importBody({ Email: `multi-${Date.now()}@example.com` });
    const imported = await a.inject({ method: 'POST', url: '/api/v1/admin/accounts/import', headers: admin, payload: body });
    expect(imported.statusCode, imported.body).toBe(201);
    const person = imported.json().PrimaryContact as { Uid: string; Email: string };
    await unitOfWork(database.db).passwordHistory.replaceHash(person.Uid, await hashPassword('multi node password 1'), new Date());
    const signIn = await a.inject({
      method: 'POST', url: '/api/v1/tokens', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ username: person.Email, password: 'multi node password 1' }).toString(),
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const bearer = { authorization: `Bearer ${signIn.json().access_token as string}` };
    const onB = () => b.inject({ method: 'GET', url: '/api/v1/auth/session', headers: bearer });
    expect((await onB()).statusCode).toBe(200);
    expect((await onB()).statusCode).toBe(200); // b answers from its session cache now

    const heard: string[] = [];
    buses[1]!.subscribe('auth.sessions-changed', (m) => heard.push(m));
    expect((await a.inject({ method: 'POST', url: '/api/v1/tokens/logout', headers: bearer })).statusCode).toBe(204);
    expect((await onB()).statusCode).toBe(401);
    // The other node heard the ended session over the bus (Redis pub/sub in CI).
    for (let i = 0; i < 50 && heard.length === 0; i += 1) await new Promise((r) => setTimeout(r, 20));
    expect(heard.join(',')).toContain(JSON.parse(Buffer.from(signIn.json().access_token.split('.')[1], 'base64url').toString()).sid);
  });
});
