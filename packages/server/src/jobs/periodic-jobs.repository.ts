import { and, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { periodicJobs } from '../db/schema.ts';

/** The runner's queries on `periodic_jobs` (one row per job; see the table's comment in db/schema.ts). */
export function periodicJobsRepository(db: Db) {
  return {
    /**
     * Makes each job due at `now` (server clock): a job missing its row gets one, an existing one is
     * moved earlier, never later. The runner calls it at start, so a restarted node runs every job once
     * (payment recovery finishes what a crash interrupted) whatever the last run's schedule said.
     */
    async dueAt(names: string[], now: Date): Promise<void> {
      if (names.length === 0) return;
      await db.insert(periodicJobs).values(names.map((name) => ({ name, nextRun: now })))
        .onConflictDoUpdate({ target: periodicJobs.name, set: { nextRun: sql`least(${periodicJobs.nextRun}, excluded.next_run)` } });
    },
    /**
     * Takes the job's run if it is due by `now` (server clock) and no live lease holds it: one UPDATE,
     * so of several nodes asking at once exactly one gets the row back. The lease is real time (the
     * database's now()), so it ends even while the server clock is moved.
     */
    async claim(name: string, now: Date, leaseMs: number): Promise<{ attempts: number } | null> {
      const [row] = await db.update(periodicJobs)
        .set({ leaseUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})`, attempts: sql`${periodicJobs.attempts} + 1` })
        .where(and(eq(periodicJobs.name, name), lte(periodicJobs.nextRun, now), or(isNull(periodicJobs.leaseUntil), lt(periodicJobs.leaseUntil, sql`now()`))))
        .returning({ attempts: periodicJobs.attempts });
      return row ?? null;
    },
    async succeeded(name: string, ranAt: Date, nextRun: Date, result: number): Promise<void> {
      await db.update(periodicJobs)
        .set({ nextRun, leaseUntil: null, attempts: 0, lastError: null, lastRun: ranAt, lastResult: result })
        .where(eq(periodicJobs.name, name));
    },
    async failed(name: string, error: string, retryAt: Date): Promise<void> {
      await db.update(periodicJobs)
        .set({ nextRun: retryAt, leaseUntil: null, lastError: error.slice(0, 1000) })
        .where(eq(periodicJobs.name, name));
    },
    /** When each job is next due (server clock), for the runner's sleep. */
    async nextRuns(names: string[]): Promise<Map<string, Date>> {
      if (names.length === 0) return new Map();
      const rows = await db.select({ name: periodicJobs.name, nextRun: periodicJobs.nextRun }).from(periodicJobs).where(inArray(periodicJobs.name, names));
      return new Map(rows.map((r) => [r.name, r.nextRun]));
    },
    async get(name: string) {
      const [row] = await db.select().from(periodicJobs).where(eq(periodicJobs.name, name));
      return row ?? null;
    },
  };
}

export type PeriodicJobsRepository = ReturnType<typeof periodicJobsRepository>;
