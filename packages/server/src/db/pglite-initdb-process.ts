import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { PgliteInitdbMessage } from './pglite-thread.protocol.ts';

/**
 * Generous: initdb takes 2–4 s on an idle 2-core machine and some 10 s on a loaded one. Past it
 * the child is killed and the start fails with that reason instead of waiting for ever.
 */
export const INITDB_TIMEOUT_MS = 180_000;

export interface InitdbProcess {
  /** The child's pid (undefined when it could not be spawned). */
  pid: number | undefined;
  /** Settles once the child has exited: resolved when the folder is a database, rejected with the reason otherwise. */
  done: Promise<void>;
  /** Kills the child if it still runs (the server closing); `done` then rejects. */
  stop(): void;
}

/**
 * The entry file beside this module's compiled form: dist/pglite-initdb.mjs from the bundle
 * (this module sits in dist/chunks/ or is inlined in dist/main.mjs), or, under tests and tsx,
 * pglite-initdb-tsx.mjs, which loads the TypeScript entry through tsx's loader hooks.
 */
function entryFile(): string {
  if (import.meta.url.endsWith('.ts')) return fileURLToPath(new URL('./pglite-initdb-tsx.mjs', import.meta.url));
  return fileURLToPath(new URL(import.meta.url.includes('/chunks/') ? '../pglite-initdb.mjs' : './pglite-initdb.mjs', import.meta.url));
}

/** The last lines a crashed child wrote, to name what went wrong when it could not say it over IPC. */
function tail(text: string): string {
  const lines = text.trim().split('\n').slice(-5).join('\n');
  return lines ? `:\n${lines}` : '';
}

/**
 * Runs initdb on `dir` (absent or empty) in a child process of its own (pglite-initdb.ts), so
 * that the memory PGlite's initdb keeps goes back to the OS when the child exits. The child
 * dies with this process: killed here on exit, and it kills itself when this process is gone
 * (killed: pglite-initdb.ts watches its parent). No orphan survives a timeout, a close or a
 * failed start.
 */
export function startInitdbProcess(dir: string, timeoutMs = INITDB_TIMEOUT_MS): InitdbProcess {
  // --liftoff-only: a one-shot initdb gains nothing from TurboFan compiling Postgres's hot functions;
  // without it, it took 3.7 s and peaked at 735 MB in a bare process, with it 2.4 s and 655 MB.
  const child = spawn(process.execPath, ['--liftoff-only', entryFile(), dir, String(process.pid)], { stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
  let stderr = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => { stderr = (stderr + chunk).slice(-4096); });
  let reported: string | undefined;
  child.on('message', (m: PgliteInitdbMessage) => { reported ??= m?.error?.message; });
  let why: 'timeout' | 'stopped' | undefined;
  const kill = (reason: typeof why) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    why ??= reason;
    child.kill('SIGKILL');
  };
  const killOnExit = () => kill('stopped');
  process.once('exit', killOnExit);
  const timer = setTimeout(() => kill('timeout'), timeoutMs);

  const done = new Promise<void>((resolve, reject) => {
    let settled = false;
    const end = (err?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      process.off('exit', killOnExit);
      if (err) reject(err); else resolve();
    };
    // Spawning failed (too many processes…) when there is no pid; other errors (a failed kill) are followed by 'close'.
    child.on('error', (err) => { if (child.pid === undefined) end(new Error(`initdb could not start a child process: ${err.message}`)); });
    // 'close', not 'exit': it comes after the child's last IPC message and stderr output have been read.
    child.once('close', (code, signal) => {
      if (code === 0) return end();
      if (why === 'timeout') return end(new Error(`initdb did not finish within ${timeoutMs / 1000} s; its process was killed`));
      if (why === 'stopped') return end(new Error('initdb was stopped: the server closed before it finished'));
      if (reported) return end(new Error(`initdb failed: ${reported}`));
      if (signal) return end(new Error(`the initdb process was killed by ${signal}${signal === 'SIGKILL' ? ' (out of memory?)' : ''}${tail(stderr)}`));
      end(new Error(`the initdb process exited with code ${code}${tail(stderr)}`));
    });
  });
  return { pid: child.pid, done, stop: () => kill('stopped') };
}
