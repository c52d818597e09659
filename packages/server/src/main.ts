import { readEnv } from './config/env.ts';
import { startServer } from './start-server.ts';

/** Process entry: start, report readiness, shut down gracefully on SIGINT/SIGTERM. */
async function main() {
  const started = performance.now();
  let server;
  try {
    server = await startServer(readEnv());
  } catch (err) {
    console.error(`Portico could not start: ${(err as Error).message}`);
    process.exit(1);
  }
  server.app.log.info({ url: server.url, database: server.database.kind, startupMs: Math.round(performance.now() - started) }, `Portico ready at ${server.url}`);
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
