import fs from 'node:fs';

/** Group and other lose every permission: Postgres keeps its own files 0600 and folders 0700. */
const narrow = (mode: fs.Mode): number => (typeof mode === 'number' ? mode : parseInt(mode, 8)) & ~0o077;

/**
 * PGlite's file layer (Emscripten's NODEFS) chmods every file it creates to the mode the wasm
 * Postgres asks for, 0666; a chmod ignores the umask, so the database files ended up
 * world-writable. Called in the PGlite worker thread, whose fs module object is its own, so
 * the rest of the process keeps Node's behaviour.
 */
export function keepChmodPrivate(): void {
  const { chmodSync, fchmodSync } = fs;
  fs.chmodSync = (file, mode) => chmodSync(file, narrow(mode));
  fs.fchmodSync = (fd, mode) => fchmodSync(fd, narrow(mode));
}
