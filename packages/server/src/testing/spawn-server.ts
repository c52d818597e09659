import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { SERVER_ROOT } from '../paths.ts';

const MAIN = path.join(SERVER_ROOT, 'src', 'main.ts');

export interface SpawnedServer {
  child: ChildProcess;
  /** Settles with the URL once the server reports ready, or with the exit code if it stopped first. */
  outcome: Promise<{ ready: true; url: string } | { ready: false; code: number | null }>;
  stdout(): string;
  stderr(): string;
  /** Waits for the process to end (after a signal, or on its own). */
  exited(): Promise<number | null>;
}

/**
 * `npm start` as a real process (main.ts from the sources through tsx), so what is tested is
 * what an operator runs: its own pid, its own PGlite worker, signals, exit codes.
 */
export function spawnServer(env: Record<string, string>): SpawnedServer {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: SERVER_ROOT,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    env: { PATH: process.env.PATH ?? '', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (d) => { out += d; });
  child.stderr!.on('data', (d) => { err += d; });
  // 'close', not 'exit': only then has all of the process's output been read.
  const exit = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  const outcome = new Promise<{ ready: true; url: string } | { ready: false; code: number | null }>((resolve) => {
    child.on('message', (m: { ready?: boolean; url?: string }) => { if (m.ready && m.url) resolve({ ready: true, url: m.url }); });
    void exit.then((code) => resolve({ ready: false, code }));
  });
  return { child, outcome, stdout: () => out, stderr: () => err, exited: () => exit };
}
