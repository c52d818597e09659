/**
 * What the job runner (jobs/job-runner.ts) runs: outbox handlers (one per topic, at least once) and
 * periodic jobs (each at most once per period across every node). Features declare theirs in their
 * module; the runner loops over them. docs/jobs.md
 */

/** What every job run gets. */
export interface JobContext {
  /** The one server clock (clock/server-clock.ts): the admin clock moves it, and the runner wakes. */
  now(): Date;
  /** Aborted when the node stops or the run takes longer than the job's timeout. */
  signal: AbortSignal;
  log: JobLog;
}

export interface JobLog {
  /** Every run of a periodic job, at debug level (an operator's LOG_LEVEL=debug, and the multi-process test). */
  debug?(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * A job that runs every `everyMs` of server-clock time, and once at start. Several nodes may run
 * the runner: a run is claimed in the database first, so one period's run happens on one node.
 * A run may still happen twice (a node dies after the work, before recording it): `run` must be
 * safe to repeat.
 */
export interface PeriodicJob {
  /** Unique, stable (the database row's key): 'sessions.cleanup', 'payments.recovery'. */
  name: string;
  everyMs: number;
  /** How long one run may take before it is aborted and another node may take it over (default 60 s). */
  timeoutMs?: number;
  /**
   * Runs on EVERY node by that node's own schedule (at start, then every `everyMs`), never claimed in
   * `periodic_jobs`: for work that shares itself between runners (rows taken FOR UPDATE SKIP LOCKED,
   * each committed once), so nodes help each other through a big pass instead of waiting for one
   * (the renewal pass). One run at a time per node.
   */
  everyNode?: boolean;
  /** Returns how much it did (logged when > 0). Throwing records the error on the job's row; it is retried with backoff. */
  run(ctx: JobContext): Promise<number | void>;
}
