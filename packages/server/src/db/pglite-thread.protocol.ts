/** Messages between the main thread and the PGlite worker (pglite-worker.ts). */
export interface PgliteWorkerData {
  dataDir: string;
  /** A dumped data folder to start an empty one from (the install-time template). */
  templateFile?: string | undefined;
  /** Only create the database (initdb) in an empty folder, answer `{ id: 0 }` and wait to be terminated. */
  initOnly?: boolean;
}

export type PgliteRequest =
  | { id: number; kind: 'query'; sql: string; params?: unknown[]; rowMode?: 'array' | 'object'; identityTypes?: number[] }
  | { id: number; kind: 'close' };

export interface PgliteResult {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows: number;
}

export interface PgliteResponse {
  id: number;
  result?: PgliteResult;
  error?: { message: string; code?: string; detail?: string; constraint?: string; table?: string; column?: string; severity?: string };
}
