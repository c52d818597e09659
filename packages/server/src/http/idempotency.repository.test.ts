import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openTestDatabase } from '../testing/create-test-app.ts';
import type { Database } from '../db/database.ts';
import { IDEMPOTENCY_KEY_HOURS, idempotencyRepository } from './idempotency.repository.ts';

let database: Database;
beforeAll(async () => { database = await openTestDatabase(); });
afterAll(async () => { await database.close(); });

const answer = (n: number) => ({ requestHash: `h${n}`, statusCode: 200, response: { n } });
const age = (key: string, hours: number) =>
  database.db.execute(sql`update idempotency_keys set created = now() - make_interval(hours => ${hours}) where key = ${key}`);

describe(`Idempotency-Key answers are kept ${IDEMPOTENCY_KEY_HOURS} hours`, () => {
  it('replays within the window, forgets after it, and lets an expired key be used again', async () => {
    const repo = idempotencyRepository(database.db);
    await repo.save('change', 'key-a', answer(1));
    expect(await repo.find('change', 'key-a')).toEqual(answer(1));
    await age('key-a', IDEMPOTENCY_KEY_HOURS - 1);
    expect(await repo.find('change', 'key-a')).toEqual(answer(1));
    await age('key-a', IDEMPOTENCY_KEY_HOURS + 1);
    expect(await repo.find('change', 'key-a')).toBeNull();
    await repo.save('change', 'key-a', answer(2)); // no unique violation: the expired row was swept
    expect(await repo.find('change', 'key-a')).toEqual(answer(2));
  });
  it('the sweep deletes expired answers of every key, in batches, and keeps the live ones', async () => {
    const repo = idempotencyRepository(database.db);
    await repo.save('change', 'old-1', answer(3));
    await repo.save('change', 'old-2', answer(3));
    await age('old-1', IDEMPOTENCY_KEY_HOURS * 3);
    await age('old-2', IDEMPOTENCY_KEY_HOURS + 1);
    await repo.save('change', 'new-1', answer(4));
    const keys = async () => ((await database.db.execute(sql`select key from idempotency_keys where key in ('old-1', 'old-2', 'new-1') order by key`)) as unknown as { rows: { key: string }[] }).rows.map((r) => r.key);
    expect(await keys()).toEqual(['new-1', 'old-1', 'old-2']);
    let swept = 0;
    for (let n = await repo.deleteExpired(1); n > 0; n = await repo.deleteExpired(1)) swept += n;
    expect(swept).toBeGreaterThanOrEqual(2);
    expect(await keys()).toEqual(['new-1']);
  });
});
