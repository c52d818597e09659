import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openTestDatabase, createTestApp } from '../testing/create-test-app.ts';
import type { Database } from '../db/database.ts';
import { createClock } from '../clock/server-clock.ts';
import { createJobRunner, type JobRunner } from './job-runner.ts';
import type { PeriodicJob } from './job-types.ts';
import { enqueueOutbox } from './outbox.repository.ts';
import { periodicJobsRepository } from './periodic-jobs.repository.ts';

const HOUR = 3_600_000;
let database: Database;
beforeAll(async () => { database = await openTestDatabase(); });
afterAll(async () => { await database?.close(); });

/** Polls until `check` holds or the deadline passes (no fixed sleeps: the runner reacts to wake-ups and the clock). */
async function eventually(check: () => boolean | Promise<boolean>, deadlineMs = 10_000): Promise<void> {
  const until = Date.now() + deadlineMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the job runner on several nodes (one database)', () => {
  it('runs each periodic job once per period across two nodes, at start and when the clock moves; delivers each outbox message once', async () => {
    const start = new Date('2027-01-10T09:00:00Z');
    const runs: { node: string; at: string }[] = [];
    const delivered = new Map<string, number>();
    const job = (node: string): PeriodicJob => ({
      name: 'test.hourly', everyMs: HOUR,
      async run(ctx) { runs.push({ node, at: ctx.now().toISOString() }); return 1; },
    });
    const clocks = [createClock({ initial: start.toISOString(), adjustable: true }), createClock({ initial: start.toISOString(), adjustable: true })];
    const nodes: JobRunner[] = ['a', 'b'].map((node, i) => createJobRunner({
      db: database.db, clock: clocks[i]!, periodic: [job(node)],
      handlers: { 'signup.webhook': async (m) => { delivered.set(m.uid, (delivered.get(m.uid) ?? 0) + 1); } },
      outbox: { pollMs: 50 }, minSleepMs: 20,
    }));
    try {
      await Promise.all(nodes.map((n) => n.start()));
      // Due at start: one of the two nodes runs it, once.
      await eventually(() => runs.length === 1);
      expect(await Promise.all(nodes.map((n) => n.runDue()))).toEqual([0, 0]);
      expect(runs).toHaveLength(1);

      // Half a period later nothing is due; a period later one run, on either node, woken by the clock.
      for (const c of clocks) c.set(new Date(start.getTime() + HOUR / 2));
      expect(await Promise.all(nodes.map((n) => n.runDue()))).toEqual([0, 0]);
      for (const c of clocks) c.set(new Date(start.getTime() + HOUR + 60_000));
      await eventually(() => runs.length === 2, 5000);
      expect(await Promise.all(nodes.map((n) => n.runDue()))).toEqual([0, 0]);
      expect(runs).toHaveLength(2);
      const row = await periodicJobsRepository(database.db).get('test.hourly');
      expect(row).toMatchObject({ attempts: 0, lastError: null, lastResult: 1 });

      // Thirty messages enqueued at once: every one delivered, each once, by whichever node claimed it.
      const uids = await Promise.all(Array.from({ length: 30 }, (_, i) => enqueueOutbox(database.db, 'signup.webhook', { i })));
      nodes.forEach((n) => n.wake());
      await eventually(() => uids.every((u) => delivered.has(u)));
      expect(uids.map((u) => delivered.get(u))).toEqual(uids.map(() => 1));
    } finally {
      await Promise.all(nodes.map((n) => n.stop()));
    }
  });

  it('a failing run keeps its attempts and last error and is retried; a run longer than its timeout is aborted and recorded', async () => {
    const clock = createClock({ initial: '2027-02-01T00:00:00Z', adjustable: true });
    let calls = 0;
    const flaky: PeriodicJob = { name: 'test.flaky', everyMs: HOUR, async run() { calls += 1; if (calls === 1) throw new Error('database away'); return 0; } };
    const slow: PeriodicJob = {
      name: 'test.slow', everyMs: HOUR, timeoutMs: 50,
      run: (ctx) => new Promise((_, reject) => ctx.signal.addEventListener('abort', () => reject(new Error('aborted')))),
    };
    const runner = createJobRunner({ db: database.db, clock, periodic: [flaky, slow], handlers: {} });
    const repo = periodicJobsRepository(database.db);
    await repo.dueAt(['test.flaky', 'test.slow'], clock.now());
    await runner.runDue();
    expect(await repo.get('test.flaky')).toMatchObject({ attempts: 1, lastError: 'database away' });
    expect(await repo.get('test.slow')).toMatchObject({ attempts: 1, lastError: 'timed out after 50 ms' });
    // The retry comes after a short backoff by the server clock, not a whole period.
    clock.set(new Date(clock.now().getTime() + 5000));
    await runner.runDue();
    expect(calls).toBe(2);
    expect(await repo.get('test.flaky')).toMatchObject({ attempts: 0, lastError: null });
  });

  it("a lease held by a live node is respected; a dead node's lease is taken over once it ends", async () => {
    const clock = createClock({ initial: '2027-03-01T00:00:00Z', adjustable: true });
    const repo = periodicJobsRepository(database.db);
    await repo.dueAt(['test.lease'], clock.now());
    expect(await repo.claim('test.lease', clock.now(), 60_000)).not.toBeNull();
    expect(await repo.claim('test.lease', clock.now(), 60_000)).toBeNull();
    // The holder died: its lease (real time) ended.
    await database.db.execute(sql`update periodic_jobs set lease_until = now() - interval '1 second' where name = 'test.lease'`);
    expect(await repo.claim('test.lease', clock.now(), 60_000)).toMatchObject({ attempts: 2 });
  });
});

