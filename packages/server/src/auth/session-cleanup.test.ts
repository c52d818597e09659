import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';
import { importCustomer } from '../billing/billing-test-helpers.ts';
import { sessions } from '../db/schema.ts';
import { unitOfWork } from '../db/unit-of-work.ts';
import { AUTH_DEFAULTS } from './auth-config.ts';
import { createSessionCleanup } from './session-cleanup.ts';
import { startSession } from './sessions.ts';

let t: TestApp;
const DAY = 86_400_000;
beforeAll(async () => { t = await createTestApp({ clock: '2026-03-15T12:00:00Z' }); });
afterAll(async () => { await t.close(); });

const cfg = { ...AUTH_DEFAULTS, sessionIdleMinutes: 60, sessionAbsoluteDays: 30 };
const at = (iso: string) => new Date(iso);

describe('ended sessions are deleted after the retention period', () => {
  it('deletes sessions ended (or idle-expired) more than retentionDays ago, keeps the rest; two nodes at once delete each row once', async () => {
    const uow = unitOfWork(t.database.db);
    const personUid = (await importCustomer(t)).PrimaryContact.Uid as string;
    const now = t.clock.now();
    const start = (daysAgo: number) => startSession(uow.sessions, cfg, { personUid, accountUid: null, now: new Date(now.getTime() - daysAgo * DAY) });
    const loggedOutLongAgo = await start(40);
    await uow.sessions.end(loggedOutLongAgo.uid, new Date(now.getTime() - 31 * DAY), 'logout');
    const loggedOutRecently = await start(40);
    await uow.sessions.end(loggedOutRecently.uid, new Date(now.getTime() - 29 * DAY), 'logout');
    const idleLongAgo = await start(35); // idle deadline one hour after its start, never ended formally
    const live = await start(0);
    const ours = [loggedOutLongAgo, loggedOutRecently, idleLongAgo, live].map((s) => s.uid);

    const node = () => createSessionCleanup({ repo: uow.sessionCleanup, clock: t.clock, retentionDays: 30, batchSize: 1 });
    const [a, b] = await Promise.all([node().runOnce(), node().runOnce()]);
    expect(a + b).toBeGreaterThanOrEqual(2);
    const left = (await t.database.db.select({ uid: sessions.uid }).from(sessions).where(inArray(sessions.uid, ours))).map((r) => r.uid).sort();
    expect(left).toEqual([loggedOutRecently.uid, live.uid].sort());
    expect(await node().runOnce()).toBe(0);

    // A day later the recently ended one has passed its 30 days too.
    t.clock.set(at('2026-03-16T12:30:00Z'));
    expect(await node().runOnce()).toBe(1);
    t.clock.set(at('2026-03-15T12:00:00Z'));
  });

  it('start() runs on its own timer and stop() ends it; a failing sweep is logged, not thrown', async () => {
    const warnings: string[] = [];
    let calls = 0;
    const cleanup = createSessionCleanup({
      repo: { async deleteEndedBefore() { calls += 1; if (calls === 1) throw new Error('database away'); return 0; } },
      clock: t.clock, retentionDays: 30, everyMs: 20, random: () => 0,
      log: { info() {}, warn(obj) { warnings.push(JSON.stringify(obj)); } },
    });
    cleanup.start();
    for (let waited = 0; calls < 3 && waited < 5000; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
    cleanup.stop();
    const seen = calls;
    expect(seen).toBeGreaterThanOrEqual(2);
    expect(warnings[0]).toContain('database away');
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(calls).toBe(seen);
  });
});
