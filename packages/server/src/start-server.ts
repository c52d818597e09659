import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { readPgliteTemplate } from './db/pglite-template.ts';
import type { FastifyInstance } from 'fastify';
import { readEnv, resolveDataDir, type Env } from './config/env.ts';
import { DEMO_CONFIG_PATH, loadCompanyConfig } from './config/load-company-config.ts';
import { seedFromConfig } from './config/seed-from-config.ts';
import { openDatabase, type Database } from './db/database.ts';
import { memoryBus, redisBus, type EventBus } from './bus/event-bus.ts';
import { createClock } from './clock/server-clock.ts';

import { DEFAULT_WIDGET_DIST } from './paths.ts';
export { DEFAULT_WIDGET_DIST };

export interface RunningServer {
  app: FastifyInstance;
  url: string;
  database: Database;
  close(): Promise<void>;
}

/** Everything `npm start` does: config, database, migrations, seed, app, listen. */
export async function startServer(env: Env = readEnv(), opts: { widgetDist?: string } = {}): Promise<RunningServer> {
  const configFile = env.PORTICO_CONFIG ?? DEMO_CONFIG_PATH;
  const config = loadCompanyConfig(configFile);
  // Load the HTTP stack (Fastify, plugins, routes) while the database starts, so module
  // loading overlaps PGlite's WebAssembly start instead of preceding it.
  const appModule = import('./app.ts');
  let database: Database;
  if (env.DATABASE_URL) {
    database = await openDatabase({ url: env.DATABASE_URL });
  } else {
    const dataDir = resolveDataDir(env);
    mkdirSync(dataDir, { recursive: true });
    const pgliteDir = path.join(dataDir, 'pglite');
    // An empty data folder starts from the migrated template when npm install made one.
    const template = existsSync(path.join(pgliteDir, 'PG_VERSION')) ? undefined : readPgliteTemplate(configFile);
    database = await openDatabase({ dataDir: pgliteDir, ...(template ? { loadDataDir: template } : {}) });
  }
  const bus: EventBus = env.REDIS_URL ? await redisBus(env.REDIS_URL) : memoryBus();
  const clock = createClock({ initial: env.PORTICO_CLOCK, adjustable: env.NODE_ENV !== 'production' });
  // Several nodes may start together against one PostgreSQL: one migrates and seeds at a time.
  await database.exclusive(async () => {
    await database.migrate();
    await seedFromConfig(database.db, config);
  });

  const publicUrl = env.PORTICO_PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  const { buildApp } = await appModule;
  const app = await buildApp({
    config, database, bus, clock, adminKey: env.PORTICO_ADMIN_KEY, validateResponses: env.NODE_ENV !== 'production',
    widgetDist: opts.widgetDist ?? DEFAULT_WIDGET_DIST,
    extraOrigins: [new URL(publicUrl).origin, `http://127.0.0.1:${env.PORT}`, `http://localhost:${env.PORT}`],
    logger: env.LOG_LEVEL === 'silent' ? false : { level: env.LOG_LEVEL },
  });
  await app.listen({ port: env.PORT, host: env.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  let closing: Promise<void> | null = null;
  return {
    app,
    database,
    url: `http://${env.HOST === '0.0.0.0' ? 'localhost' : env.HOST}:${port}`,
    close() {
      closing ??= (async () => {
        await app.close();
        await bus.close();
        await database.close();
      })();
      return closing;
    },
  };
}
