import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema.ts';
import type { PgliteThreadClient } from './pglite-thread.ts';
import { pgliteStartParams } from './pglite-settings.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /**
   * Runs fn as the only start-up task in the whole deployment: on PostgreSQL under a
   * session advisory lock (several nodes starting at once must not migrate or seed
   * twice), on PGlite (one process) one call after the other.
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** The embedded instance, when there is one (tests dump it to a template). */
  pglite?: PGlite;
}

import { MIGRATIONS_FOLDER } from '../paths.ts';
export { MIGRATIONS_FOLDER };

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent PGlite is used. */
  url?: string;
  /** Folder PGlite persists to; absent means in memory. */
  dataDir?: string;
  /** A dumped PGlite data folder to start from (tests). */
  loadDataDir?: Blob | File;
  /**
   * Run PGlite in a worker thread (npm start): its WebAssembly start then overlaps the main
   * thread loading the HTTP app. `templateFile` seeds an empty data folder from the worker.
   */
  thread?: { templateFile?: string | undefined; started?: PgliteThreadClient };
  migrationsFolder?: string;
}

/** Advisory lock key of start-up work (migrations, seed): any constant shared by every node. */
const STARTUP_LOCK_KEY = 7_146_352_011;

/** An in-process lock: each call starts after the previous one settled. */
function serially(): Database['exclusive'] {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(fn: () => Promise<T>) => {
    const run = tail.then(fn, fn);
    tail = run.catch(() => undefined);
    return run;
  };
}

/** Each driver is imported only when used, so a PGlite start does not load pg and vice versa. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const migrationsFolder = options.migrationsFolder ?? MIGRATIONS_FOLDER;
  if (options.url) {
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import('pg'), import('drizzle-orm/node-postgres'), import('drizzle-orm/node-postgres/migrator'),
    ]);
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // An idle client dropped by the server (restart, failover) must not crash the process;
    // the pool replaces it on the next query.
    pool.on('error', (err) => { process.emitWarning(`PostgreSQL pool: ${err.message}`); });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(db as never, { migrationsFolder }),
      async exclusive(fn) {
        const lock = await pool.connect();
        try {
          await lock.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
          return await fn();
        } finally {
          await lock.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => undefined);
          lock.release();
        }
      },
      close: () => pool.end(),
    };
  }
  if (options.thread) {
    if (!options.dataDir) throw new Error('A PGlite worker thread needs a data folder');
    // Queries wait for PGlite to open, so the caller can build the app meanwhile; a failure to open
    // surfaces on the first query (the migration check) with PGlite's message. Started before the
    // drizzle modules load, so that loading overlaps PGlite's start too.
    const client = options.thread.started
      ?? (await import('./pglite-thread.ts')).startPgliteThread({ dataDir: options.dataDir, templateFile: options.thread.templateFile });
    return overPglite(client, migrationsFolder);
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const client = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    startParams: pgliteStartParams(PGlite.defaultStartParams),
  });
  return { ...(await overPglite(client, migrationsFolder)), pglite: client };
}

/** Drizzle over PGlite, in-process or in its worker thread (whose client has the query and transaction drizzle calls). */
async function overPglite(client: PGlite | PgliteThreadClient, migrationsFolder: string): Promise<Database> {
  const [{ drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('drizzle-orm/pglite'), import('drizzle-orm/pglite/migrator'),
  ]);
  const db = drizzlePglite({ client: client as PGlite, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    exclusive: serially(),
    close: () => client.close(),
  };
}
