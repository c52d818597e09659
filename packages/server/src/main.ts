import path from 'node:path';
import { DEFAULT_DATA_DIR, DEMO_CONFIG_PATH } from './paths.ts';
import { pgliteLocation } from './db/pglite-location.ts';
import { lockDataDir, type DataDirLock } from './db/data-dir-lock.ts';
import { startPgliteThread } from './db/pglite-thread.ts';
import type { EarlyPglite } from './start-server.ts';

/**
 * Embedded PGlite starts in its worker thread before the rest of the server is even
 * loaded, so its half second of WebAssembly overlaps loading Fastify, zod and the
 * routes. Only light modules are imported statically for that reason.
 */
function startEarlyPglite(): EarlyPglite | undefined {
  const value = (name: string) => process.env[name] || undefined;
  if (value('DATABASE_URL')) return undefined;
  // readEnv refuses production without a config; PGlite must not first fill the folder with the demo company.
  if (value('NODE_ENV') === 'production' && !value('PORTICO_CONFIG')) return undefined;
  let lock: DataDirLock | undefined;
  try {
    // The lock comes first: PGlite must not open a folder another server is using.
    const dataDir = path.resolve(value('PORTICO_DATA_DIR') ?? DEFAULT_DATA_DIR);
    lock = lockDataDir(dataDir);
    const { dir, templateFile } = pgliteLocation(dataDir, value('PORTICO_CONFIG') ?? DEMO_CONFIG_PATH);
    return { dir, lock, client: startPgliteThread({ dataDir: dir, templateFile }) };
  } catch {
    lock?.release();
    return undefined; // startServer meets the same problem and reports it with its own message
  }
}

/** Process entry: start, report readiness, shut down gracefully on SIGINT/SIGTERM. */
async function main() {
  const early = startEarlyPglite();
  const [{ readEnv }, { startServer }, { startupSummary }] = await Promise.all([
    import('./config/env.ts'), import('./start-server.ts'), import('./startup-summary.ts'),
  ]);
  let server;
  let env;
  try {
    env = readEnv();
    server = await startServer(env, { early });
  } catch (err) {
    early?.lock.release();
    console.error(`Portico could not start: ${(err as Error).message}`);
    process.exit(1);
  }
  server.app.log.info(startupSummary(env));
  server.app.log.info({ url: server.url, database: server.database.kind, startupMs: Math.round(performance.now()), startupPhasesMs: server.phases }, `Portico ready at ${server.url}`);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    await server.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  // Announced only once the handlers are in place: a SIGTERM sent on this news must shut down gracefully.
  if (process.send) process.send({ ready: true, url: server.url });
}

void main();
