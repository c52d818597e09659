import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { redisBus, type EventBus } from '../bus/event-bus.ts';
import { createClock } from '../clock/server-clock.ts';
import { loadCompanyConfig } from '../config/load-company-config.ts';
import type { Database } from '../db/database.ts';
import { openTestDatabase, TEST_ADMIN_KEY } from './create-test-app.ts';

/** Redis for the multi-node tests: TEST_REDIS_URL, or the machine's. */
export const testRedisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface TwoNodes {
  nodes: FastifyInstance[];
  urls: string[];
  /** Closes the nodes, their buses and the database. */
  close(): Promise<void>;
}

/**
 * Two server nodes in this process over one database, listening on their own ports, sharing the event
 * bus and Socket.IO's adapter through Redis under a key prefix of this run (`name` tells runs apart), as
 * several nodes behind a balancer do. Used by the chat's and the console feed's multi-node tests.
 */
export async function twoNodes(name: string): Promise<TwoNodes> {
  const prefix = `portico-${name}-${process.pid}-${randomBytes(3).toString('hex')}:`;
  const database: Database = await openTestDatabase();
  const buses: EventBus[] = [await redisBus(testRedisUrl, prefix), await redisBus(testRedisUrl, prefix)];
  const config = loadCompanyConfig();
  const nodes = await Promise.all(buses.map((bus) => buildApp({
    config, database, bus, clock: createClock({ adjustable: true }), adminKey: TEST_ADMIN_KEY, realtime: { redisUrl: testRedisUrl, redisPrefix: prefix },
  })));
  const urls = await Promise.all(nodes.map((n) => n.listen({ port: 0, host: '127.0.0.1' })));
  return {
    nodes, urls,
    async close() {
      await Promise.all(nodes.map((n) => n.close()));
      await Promise.all(buses.map((b) => b.close()));
      await database.close();
    },
  };
}
