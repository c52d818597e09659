/**
 * The Postgres settings of every embedded PGlite (npm start's worker thread, the in-process
 * instance of the tests and of the install-time template), added to PGlite's own start
 * parameters; a `-c` on the command line wins over the data folder's postgresql.conf.
 *
 * shared_buffers: PGlite's WebAssembly Postgres allocates and zeroes its buffer pool inside its
 * own linear memory, which is resident from the start and never shrinks. The default 128 MB was
 * about 100 MB of the server's resident memory, for a cache a sign-up database hardly fills;
 * pages outside it are read from the files again (through the OS page cache). See
 * docs/decisions.md, "Memory of the embedded database". Only shared_buffers measurably
 * mattered; wal_buffers follows it (1/32), the rest is allocated only when a query needs it.
 */
export const PGLITE_SETTINGS: readonly string[] = ['shared_buffers=16MB'];

/** PGlite's default start parameters (PGlite.defaultStartParams) followed by PGLITE_SETTINGS. */
export function pgliteStartParams(defaults: readonly string[]): string[] {
  return [...defaults, ...PGLITE_SETTINGS.flatMap((setting) => ['-c', setting])];
}
