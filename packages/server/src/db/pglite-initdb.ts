/**
 * Child-process entry that creates an embedded database (initdb) in an empty PGlite folder,
 * then exits. PGlite runs initdb in a second, temporary instance that it never lets go of;
 * in the server's process that stayed resident for good (~100 MB after the thread that ran it
 * ended, ~600 MB at its peak). A process of its own gives all of it back to the OS when it
 * exits. Started by pglite-initdb-process.ts: `node pglite-initdb.mjs <folder> <its pid>` with an IPC
 * channel, on which a failure is reported as `{ error: { message } }` before exit code 1.
 */
import { mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import type { PgliteInitdbMessage } from './pglite-thread.protocol.ts';
import { pgliteStartParams } from './pglite-settings.ts';
import { keepChmodPrivate } from './private-file-modes.ts';

const [dir, parentPid] = process.argv.slice(2);

/**
 * Refused before the seconds of initdb: the folder must be absent or empty (a start stopped
 * before its rename, or made by hand), anything else is not ours to replace.
 */
function checkEmptyOrAbsent(folder: string): void {
  let isDir: boolean;
  try {
    isDir = statSync(folder).isDirectory();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  if (!isDir) throw new Error(`${folder} exists and is not a folder`);
  if (readdirSync(folder).length > 0) throw new Error(`${folder} is neither empty nor a database (it has no PG_VERSION)`);
}

/**
 * initdb in a folder beside `folder`, renamed into place once PGlite has closed it: a start
 * killed halfway (the parent gone, the timeout) leaves no half database that the next start
 * would open as a whole one. PGlite mounts the folder inside its WebAssembly file system, so
 * no file inside it names the host path.
 */
async function initdb(folder: string): Promise<void> {
  checkEmptyOrAbsent(folder);
  const partial = `${folder}.initdb`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true, mode: 0o700 });
  const db = await PGlite.create({ dataDir: partial, startParams: pgliteStartParams(PGlite.defaultStartParams) });
  await db.close();
  renameSync(partial, folder); // replaces an empty folder, as rename(2) does
}

/**
 * The parent gone (killed, crashed), this process ends too: a later start on the same folder would
 * run its own initdb beside it. The main thread is in WebAssembly for seconds at a time and sees
 * its IPC channel close only when initdb is over, so a thread of its own watches: the parent's pid
 * changes when this process is handed to init (the parent's pid comes on the command line: it may
 * be gone before this line runs). Unreferenced, it never keeps the process alive.
 */
function endWithParent(parent: number): void {
  process.on('disconnect', () => process.exit(1));
  const watcher = new Worker(
    `const { workerData: parent } = require('node:worker_threads');
     const check = () => { if (process.ppid !== parent) process.kill(process.pid, 'SIGKILL'); };
     check();
     setInterval(check, 200);`,
    { eval: true, workerData: parent },
  );
  watcher.unref();
}

keepChmodPrivate();
try {
  if (!dir || !Number(parentPid) || !process.send) throw new Error('usage: node pglite-initdb.mjs <folder> <parent pid>, spawned with an IPC channel');
  endWithParent(Number(parentPid));
  await initdb(dir);
  process.exit(0);
} catch (err) {
  const message: PgliteInitdbMessage = { error: { message: String((err as Error)?.message ?? err) } };
  if (process.send) process.send(message, () => process.exit(1));
  else {
    console.error(message.error.message);
    process.exit(1);
  }
}
