import path from 'node:path';
import { DEFAULT_DATA_DIR, DEMO_CONFIG_PATH } from './paths.ts';
import { pgliteLocation } from './db/pglite-location.ts';
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
  try {
    const { dir, templateFile } = pgliteLocation(path.resolve(value('PORTICO_DATA_DIR') ?? DEFAULT_DATA_DIR), value('PORTICO_CONFIG') ?? DEMO_CONFIG_PATH);
    return { dir, client: startPgliteThread({ dataDir: dir, templateFile }) };
  } catch {
    return undefined; // startServer meets the same problem and reports it with its own message
  }
}

/** Process entry: start, report readiness, shut down gracefully on SIGINT/SIGTERM. */
async function main() {
  const early = startEarlyPglite();
  const [{ readEnv }, { startServer }] = await Promise.all([import('./config/env.ts'), import('./start-server.ts')]);
  let server;
  try {
    server = await startServer(readEnv(), { early });
  } catch (err) {
    console.error(`Portico could not start: ${(err as Error).message}`);
    process.exit(1);
  }
  server.app.log.info({ url: server.url, database: server.database.kind, startupMs: Math.round(performance.now()), startupPhasesMs: server.phases }, `Portico ready at ${server.url}`);
  if (process.send) process.send({ ready: true, url: server.url });
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
}

void main();
