import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CONFIG_PATH } from '../config/load-company-config.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { freshPostgresDatabase } from '../testing/fresh-postgres.ts';
import { spawnServer, type SpawnedServer } from '../testing/spawn-server.ts';
import { enqueueSignupWebhook } from '../webhooks/signup-webhook.ts';

/**
 * Issue 14: two real server processes (npm start, each its own job runner) on one PostgreSQL.
 * Every outbox message reaches the receiver once, and a periodic job runs once per period across
 * both: once for each start (a start makes every job due, so a restart finishes interrupted work),
 * then once when one node's admin clock moves past the period. Several processes cannot share an
 * embedded PGlite (its folder is locked), so this runs where PostgreSQL is given (CI sets it).
 */
const postgres = process.env.TEST_DATABASE_URL;
const SECRET = `whsec_${Buffer.from('two-runner-processes-secret-32b!').toString('base64')}`;
const ADMIN_KEY = 'two-runners-admin-key-0123456789';
const dir = mkdtempSync(path.join(os.tmpdir(), 'portico-runners-'));
const deliveries = new Map<string, number>();
let receiver: Server;
let configFile: string;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const id = String(req.headers['webhook-id']);
    deliveries.set(id, (deliveries.get(id) ?? 0) + 1);
    req.resume();
    req.on('end', () => res.writeHead(204).end());
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/signup`;
  configFile = path.join(dir, 'company.yaml');
  writeFileSync(configFile, `${readFileSync(DEMO_CONFIG_PATH, 'utf8')}\nwebhooks:\n  signup: { url: '${url}', secretEnv: PORTICO_TEST_RUNNERS_SECRET }\n`);
});
afterAll(async () => {
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
  rmSync(dir, { recursive: true, force: true });
});

/** Every 'periodic job ran' line a process logged (LOG_LEVEL=debug), by job name. */
function runsOf(server: SpawnedServer, job: string): string[] {
  return server.stdout().split('\n').filter((l) => l.includes('"periodic job ran"') && l.includes(`"job":"${job}"`));
}

async function until(what: string, check: () => boolean, servers: SpawnedServer[], ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}:\n${servers.map((s) => s.stderr().slice(-1500)).join('\n')}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe.runIf(postgres)('two job-runner processes on one PostgreSQL (runs with TEST_DATABASE_URL)', () => {
  it('deliver each outbox message once and run each periodic job once per period', { timeout: 180_000 }, async () => {
    const pg = await freshPostgresDatabase(postgres!);
    const servers: SpawnedServer[] = [];
    let database: Database | null = null;
    try {
      const env = {
        DATABASE_URL: pg.url, PORTICO_CONFIG: configFile, PORTICO_DATA_DIR: path.join(dir, 'data'), LOG_LEVEL: 'debug',
        PORTICO_TEST_RUNNERS_SECRET: SECRET, PORTICO_ADMIN_KEY: ADMIN_KEY,
      };
      // One after the other: each start makes every job due once.
      for (let i = 0; i < 2; i++) {
        const server = spawnServer(env);
        servers.push(server);
        const outcome = await server.outcome;
        if (!outcome.ready) throw new Error(`server ${i} did not start: ${server.stderr()}`);
        await until(`server ${i}'s start-up run of sessions.cleanup`, () => servers.flatMap((s) => runsOf(s, 'sessions.cleanup')).length === i + 1, servers);
      }
      const [a, b] = servers as [SpawnedServer, SpawnedServer];

      database = await openDatabase({ url: pg.url });
      const uids = await Promise.all(Array.from({ length: 30 }, (_, i) => enqueueSignupWebhook(database!.db, true, { Person: { Uid: `p-${i}` }, Account: { Uid: `a-${i}` }, Subscription: null })));
      await until('30 deliveries', () => deliveries.size === 30, servers);
      expect(uids.every((u) => deliveries.has(u!))).toBe(true);
      expect([...deliveries.values()].every((n) => n === 1)).toBe(true);

      // A's admin clock moves past the hourly period: A runs the hourly jobs once more; B, on real time, does not.
      const urlA = ((await a.outcome) as { url: string }).url;
      const moved = await fetch(`${urlA}/api/v1/admin/clock`, {
        method: 'PUT', headers: { 'content-type': 'application/json', authorization: `Bearer ${ADMIN_KEY}` },
        body: JSON.stringify({ Now: new Date(Date.now() + 61 * 60_000).toISOString() }),
      });
      expect(moved.status).toBe(200);
      const total = (job: string) => runsOf(a, job).length + runsOf(b, job).length;
      // Each hourly job logs its own run, one after the other: wait for both before counting (CI once
      // counted the second job's lines between the two runs).
      await until('the hourly runs after the clock moved', () => total('sessions.cleanup') >= 3 && total('registration.nonce-sweep') >= 3, servers, 10_000);
      // Nothing more comes: B's next look (it sleeps at most a minute) finds the job not due by its clock.
      expect(total('sessions.cleanup')).toBe(3);
      expect(total('registration.nonce-sweep')).toBe(3);
    } finally {
      await database?.close();
      for (const s of servers) { s.child.kill('SIGTERM'); await s.exited(); }
      await pg.drop();
    }
  });
});