describe('the server runs its jobs', () => {
  it('moving the admin clock runs the due periodic jobs within seconds', async () => {
    const t = await createTestApp({ clock: '2027-04-01T00:00:00Z' });
    try {
      await t.app.jobs.start();
      const repo = periodicJobsRepository(t.database.db);
      // Every periodic job runs once at start.
      await eventually(async () => Boolean((await repo.get('sessions.cleanup'))?.lastRun));
      const first = (await repo.get('sessions.cleanup'))!.lastRun!;
      const res = await t.admin({ method: 'PUT', url: '/api/v1/admin/clock', payload: { Now: '2027-04-02T00:00:00Z' } });
      expect(res.statusCode).toBe(200);
      const moved = Date.now();
      await eventually(async () => ((await repo.get('sessions.cleanup'))?.lastRun ?? first) > first, 5000);
      expect(Date.now() - moved).toBeLessThan(3000);
      expect((await repo.get('sessions.cleanup'))!.lastRun!.toISOString().slice(0, 10)).toBe('2027-04-02');
    } finally {
      await t.close();
    }
  });
});

describe('a clock moved back', () => {
  it('after a month forward and a reset, each job runs at once and then by its period (it waited for real time to catch up: found by the renewals e2e)', async () => {
    const start = new Date('2027-06-01T00:00:00Z');
    const clock = createClock({ initial: start.toISOString(), adjustable: true });
    const runs: { name: string; at: string }[] = [];
    const job = (name: string, everyNode: boolean): PeriodicJob => ({
      name, everyMs: HOUR, everyNode, async run(ctx) { runs.push({ name, at: ctx.now().toISOString() }); return 1; },
    });
    const runner = createJobRunner({ db: database.db, clock, handlers: {}, minSleepMs: 20, periodic: [job('test.moved-back', false), job('test.moved-back-node', true)] });
    const count = (name: string) => runs.filter((r) => r.name === name).length;
    try {
      await runner.start();
      await eventually(() => count('test.moved-back') === 1 && count('test.moved-back-node') === 1);
      // A month on (a renewal shown in a demo), then back: the runs of that later time must not hold the jobs for a month.
      clock.set(new Date(start.getTime() + 30 * 24 * HOUR));
      await eventually(() => count('test.moved-back') === 2 && count('test.moved-back-node') === 2, 5000);
      // Back: each job runs once at the time it was moved back to, and then by its period from there.
      clock.set(start);
      await eventually(() => count('test.moved-back') === 3 && count('test.moved-back-node') === 3, 5000);
      clock.set(new Date(start.getTime() + HOUR + 60_000));
      await eventually(() => count('test.moved-back') === 4 && count('test.moved-back-node') === 4, 5000);
      expect(runs.slice(-4).map((r) => r.at.slice(0, 13)).sort()).toEqual(['2027-06-01T00', '2027-06-01T00', '2027-06-01T01', '2027-06-01T01']);
    } finally {
      await runner.stop();
    }
  });
});

