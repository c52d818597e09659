import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const serverEntry = path.join(repoRoot, 'packages/server/dist/main.mjs');

export interface StartedServer {
  url: string;
  process: ChildProcess;
  dataDir: string;
  /** Milliseconds from spawn until /healthz answered 200. */
  startupMs: number;
  stop(): Promise<void>;
}

/** A free TCP port on 127.0.0.1 (listen on 0, read it, close). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Spawns the built server (`node packages/server/dist/main.mjs`) on a free port
 * with a fresh data folder (and `env` added to the environment: a config, SMTP, keys), and
 * waits until GET /healthz answers 200.
 */
export async function startServer(opts: { timeoutMs?: number; env?: Record<string, string> } = {}): Promise<StartedServer> {
  if (!existsSync(serverEntry)) {
    throw new Error(`${serverEntry} is missing: run \`node scripts/build.mjs\` first`);
  }
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portico-e2e-'));
  const started = performance.now();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    // The public URL is the address the tests browse, so the demo config's ${PUBLIC_URL} links (post-login URL,
    // confirmation link, terms) stay on the page's origin, as they do for a visitor of `npm start`.
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PORTICO_DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'test', PORTICO_PUBLIC_URL: url, ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  let exited: number | null | undefined;
  child.on('exit', (code) => (exited = code));

  const deadline = Date.now() + (opts.timeoutMs ?? 60_000);
  for (;;) {
    if (exited !== undefined) {
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`server exited with code ${exited} before it was ready:\n${output}`);
    }
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`server did not answer /healthz in time:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const startupMs = performance.now() - started;

  let stopping: Promise<void> | null = null;
  return {
    url,
    process: child,
    dataDir,
    startupMs,
    stop() {
      stopping ??= new Promise<void>((resolve) => {
        const done = () => {
          rmSync(dataDir, { recursive: true, force: true });
          resolve();
        };
        if (child.exitCode !== null || child.signalCode !== null) return done();
        const killTimer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(killTimer);
          done();
        });
        child.kill('SIGTERM');
      });
      return stopping;
    },
  };
}
