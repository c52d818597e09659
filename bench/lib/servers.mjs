// Starts the real Portico app (startServer, PGlite in a fresh temporary data folder)
// and a bare Fastify with one route in the SAME process. Needs `node --import tsx`.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { register } from 'node:module';
import Fastify from 'fastify';
import { productionSecrets } from './common.mjs';

// Rate limits raised (not removed) before the app's modules load: see rate-limit-hook.mjs.
register('./rate-limit-hook.mjs', import.meta.url);
const { readEnv } = await import('../../packages/server/src/config/env.ts');
const { startServer } = await import('../../packages/server/src/start-server.ts');
const { DEMO_CONFIG_PATH } = await import('../../packages/server/src/paths.ts');

export async function startPortico() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portico-bench-'));
  const server = await startServer(readEnv({ PORT: '0', HOST: '127.0.0.1', PORTICO_DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'production', PORTICO_CONFIG: DEMO_CONFIG_PATH, ...productionSecrets() }));
  return {
    url: server.url,
    async close() {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A bare Fastify() (no plugins, no schemas) answering `method path` with the given JSON text. */
export async function startBare(method, url, jsonText) {
  const app = Fastify();
  app.route({ method, url, handler: async (_req, reply) => reply.type('application/json; charset=utf-8').send(jsonText) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { url: `http://127.0.0.1:${app.server.address().port}`, close: () => app.close() };
}

/** Stops the process if something hangs (the bench must stop by itself). */
export function watchdog(seconds) {
  setTimeout(() => { console.error(`watchdog: still running after ${seconds}s, exiting`); process.exit(2); }, seconds * 1000).unref();
}