describe('runJobsNow and drainTopics (an operator command: npm run renewals)', () => {
  it('runs the named jobs once now whatever their schedule, in order; a held run is not doubled; drains only the named topics', async () => {
    const clock = createClock({ initial: '2027-03-01T00:00:00Z', adjustable: true });
    const order: string[] = [];
    const job = (name: string, everyMs = HOUR): PeriodicJob => ({ name, everyMs, async run() { order.push(name); return 2; } });
    const delivered: string[] = [];
    const runner = createJobRunner({
      db: database.db, clock, periodic: [job('test.now-a'), job('test.now-b')],
      handlers: {
        'mail.invite': async (m) => { delivered.push(`invite:${(m.payload as { i: number }).i}`); },
        'mail.signin-code': async (m) => { delivered.push(`code:${(m.payload as { i: number }).i}`); },
      },
      outbox: { batchSize: 3 },
    });
    // Not due by the schedule (ran a minute ago, next in an hour): still run, b before a as asked.
    const repo = periodicJobsRepository(database.db);
    await repo.dueAt(['test.now-a', 'test.now-b'], clock.now());
    await repo.succeeded('test.now-a', clock.now(), new Date(clock.now().getTime() + HOUR), 0);
    expect(await runner.runJobsNow(['test.now-b', 'test.now-a', 'test.missing'])).toEqual([
      { name: 'test.now-b', status: 'ran', result: 2 }, { name: 'test.now-a', status: 'ran', result: 2 }, { name: 'test.missing', status: 'unknown' },
    ]);
    expect(order).toEqual(['test.now-b', 'test.now-a']);
    // Ran, so next due a period on (by the ticking test clock).
    expect((await repo.get('test.now-a'))!.nextRun.getTime() - clock.now().getTime()).toBeGreaterThan(HOUR - 60_000);
    // Another node holds a's run (its lease is live): the command does not run it beside it.
    await repo.dueAt(['test.now-a'], clock.now());
    expect(await repo.claim('test.now-a', clock.now(), 60_000)).not.toBeNull();
    expect(await runner.runJobsNow(['test.now-a'])).toEqual([{ name: 'test.now-a', status: 'held' }]);
    expect(order).toHaveLength(2);

    // Seven invite messages (more than a round) and one sign-in code: the invites only, every one, until none is due.
    await database.db.execute(sql`update outbox set delivered = now() where delivered is null`);
    for (let i = 0; i < 7; i++) await enqueueOutbox(database.db, 'mail.invite', { i });
    await enqueueOutbox(database.db, 'mail.signin-code', { i: 0 });
    expect(await runner.drainTopics(['mail.invite', 'billing.not-registered'])).toBe(7);
    expect(delivered.sort()).toEqual(['invite:0', 'invite:1', 'invite:2', 'invite:3', 'invite:4', 'invite:5', 'invite:6']);
    expect(await runner.drainTopics(['mail.invite'])).toBe(0);
  });
});

describe('everyNode jobs', () => {
  it('run on every node by its own schedule (at start, when the clock moves a period on), one run at a time per node, never in the table', async () => {
    const start = new Date('2027-05-01T00:00:00Z');
    const clocks = [createClock({ initial: start.toISOString(), adjustable: true }), createClock({ initial: start.toISOString(), adjustable: true })];
    const runs: string[] = [];
    const nodes = ['a', 'b'].map((node, i) => createJobRunner({
      db: database.db, clock: clocks[i]!, handlers: {}, minSleepMs: 20,
      periodic: [{ name: 'test.every-node', everyMs: HOUR, everyNode: true, async run() { runs.push(node); return 1; } }],
    }));
    try {
      await Promise.all(nodes.map((n) => n.start()));
      await eventually(() => runs.length === 2);
      expect([...runs].sort()).toEqual(['a', 'b']);
      expect(await Promise.all(nodes.map((n) => n.runDue()))).toEqual([0, 0]);
      for (const c of clocks) c.set(new Date(start.getTime() + HOUR + 60_000));
      await eventually(() => runs.length === 4, 5000);
      expect(await periodicJobsRepository(database.db).get('test.every-node')).toBeNull();
    } finally {
      await Promise.all(nodes.map((n) => n.stop()));
    }
  });
});
