import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readEnv } from '../config/env.ts';
import { startServer } from '../start-server.ts';
import { freshPostgresDatabase } from '../testing/fresh-postgres.ts';
import { spawnServer, type SpawnedServer } from '../testing/spawn-server.ts';
import { DataDirInUseError, LOCK_FILE_NAME, lockDataDir } from './data-dir-lock.ts';

const root = mkdtempSync(path.join(os.tmpdir(), 'portico-lock-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const freshDir = (name: string) => path.join(root, name);

const lockOwner = (dir: string) => JSON.parse(readFileSync(path.join(dir, LOCK_FILE_NAME), 'utf8')) as { pid: number; host: string };

/** Every file and folder under dir that someone other than the owner could write. */
function worldWritable(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const file = path.join(dir, entry);
    const st = lstatSync(file);
    if (!st.isSymbolicLink() && (st.mode & 0o002) !== 0) found.push(`${entry} ${(st.mode & 0o777).toString(8)}`);
  }
  return found;
}

const kill9 = async (server: SpawnedServer) => { server.child.kill('SIGKILL'); await server.exited(); };

describe('one embedded database, one server (real processes)', () => {
  it('a second server on a folder in use refuses naming the folder and the first; a lock left by kill -9 does not block the next start', async () => {
    const dir = freshDir('shared');
    const first = spawnServer({ PORTICO_DATA_DIR: dir });
    const firstUp = await first.outcome;
    expect(firstUp, first.stderr()).toMatchObject({ ready: true });
    try {
      expect(lockOwner(dir).pid).toBe(first.child.pid);

      const second = spawnServer({ PORTICO_DATA_DIR: dir });
      expect(await second.outcome).toEqual({ ready: false, code: 1 });
      expect(second.stderr()).toContain(`The data folder ${dir} is in use by another Portico server (pid ${first.child.pid} on host ${os.hostname()}`);
      // The first server is untouched: still serving, still the owner.
      const health = await fetch(`${(firstUp as { url: string }).url}/healthz`);
      expect(await health.json()).toMatchObject({ status: 'ok' });
      expect(lockOwner(dir).pid).toBe(first.child.pid);
    } finally {
      await kill9(first);
    }
    expect(lockOwner(dir).pid).toBe(first.child.pid); // left behind by the killed process

    const third = spawnServer({ PORTICO_DATA_DIR: dir });
    const thirdUp = await third.outcome;
    expect(thirdUp, third.stderr()).toMatchObject({ ready: true });
    expect(lockOwner(dir).pid).toBe(third.child.pid);
    const init = await fetch(`${(thirdUp as { url: string }).url}/api/v1/widgets/auth/init`);
    expect(init.status).toBe(200);
    await init.arrayBuffer();
    third.child.kill('SIGTERM');
    expect(await third.exited(), `signal ${third.child.signalCode}; ${third.stderr()}`).toBe(0);
    expect(existsSync(path.join(dir, LOCK_FILE_NAME))).toBe(false); // released on shutdown

    // The data folder is private to its owner and no database file is world-writable (they were 0666).
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(readdirSync(path.join(dir, 'pglite')).length).toBeGreaterThan(10);
    expect(worldWritable(dir)).toEqual([]);
  }, 120_000);
});

const pgUrl = process.env.TEST_DATABASE_URL;

describe('with PostgreSQL the data folder is not the database', () => {
  it.skipIf(!pgUrl)('several nodes on one PostgreSQL start with the same PORTICO_DATA_DIR, and take no lock', async () => {
    const database = await freshPostgresDatabase(pgUrl!);
    const dir = freshDir('postgres-nodes');
    const env = () => readEnv({ PORT: '0', LOG_LEVEL: 'silent', PORTICO_DATA_DIR: dir, DATABASE_URL: database.url });
    try {
      const nodes = await Promise.all([startServer(env()), startServer(env())]);
      for (const node of nodes) expect(await (await fetch(`${node.url}/healthz`)).json()).toMatchObject({ status: 'ok' });
      expect(existsSync(path.join(dir, LOCK_FILE_NAME))).toBe(false);
      await Promise.all(nodes.map((n) => n.close()));
    } finally {
      await database.drop();
    }
  });
});

describe('the data folder lock', () => {
  it('refuses a second lock in the same process and frees the folder on release', () => {
    const dir = freshDir('in-process');
    const lock = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
    expect(() => lockDataDir(dir)).toThrow(`pid ${process.pid}`);
    lock.release();
    lock.release();
    const again = lockDataDir(dir);
    again.release();
    expect(existsSync(path.join(dir, LOCK_FILE_NAME))).toBe(false);
  });

  it('takes over a lock whose process is gone, and one whose pid now belongs to another process', () => {
    const dir = freshDir('stale');
    mkdirSync(dir, { recursive: true });
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    const write = (owner: object) => writeFileSync(path.join(dir, LOCK_FILE_NAME), JSON.stringify(owner));
    write({ pid: Number(gone.stdout), host: os.hostname(), startedAt: '2020-01-01T00:00:00.000Z' });
    lockDataDir(dir).release();
    // A container restarted by its runtime gets the same pid as before; the start time (Linux) tells them apart.
    if (existsSync('/proc/self/stat')) {
      write({ pid: process.pid, host: os.hostname(), startedAt: '2020-01-01T00:00:00.000Z', startTicks: '1' });
      const lock = lockDataDir(dir);
      expect(lockOwner(dir).pid).toBe(process.pid);
      lock.release();
    }
    // A half-written or foreign file is not anyone's lock.
    writeFileSync(path.join(dir, LOCK_FILE_NAME), '');
    lockDataDir(dir).release();
  });

  it('does not guess about a lock written on another host: it names the file to delete', () => {
    const dir = freshDir('other-host');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, LOCK_FILE_NAME), JSON.stringify({ pid: 1, host: 'other-machine', startedAt: '2020-01-01T00:00:00.000Z' }));
    expect(() => lockDataDir(dir)).toThrow(`If no Portico server runs on other-machine, delete ${path.join(dir, LOCK_FILE_NAME)}`);
  });

  it('creates the folder 0700 and narrows one that was open to others', () => {
    const created = freshDir('new/nested');
    lockDataDir(created).release();
    expect(statSync(created).mode & 0o777).toBe(0o700);
    const open = freshDir('open');
    mkdirSync(open);
    chmodSync(open, 0o777);
    lockDataDir(open).release();
    expect(statSync(open).mode & 0o777).toBe(0o700);
  });
});
