import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { openTestDatabase } from '../testing/create-test-app.ts';
import { captchaSolutionsRepository } from './captcha-solutions.repository.ts';
import { captchaSolutionsSweepJob } from './captcha-solutions-sweep.ts';

let database: Database;
beforeAll(async () => { database = await openTestDatabase(); });
afterAll(async () => { await database?.close(); });

describe('the sweep of used captcha solutions (job runner)', () => {
  it('deletes the solutions whose challenge expired, keeps the live ones, which still refuse a replay', async () => {
    const repo = captchaSolutionsRepository(database.db);
    const now = new Date('2030-01-01T12:00:00Z');
    expect(await repo.useOnce('expired-1', new Date(now.getTime() - 1000))).toBe(true);
    expect(await repo.useOnce('expired-2', new Date(now.getTime() - 60_000))).toBe(true);
    expect(await repo.useOnce('live', new Date(now.getTime() + 60_000))).toBe(true);
    const job = captchaSolutionsSweepJob({ repo, batchSize: 1, realNow: () => now });
    const ctx = { now: () => now, signal: new AbortController().signal, log: { info() {}, warn() {}, error() {} } };
    expect(await job.run(ctx)).toBe(2);
    expect(await job.run(ctx)).toBe(0);
    expect(await repo.useOnce('live', new Date(now.getTime() + 60_000))).toBe(false);
    expect(await repo.useOnce('expired-1', new Date(now.getTime() + 60_000))).toBe(true);
  });
});
