import path from 'node:path';
import { pgliteLocation } from './db/pglite-location.ts';
import type { PgliteThreadClient } from './db/pglite-thread.ts';
import type { FastifyInstance } from 'fastify';
import { isDemoAllowed, publicUrlOf, readEnv, resolveDataDir, type Env } from './config/env.ts';
import { lockDataDir, type DataDirLock } from './db/data-dir-lock.ts';
import { DEMO_CONFIG_PATH, loadCompanyConfig } from './config/load-company-config.ts';
import type { CompanyConfig } from './config/company-config.schema.ts';
import { seedFromConfig } from './config/seed-from-config.ts';
import { openDatabase, type Database } from './db/database.ts';
import { memoryBus, redisBus, type EventBus } from './bus/event-bus.ts';
import { loggedRequest } from './http/logged-request.ts';
import { createClock } from './clock/server-clock.ts';
import { captchaHmacKeyFor } from './captcha/captcha-key.ts';
import { requireKeyEncryptionKey } from './auth/key-encryption.ts';
import { createPaymentGateway, readPaymentSecrets, type PaymentSecrets } from './payments/gateway-from-config.ts';
import { createMailer, defaultMailFrom } from './mail/mailer.ts';

import { DEFAULT_WIDGET_DIST } from './paths.ts';
export { DEFAULT_WIDGET_DIST };

export interface RunningServer {
  app: FastifyInstance;
  url: string;
  database: Database;
  /** Milliseconds spent in each start-up phase, logged with the ready line. */
  phases: Record<string, number>;
  close(): Promise<void>;
}

/** PGlite already opening in its worker thread (main.ts starts it before loading the server). */
export interface EarlyPglite {
  dir: string;
  client: PgliteThreadClient;
  /** The data folder's lock, taken before PGlite started; released when the server closes. */
  lock: DataDirLock;
}

function openDatabaseFor(env: Env, configFile: string, early: EarlyPglite | undefined): Promise<Database> {
  if (env.DATABASE_URL) return openDatabase({ url: env.DATABASE_URL });
  if (early) {
    if (early.dir !== path.join(resolveDataDir(env), 'pglite')) throw new Error(`PGlite was started on ${early.dir}, not the configured data folder`);
    return openDatabase({ dataDir: early.dir, thread: { started: early.client } });
  }
  const { dir, templateFile } = pgliteLocation(resolveDataDir(env), configFile);
  return openDatabase({ dataDir: dir, thread: { templateFile } });
}

/** Everything `npm start` does: config, database, migrations, seed, app, listen. */
export async function startServer(
  env: Env = readEnv(),
  opts: { widgetDist?: string; early?: EarlyPglite | undefined; /** false: open, migrate and build the app, but neither start the job runner nor listen (a one-off command, run-renewals.ts). */ serve?: boolean } = {},
): Promise<RunningServer> {
  const phases: Record<string, number> = {};
  let last = performance.now();
  const mark = (phase: string) => { const now = performance.now(); phases[phase] = Math.round(now - last); last = now; };
  const configFile = env.PORTICO_CONFIG ?? DEMO_CONFIG_PATH;
  // One embedded database, one server: a second server on the same folder stops here, naming the first.
  const lock = env.DATABASE_URL ? undefined : (opts.early?.lock ?? lockDataDir(resolveDataDir(env)));
  // The database opens first: embedded PGlite starts in a worker thread while this thread
  // parses the config and loads the HTTP stack (Fastify, plugins, routes).
  const opening = openDatabaseFor(env, configFile, opts.early);
  opening.catch(() => undefined); // awaited below, after the config is known to be valid
  const appModule = import('./app.ts');
  // The config's `${PUBLIC_URL}` links (post-login URL, confirmation link, terms, site origins) follow this address.
  const publicUrl = publicUrlOf(env);
  let config: CompanyConfig;
  let paymentSecrets: PaymentSecrets;
  let captchaKey: ReturnType<typeof captchaHmacKeyFor>;
  try {
    config = loadCompanyConfig(configFile, { publicUrl });
    // Refuses the sandbox in production without the config's opt-in, and Stripe without its secrets.
    paymentSecrets = readPaymentSecrets(config, env.NODE_ENV, process.env);
    captchaKey = captchaHmacKeyFor(env, config.captcha.provider);
    requireKeyEncryptionKey(env);
  } catch (err) {
    await opening.then((db) => db.close(), () => undefined);
    // A refused start leaves nothing still loading behind it (the app module was loading meanwhile).
    await appModule.catch(() => undefined);
    lock?.release();
    throw err;
  }
  mark('config');
  const database = await opening.catch((err: unknown) => { lock?.release(); throw err; });
  mark('openDatabase');
  const bus: EventBus = env.REDIS_URL ? await redisBus(env.REDIS_URL) : memoryBus();
  const clock = createClock({ initial: env.PORTICO_CLOCK, adjustable: env.NODE_ENV !== 'production' });
  // Several nodes may start together against one PostgreSQL: one migrates and seeds at a time.
  // Its queries wait for the database; building the app needs no query, so it goes on meanwhile.
  const prepared = database.exclusive(async () => {
    await database.migrate();
    await seedFromConfig(database.db, config);
  });
  prepared.catch(() => undefined); // awaited below

  let app: FastifyInstance | undefined;
  try {
    const { buildApp, warmUp } = await appModule;
    app = await buildApp({
      config, database, bus, clock, adminKey: env.PORTICO_ADMIN_KEY, validateResponses: env.NODE_ENV !== 'production',
      paymentGateway: await createPaymentGateway(config, database.db, paymentSecrets),
      captchaHmacKey: captchaKey.key, secrets: { ...process.env, PORTICO_KEY_ENCRYPTION_KEY: env.PORTICO_KEY_ENCRYPTION_KEY },
      mailer: createMailer({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM ?? defaultMailFrom(config.company.name, publicUrl), production: env.NODE_ENV === 'production' }),
      trustProxy: env.PORTICO_TRUST_PROXY, rateLimits: { redisUrl: env.REDIS_URL }, realtime: { redisUrl: env.REDIS_URL },
      widgetDist: opts.widgetDist ?? DEFAULT_WIDGET_DIST,
      // Production allows only the config's site origins; development adds the demo pages' own origin.
      publicUrl,
      extraOrigins: isDemoAllowed(env) ? [new URL(publicUrl).origin, `http://127.0.0.1:${env.PORT}`, `http://localhost:${env.PORT}`] : [],
      serveDemo: isDemoAllowed(env),
      logger: env.LOG_LEVEL === 'silent' ? false : { level: env.LOG_LEVEL, serializers: { req: loggedRequest } },
    });
    mark('buildApp');
    if (captchaKey.warning) app.log.warn(captchaKey.warning);
    await warmUp(app, config);
    mark('warmUp');
    await prepared;
    mark('databaseReadyMigratedSeeded');
    // Outbox delivery and periodic jobs (each runs once now: payment recovery finishes what a crash
    // left), on tables that now exist; app.close stops the runner.
    if (opts.serve !== false) {
      await app.jobs.start();
      await app.listen({ port: env.PORT, host: env.HOST });
      mark('listen');
    }
  } catch (err) {
    await app?.close();
    await bus.close();
    await database.close();
    lock?.release();
    throw err;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  let closing: Promise<void> | null = null;
  return {
    app,
    database,
    phases,
    url: `http://${env.HOST === '0.0.0.0' ? 'localhost' : env.HOST}:${port}`,
    close() {
      closing ??= (async () => {
        await app.close();
        await bus.close();
        await database.close();
        lock?.release();
      })();
      return closing;
    },
  };
}
