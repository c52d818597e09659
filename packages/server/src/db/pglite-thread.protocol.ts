/** Messages between the main thread and the PGlite worker (pglite-worker.ts), and from the initdb child process. */
export interface PgliteWorkerData {
  dataDir: string;
  /** A dumped data folder to start an empty one from (the install-time template). */
  templateFile?: string | undefined;
}

/** What the initdb child process (pglite-initdb.ts) sends its parent before it exits with a failure. */
export interface PgliteInitdbMessage {
  error: { message: string };
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
