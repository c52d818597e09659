import type { Db } from '../db/database.ts';
import type { ServerClock } from '../clock/server-clock.ts';
import type { JobLog, PeriodicJob } from './job-types.ts';
import { createOutboxWorker, retryDelayMs, type OutboxHandler, type OutboxWorker, type OutboxWorkerOptions } from './outbox-worker.ts';
import { periodicJobsRepository } from './periodic-jobs.repository.ts';

export interface JobRunnerOptions {
  db: Db;
  /** The one server clock: periodic jobs are due by it, and moving it wakes the runner. */
  clock: ServerClock;
  /** Outbox topic → handler (every feature's, collected by the caller). */
  handlers: Record<string, OutboxHandler>;
  periodic: PeriodicJob[];
  log?: JobLog;
  outbox?: Partial<Omit<OutboxWorkerOptions, 'db' | 'handlers' | 'log'>>;
  /** Longest sleep between looks at the periodic jobs (another node may have changed the schedule). */
  maxSleepMs?: number;
  /** Shortest sleep: a due job another node holds is not asked for again sooner. */
  minSleepMs?: number;
  random?: () => number;
}

export interface JobRunner {
  /** Makes every periodic job due now (a restart finishes what a crash left), then delivers and runs until stop(). */
  start(): Promise<void>;
  /** Stops looking for work and aborts runs in flight (they are taken over when their lease ends). */
  stop(): Promise<void>;
  /** Looks for due work now (after a commit that enqueued a message, or when the clock moved). */
  wake(): void;
  /** One round of periodic jobs: runs each that is due and not held by another node; returns how many ran. */
  runDue(): Promise<number>;
  /** One outbox round (claim and deliver); returns how many messages it tried. */
  deliverDue(): Promise<number>;
  /**
   * Runs the named periodic jobs once now, one after the other, whatever their schedule (an operator's
   * command, `npm run renewals`): each is claimed like a scheduled run, so a run another node holds is
   * not doubled ('held'); a name no module registers is 'unknown'.
   */
  runJobsNow(names: readonly string[]): Promise<JobRunReport[]>;
  /** Delivers due outbox messages of these topics until none is due (failures wait for their retry); returns how many it tried. */
  drainTopics(topics: readonly string[], options?: { maxRounds?: number }): Promise<number>;
}

export interface JobRunReport {
  name: string;
  status: 'ran' | 'failed' | 'held' | 'unknown';
  /** What the run returned (how much it did), when it ran. */
  result?: number;
  error?: string;
}

const DEFAULT_JOB_TIMEOUT_MS = 60_000;

/**
 * The one job runner: outbox delivery (at least once; every handler is idempotent) and periodic
 * jobs (claimed in `periodic_jobs` by one UPDATE, so one period's run happens on one node however
 * many nodes run this). Every node may run it. Periodic jobs are due by the server clock, so the
 * demo or a test that moves the admin clock sees due jobs run within a second. docs/jobs.md
 */
