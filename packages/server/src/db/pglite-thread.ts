import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { PgliteRequest, PgliteResponse, PgliteResult, PgliteWorkerData } from './pglite-thread.protocol.ts';
import { startInitdbProcess, type InitdbProcess } from './pglite-initdb-process.ts';

/** A Postgres error re-thrown on the main thread with the fields error mapping reads (code 23505 …). */
export class PgliteThreadError extends Error {
  code?: string;
  detail?: string;
  constraint?: string;
  constructor(data: NonNullable<PgliteResponse['error']>) {
    super(data.message);
    Object.assign(this, data);
    this.name = 'DatabaseError';
  }
}

interface QueryOptions { rowMode?: 'array' | 'object'; parsers?: Record<string, unknown> }
type Query = (sql: string, params?: unknown[], options?: QueryOptions) => Promise<PgliteResult>;

/** The part of PGlite's API drizzle's pglite driver calls: query, and transaction with a client that queries. */
export interface PgliteThreadClient {
  /** Settles when PGlite has opened (or failed to); queries sent before wait for it. */
  ready: Promise<void>;
  query: Query;
  transaction<T>(fn: (tx: { query: Query }) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** The child process that ran initdb, when the folder needed it (its pid; gone once `ready` settles). */
  initdb?: Pick<InitdbProcess, 'pid'>;
}

/**
 * The worker file next to this module's compiled form: dist/pglite-worker.mjs from the bundle
 * (this module sits in dist/chunks/), or, under tests and tsx, pglite-worker-tsx.mjs, which
 * loads the TypeScript entry through tsx's loader hooks.
 */
function createWorker(workerData: PgliteWorkerData): Worker {
  if (!import.meta.url.endsWith('.ts')) {
    return new Worker(new URL(import.meta.url.includes('/chunks/') ? '../pglite-worker.mjs' : './pglite-worker.mjs', import.meta.url), { workerData });
  }
  return new Worker(new URL('./pglite-worker-tsx.mjs', import.meta.url), { workerData });
}

/**
 * Starts PGlite in a worker thread and returns its client at once, so the caller can go on
 * building the app while PGlite opens. Queries are messages; a transaction holds the queue
 * from BEGIN to COMMIT so that no other query runs inside it, which is what PGlite's own
 * transaction() guarantees in-process.
 *
 * An empty folder with no template needs initdb, which PGlite runs in a second, temporary
 * PGlite instance that it never lets go of (some 300 MB resident, for good, measured in
 * bench/server-memory.mjs; ~100 MB stayed in the process even from a thread that had ended):
 * that runs in a child process (pglite-initdb-process.ts), whose memory goes back to the OS when
 * it exits, and the thread that serves the queries then opens the finished folder.
 */
export function startPgliteThread(data: PgliteWorkerData, options: { initdbTimeoutMs?: number } = {}): PgliteThreadClient {
  let worker: Worker | undefined;
  const pending = new Map<number, { resolve: (r: PgliteResult) => void; reject: (e: Error) => void }>();
  let nextId = 1;
  /** Why no query can run any more: PGlite failed to open, or the worker is gone. */
  let broken: Error | null = null;
  const fail = (err: Error) => {
    broken ??= err;
    for (const p of pending.values()) p.reject(broken);
    pending.clear();
  };
  let openedOk!: () => void;
  const ready = new Promise<void>((resolve) => { openedOk = resolve; }).then(() => { if (broken) throw broken; });
  const failedToOpen = (error: NonNullable<PgliteResponse['error']>) => fail(new Error(`PGlite could not open ${data.dataDir}: ${error.message}`));

  const serve = (w: Worker) => {
    worker = w;
    w.on('message', (res: PgliteResponse) => {
      if (res.id === 0) {
        if (res.error) failedToOpen(res.error);
        openedOk();
        return;
      }
      const p = pending.get(res.id);
      if (!p) return;
      pending.delete(res.id);
      if (res.error) p.reject(new PgliteThreadError(res.error));
      else p.resolve(res.result ?? { rows: [], fields: [], affectedRows: 0 });
    });
    w.on('error', (err) => { fail(err); openedOk(); });
    w.on('exit', (code) => { fail(new Error(`The PGlite worker exited (code ${code})`)); openedOk(); });
  };

  let initdb: InitdbProcess | undefined;
  if (!data.templateFile && !existsSync(path.join(data.dataDir, 'PG_VERSION'))) {
    initdb = startInitdbProcess(data.dataDir, options.initdbTimeoutMs);
    initdb.done.then(
      () => serve(createWorker({ dataDir: data.dataDir })),
      (err: Error) => { failedToOpen({ message: err.message }); openedOk(); },
    );
  } else {
    serve(createWorker(data));
  }

  const send = (req: PgliteRequest extends infer R ? R extends unknown ? Omit<R, 'id'> : never : never): Promise<PgliteResult> => {
    if (broken) return Promise.reject(broken);
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker!.postMessage({ ...req, id });
    });
  };
  const direct: Query = (sql, params, options) => send({
    kind: 'query', sql, params: params ?? [],
    ...(options?.rowMode ? { rowMode: options.rowMode } : {}),
    ...(options?.parsers ? { identityTypes: Object.keys(options.parsers).map(Number) } : {}),
  });

  // One queue, opened by `ready`: a transaction takes it from BEGIN to COMMIT/ROLLBACK; a lone query takes it for itself.
  let tail: Promise<unknown> = ready.catch(() => undefined);
  const queued = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = tail.then(fn);
    tail = run.catch(() => undefined);
    return run;
  };

  return {
    ready,
    ...(initdb ? { initdb: { pid: initdb.pid } } : {}),
    query: (sql, params, options) => queued(() => direct(sql, params, options)),
    transaction: (fn) => queued(async () => {
      await direct('BEGIN');
      try {
        const result = await fn({ query: direct });
        await direct('COMMIT');
        return result;
      } catch (err) {
        await direct('ROLLBACK').catch(() => undefined);
        throw err;
      }
    }),
    async close() {
      initdb?.stop(); // a close during initdb (a refused start) does not wait for it
      await queued(() => send({ kind: 'close' })).catch(() => undefined);
      await worker?.terminate();
    },
  };
}
