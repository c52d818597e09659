import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type AppOptions } from '../app.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { loadCompanyConfig } from '../config/load-company-config.ts';
import type { CompanyConfig } from '../config/company-config.schema.ts';
import { memoryBus } from '../bus/event-bus.ts';
import { createClock, type ServerClock } from '../clock/server-clock.ts';

export const TEST_ADMIN_KEY = 'test-admin-key-0123456789';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: CompanyConfig;
  clock: ServerClock;
  request(opts: InjectOptions): Promise<LightMyRequestResponse>;
  admin(opts: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** A fresh database holding the migrated demo company, on PGlite or on PostgreSQL when TEST_DATABASE_URL is set. */
export async function openTestDatabase(): Promise<Database & { dropAfter?: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `portico_t_${inject('pgTemplate').replace('portico_tpl_', '')}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`);
    await admin.end();
    const u = new URL(url);
    u.pathname = `/${name}`;
    const db = await openDatabase({ url: u.toString() });
    return {
      ...db,
      async close() {
        await db.close();
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      },
    };
  }
  const blob = new Blob([readFileSync(inject('pgliteTemplate'))]);
  return openDatabase({ loadDataDir: blob });
}

export async function createTestApp(overrides: {
  config?: CompanyConfig; adminKey?: string; clock?: string; database?: Database;
  app?: Pick<AppOptions, 'trustProxy' | 'rateLimits' | 'paymentGateway' | 'secrets' | 'captchaHmacKey' | 'mailer' | 'extraOrigins' | 'realtime'>;
} = {}): Promise<TestApp> {
  const database = overrides.database ?? await openTestDatabase();
  const config = overrides.config ?? loadCompanyConfig();
  const clock = createClock({ initial: overrides.clock, adjustable: true });
  const app = await buildApp({ config, database, bus: memoryBus(), clock, adminKey: overrides.adminKey ?? TEST_ADMIN_KEY, ...overrides.app });
  await app.ready();
  return {
    app, database, config, clock,
    request: (opts) => app.inject(opts),
    admin: (opts) => app.inject({ ...opts, headers: { authorization: `Bearer ${TEST_ADMIN_KEY}`, ...(opts.headers ?? {}) } }),
    async close() {
      await app.close();
      await database.close();
    },
  };
}