export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { clock } = options;
  const log = options.log;
  const random = options.random ?? Math.random;
  const maxSleepMs = options.maxSleepMs ?? 60_000;
  const minSleepMs = options.minSleepMs ?? 1000;
  const jobs = options.periodic;
  const allNames = jobs.map((j) => j.name);
  if (new Set(allNames).size !== allNames.length) throw new Error(`periodic job names must be unique: ${allNames.join(', ')}`);
  /** Jobs claimed in the table (one run per period across nodes); `everyNode` jobs keep their schedule here. */
  const names = jobs.filter((j) => !j.everyNode).map((j) => j.name);
  const repo = periodicJobsRepository(options.db);
  const outbox: OutboxWorker = createOutboxWorker({ ...options.outbox, db: options.db, handlers: options.handlers, ...(log ? { log } : {}) });

  let stopped = true;
  let stopping = new AbortController();
  let loop: Promise<void> | null = null;
  let wakeUp: (() => void) | null = null;
  let woken = false;
  /** Set by a clock change, read by the loop (catchUpWithClock). */
  let clockMoved = false;
  let unsubscribe: (() => void) | null = null;
  /** When each job is next due, as last seen (this node's cache of the table; refreshed every round). */
  let nextRuns = new Map<string, Date>();
  /** everyNode jobs: this node's own schedule, failed attempts in a row, and the runs in flight. */
  let localNext = new Map<string, Date>();
  const localAttempts = new Map<string, number>();
  const localRunning = new Set<string>();
  const nextOf = (job: PeriodicJob) => (job.everyNode ? localNext : nextRuns).get(job.name);

  async function runOne(job: PeriodicJob, now: Date): Promise<boolean> {
    return (await runOneReport(job, now)).status !== 'held';
  }

  async function runLocal(job: PeriodicJob): Promise<JobRunReport> {
    if (localRunning.has(job.name)) return { name: job.name, status: 'held' };
    localRunning.add(job.name);
    const timeoutMs = job.timeoutMs ?? DEFAULT_JOB_TIMEOUT_MS;
    const signal = AbortSignal.any([stopping.signal, AbortSignal.timeout(timeoutMs)]);
    try {
      const result = (await job.run({ now: () => clock.now(), signal, log: log ?? silent })) ?? 0;
      if (signal.aborted) throw new Error(stopping.signal.aborted ? 'stopped' : `timed out after ${timeoutMs} ms`);
      localAttempts.delete(job.name);
      localNext.set(job.name, new Date(clock.now().getTime() + job.everyMs));
      if (result > 0) log?.info({ job: job.name, result }, 'periodic job done');
      return { name: job.name, status: 'ran', result };
    } catch (err) {
      const why = signal.aborted && !stopping.signal.aborted ? `timed out after ${timeoutMs} ms` : err instanceof Error ? err.message : String(err);
      const attempts = (localAttempts.get(job.name) ?? 0) + 1;
      localAttempts.set(job.name, attempts);
      localNext.set(job.name, new Date(clock.now().getTime() + retryDelayMs(attempts, 1000, Math.max(1000, job.everyMs), random)));
      log?.warn({ job: job.name, attempts, error: why }, 'periodic job failed; will retry');
      return { name: job.name, status: 'failed', error: why };
    } finally {
      localRunning.delete(job.name);
    }
  }

  async function runOneReport(job: PeriodicJob, now: Date): Promise<JobRunReport> {
    if (job.everyNode) return runLocal(job);
    const timeoutMs = job.timeoutMs ?? DEFAULT_JOB_TIMEOUT_MS;
    // Held longer than a run may take, so only a dead node's run is taken over.
    const claim = await repo.claim(job.name, now, timeoutMs * 2 + 5000);
    if (!claim) return { name: job.name, status: 'held' };
    const signal = AbortSignal.any([stopping.signal, AbortSignal.timeout(timeoutMs)]);
    try {
      const result = (await job.run({ now: () => clock.now(), signal, log: log ?? silent })) ?? 0;
      if (signal.aborted) throw new Error(stopping.signal.aborted ? 'stopped' : `timed out after ${timeoutMs} ms`);
      const next = new Date(clock.now().getTime() + job.everyMs);
      await repo.succeeded(job.name, now, next, result);
      nextRuns.set(job.name, next);
      log?.debug?.({ job: job.name, result, at: now.toISOString() }, 'periodic job ran');
      if (result > 0) log?.info({ job: job.name, result }, 'periodic job done');
      return { name: job.name, status: 'ran', result };
    } catch (err) {
      const why = signal.aborted && !stopping.signal.aborted ? `timed out after ${timeoutMs} ms` : err instanceof Error ? err.message : String(err);
      // Retried sooner than its period, backing off: 1 s, 2 s, 4 s ... up to the period.
      const retryAt = new Date(clock.now().getTime() + retryDelayMs(claim.attempts, 1000, Math.max(1000, job.everyMs), random));
      await repo.failed(job.name, why, retryAt);
      nextRuns.set(job.name, retryAt);
      log?.warn({ job: job.name, attempts: claim.attempts, error: why }, 'periodic job failed; will retry');
      return { name: job.name, status: 'failed', error: why };
    }
  }

  async function runJobsNow(wanted: readonly string[]): Promise<JobRunReport[]> {
    const reports: JobRunReport[] = [];
    for (const name of wanted) {
      const job = jobs.find((j) => j.name === name);
      if (!job) { reports.push({ name, status: 'unknown' }); continue; }
      const now = clock.now();
      // Due now (never later than it was), then claimed like any run.
      if (!job.everyNode) await repo.dueAt([name], now);
      reports.push(await runOneReport(job, now));
    }
    return reports;
  }

  async function drainTopics(topics: readonly string[], options: { maxRounds?: number } = {}): Promise<number> {
    let tried = 0;
    for (let round = 0; round < (options.maxRounds ?? 100_000); round++) {
      const n = await outbox.runOnce(topics);
      if (n === 0) break;
      tried += n;
    }
    return tried;
  }

  async function runDue(): Promise<number> {
    const now = clock.now();
    const due = jobs.filter((job) => {
      const next = nextOf(job);
      return !next || next <= now;
    });
    const ran = await Promise.all(due.map((job) => runOne(job, now).catch((err: unknown) => {
      log?.error({ job: job.name, error: err instanceof Error ? err.message : String(err) }, 'periodic job bookkeeping failed');
      return false;
    })));
    return ran.filter(Boolean).length;
  }

  /** How long to sleep: until the earliest job is due by the server clock, within [minSleepMs, maxSleepMs]. */
  async function sleepMs(): Promise<number> {
    nextRuns = await repo.nextRuns(names);
    const now = clock.now().getTime();
    const earliest = Math.min(...jobs.map((j) => nextOf(j)?.getTime() ?? now));
    return Math.max(minSleepMs, Math.min(maxSleepMs, earliest - now));
  }

  const pause = (ms: number) => new Promise<void>((resolve) => {
    if (woken) { woken = false; resolve(); return; }
    const timer = setTimeout(done, ms);
    function done() { clearTimeout(timer); wakeUp = null; woken = false; resolve(); }
    wakeUp = done;
  });

  /**
   * After the clock moved: a job whose next run is more than a period ahead of the new time runs now. Only a clock
   * moved back (the admin clock reset to real time) leaves such a schedule, and it held every job, renewals and
   * collection included, until real time caught up with it. Forward moves change nothing here.
   */
  async function catchUpWithClock(): Promise<void> {
    const now = clock.now();
    for (const job of jobs) {
      const next = nextOf(job);
      if (!next || next.getTime() <= now.getTime() + job.everyMs) continue;
      if (job.everyNode) localNext.set(job.name, now);
      else await repo.dueAt([job.name], now);
    }
  }

  async function run(): Promise<void> {
    while (!stopped) {
      let wait = minSleepMs;
      try {
        if (clockMoved) {
          clockMoved = false;
          await catchUpWithClock();
        }
        await runDue();
        wait = await sleepMs();
      } catch (err) {
        // The database being away (restart, failover) must not end the loop.
        if (!stopped) log?.warn({ error: err instanceof Error ? err.message : String(err) }, 'periodic jobs round failed');
      }
      if (!stopped) await pause(wait);
    }
  }

  const wake = () => {
    outbox.wake();
    if (wakeUp) wakeUp();
    else woken = true;
  };
  const clockChanged = () => {
    clockMoved = true;
    wake();
  };

  return {
    async start() {
      if (!stopped) return;
      await repo.dueAt(names, clock.now());
      stopped = false;
      stopping = new AbortController();
      nextRuns = new Map();
      localNext = new Map();
      unsubscribe = clock.onChange(clockChanged);
      outbox.start();
      loop = run();
    },
    async stop() {
      stopped = true;
      unsubscribe?.();
      unsubscribe = null;
      stopping.abort();
      wakeUp?.();
      await Promise.all([loop, outbox.stop()]);
      loop = null;
    },
    wake,
    runDue,
    deliverDue: () => outbox.runOnce(),
    runJobsNow,
    drainTopics,
  };
}

const silent: JobLog = { info() {}, warn() {}, error() {} };
