import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';
import { importCustomer } from '../billing/billing-test-helpers.ts';
import { sessions } from '../db/schema.ts';
import { unitOfWork } from '../unit-of-work.ts';
import { AUTH_DEFAULTS } from './auth-config.ts';
import { sessionCleanupJob } from './session-cleanup.ts';
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

    const ctx = { now: () => t.clock.now(), signal: new AbortController().signal, log: { info() {}, warn() {}, error() {} } };
    const node = () => ({ runOnce: async () => (await sessionCleanupJob({ repo: uow.sessionCleanup, retentionDays: 30, batchSize: 1 }).run(ctx)) ?? 0 });
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
});
