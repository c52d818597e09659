import { randomUUID } from 'node:crypto';
import { chmodSync, linkSync, mkdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/*
 * One embedded database, one server. Two processes on one PGlite folder each keep their own
 * copy of the database in memory and overwrite each other's files: acknowledged writes vanish
 * and indexes stop matching their tables. So the data folder holds a lock file naming its owner;
 * a second server refuses to start, and a lock whose process is gone (kill -9, a crash, a
 * container restarted with the same pid) is taken over.
 */

export const LOCK_FILE_NAME = 'portico.lock';

interface LockOwner {
  pid: number;
  host: string;
  startedAt: string;
  /** Linux start time of the process in clock ticks since boot: tells a reused pid from the owner. */
  startTicks?: string;
}

export class DataDirInUseError extends Error {
  constructor(readonly dataDir: string, readonly owner: LockOwner, lockFile: string) {
    super(
      `The data folder ${dataDir} is in use by another Portico server (pid ${owner.pid} on host ${owner.host}, started ${owner.startedAt}). ` +
      `Two servers on one embedded database lose each other's writes: stop that server first, or give this one its own PORTICO_DATA_DIR` +
      `${owner.host === os.hostname() ? '' : `. If no Portico server runs on ${owner.host}, delete ${lockFile}`}.`,
    );
    this.name = 'DataDirInUseError';
  }
}

export interface DataDirLock {
  file: string;
  /** Removes the lock file if it is still ours. Safe to call more than once. */
  release(): void;
}

function processStartTicks(pid: number): string | undefined {
  try {
    // The command name (field 2) may hold spaces and parentheses: count fields after the last ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function readOwner(file: string): LockOwner | undefined {
  try {
    const owner = JSON.parse(readFileSync(file, 'utf8')) as LockOwner;
    return Number.isInteger(owner.pid) && typeof owner.host === 'string' ? owner : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(owner: LockOwner): boolean {
  // A lock written on another machine (a shared folder) cannot be checked from here.
  if (owner.host !== os.hostname()) return true;
  try {
    process.kill(owner.pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'; // alive, owned by another user
  }
  const ticks = processStartTicks(owner.pid);
  return !owner.startTicks || !ticks || ticks === owner.startTicks;
}

const sameOwner = (a: LockOwner | undefined, b: LockOwner) =>
  a !== undefined && a.pid === b.pid && a.host === b.host && a.startedAt === b.startedAt;

/**
 * Moves the lock file aside and deletes it if it still is the stale lock we judged. If another
 * starter replaced it in between, the moved file is its live lock: it goes back, and the next
 * round finds that owner alive.
 */
function takeOver(file: string, stale: LockOwner): void {
  const aside = `${file}.${process.pid}.${randomUUID()}`;
  try {
    renameSync(file, aside);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return; // another starter removed it first
    throw err;
  }
  const moved = readOwner(aside);
  if (moved && !sameOwner(moved, stale)) {
    try { linkSync(aside, file); } catch { /* a third starter got in: it holds the folder now */ }
  }
  unlinkSync(aside);
}

/** Creates the data folder private to its owner (0700) and makes it so if it was wider. */
export function makePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  try {
    if ((statSync(dir).mode & 0o077) !== 0) chmodSync(dir, 0o700);
  } catch {
    // Not ours to change (another user's folder): PGlite reports whatever it cannot open.
  }
}

/**
 * Takes the data folder for this process or throws DataDirInUseError naming the folder and
 * the other process. The lock file is written whole before it appears (link of a finished
 * file), so a reader never sees a half-written owner.
 */
export function lockDataDir(dataDir: string): DataDirLock {
  makePrivateDir(dataDir);
  const file = path.join(dataDir, LOCK_FILE_NAME);
  const me: LockOwner = { pid: process.pid, host: os.hostname(), startedAt: new Date().toISOString() };
  const ticks = processStartTicks(process.pid);
  if (ticks) me.startTicks = ticks;
  const draft = `${file}.${process.pid}.${randomUUID()}.new`;
  writeFileSync(draft, `${JSON.stringify(me)}\n`, { mode: 0o600 });
  try {
    // Each round either takes the lock, names the live owner, or clears a stale lock and tries again.
    for (let attempt = 0; attempt < 10; attempt++) {
      try {
        createWhole(draft, file);
        return ownLock(file, me);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      const owner = readOwner(file);
      if (owner && isAlive(owner)) throw new DataDirInUseError(dataDir, owner, file);
      // A lock without a readable owner cannot be attributed to anyone: it is treated as stale.
      takeOver(file, owner ?? { pid: -1, host: '', startedAt: '' });
    }
    throw new Error(`Could not take the lock ${file}: other processes keep replacing it`);
  } finally {
    unlinkSync(draft);
  }
}

/** A hard link makes the finished draft appear at once; folders without hard links get an exclusive create. */
function createWhole(draft: string, file: string): void {
  try {
    linkSync(draft, file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP') throw err;
    writeFileSync(file, readFileSync(draft), { flag: 'wx', mode: 0o600 });
  }
}

function ownLock(file: string, me: LockOwner): DataDirLock {
  let released = false;
  return {
    file,
    release() {
      if (released) return;
      released = true;
      if (sameOwner(readOwner(file), me)) unlinkSync(file);
    },
  };
}
