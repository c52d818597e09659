import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { openTestDatabase } from '../testing/create-test-app.ts';
import { noncesRepository } from './nonces.repository.ts';
import { KEEP_EXPIRED_NONCES_HOURS, nonceSweepJob } from './nonce-sweep.ts';

let database: Database;
beforeAll(async () => { database = await openTestDatabase(); });
afterAll(async () => { await database?.close(); });

describe('the nonce sweep (job runner)', () => {
  it('deletes nonces a day past their expiry by the server clock, and keeps the recently expired and the live ones', async () => {
    const repo = noncesRepository(database.db);
    const now = new Date('2031-05-01T12:00:00Z');
    const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);
    await repo.insert('sweep-old-1', hoursAgo(KEEP_EXPIRED_NONCES_HOURS + 1));
    await repo.insert('sweep-old-2', hoursAgo(KEEP_EXPIRED_NONCES_HOURS + 48));
    await repo.insert('sweep-recent', hoursAgo(1));
    await repo.insert('sweep-live', new Date(now.getTime() + 3_600_000));
    const ctx = { now: () => now, signal: new AbortController().signal, log: { info() {}, warn() {}, error() {} } };
    expect(await nonceSweepJob({ repo, batchSize: 1 }).run(ctx)).toBe(2);
    expect(await nonceSweepJob({ repo }).run(ctx)).toBe(0);
    // The live one is still there to be used once; the two swept ones could be inserted again (their rows are gone).
    expect(await repo.consume('sweep-live', now)).toBe(true);
    await expect(repo.insert('sweep-old-1', hoursAgo(1))).resolves.toBeUndefined();
    await expect(repo.insert('sweep-recent', hoursAgo(1))).rejects.toThrow();
  });
});
