/**
 * Worker-thread entry that owns the embedded PGlite of `npm start`. PGlite's start is
 * half a second of WebAssembly on one core; in its own thread it overlaps the main
 * thread loading Fastify, the config and the routes (see pglite-thread.ts).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import type { PgliteRequest, PgliteResponse, PgliteWorkerData } from './pglite-thread.protocol.ts';
import { pgliteStartParams } from './pglite-settings.ts';
import { unpackPgliteTemplate } from './pglite-template-unpack.ts';
import { keepChmodPrivate } from './private-file-modes.ts';

const port = parentPort!;
const { dataDir, templateFile } = workerData as PgliteWorkerData;

/** Errors cross threads as plain data: Postgres fields (code, constraint…) are kept for error mapping. */
function errorData(err: unknown): NonNullable<PgliteResponse['error']> {
  const e = err as Record<string, unknown>;
  const data: Record<string, string | undefined> = { message: String(e?.message ?? err) };
  for (const key of ['code', 'detail', 'constraint', 'table', 'column', 'severity']) {
    if (typeof e?.[key] === 'string') data[key] = e[key] as string;
  }
  return data as NonNullable<PgliteResponse['error']>;
}

/** drizzle passes identity parsers (dates stay strings); functions cannot cross threads, the type ids can. */
function identityParsers(types: number[] | undefined) {
  if (!types?.length) return undefined;
  return Object.fromEntries(types.map((t) => [t, (value: string) => value]));
}

/** One request from the main thread: a query, or the close before the thread ends. */
async function answer(db: PGlite, req: PgliteRequest): Promise<PgliteResponse> {
  try {
    if (req.kind === 'close') {
      await db.close();
      return { id: req.id };
    }
    const parsers = identityParsers(req.identityTypes);
    const result = await db.query(req.sql, req.params ?? [], { ...(req.rowMode ? { rowMode: req.rowMode } : {}), ...(parsers ? { parsers } : {}) });
    return { id: req.id, result: { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows ?? 0 } };
  } catch (err) {
    return { id: req.id, error: errorData(err) };
  }
}

keepChmodPrivate();
try {
  // An empty folder starts from the template, unpacked as files, so PGlite only ever opens an existing folder
  // (a folder with no template was initialised beforehand, by a child process: see pglite-thread.ts).
  if (templateFile) unpackPgliteTemplate(templateFile, dataDir);
  const db = await PGlite.create({ dataDir, startParams: pgliteStartParams(PGlite.defaultStartParams) });
  port.on('message', async (req: PgliteRequest) => port.postMessage(await answer(db, req)));
  port.postMessage({ id: 0 } satisfies PgliteResponse);
} catch (err) {
  port.postMessage({ id: 0, error: errorData(err) } satisfies PgliteResponse);
}
