import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../testing/create-test-app.ts';
import type { Database } from '../db/database.ts';
import { unitOfWork, type UnitOfWork } from '../db/unit-of-work.ts';
import { AppError } from './app-error.ts';
import { withIdempotency } from './idempotency.ts';

let database: Database;
let uow: UnitOfWork;
beforeAll(async () => { database = await openTestDatabase(); uow = unitOfWork(database.db); });
afterAll(async () => { await database.close(); });

/** A piece of work that writes a row and counts how often it really ran. */
function counter(name: string) {
  let runs = 0;
  return {
    get runs() { return runs; },
    work: async (repos: UnitOfWork) => {
      runs += 1;
      await repos.settings.set(`${name}-${runs}`, runs);
      return { statusCode: 201, body: { run: runs } };
    },
  };
}

describe('withIdempotency: one wrapper, its answer stored in the same transaction', () => {
  it('replays the first answer for the same key and request, and refuses the key for another request', async () => {
    const c = counter('replay');
    const req = { scope: 'test replay', key: 'key-000001', requestHash: 'h1' };
    expect(await withIdempotency(uow, req, c.work)).toEqual({ statusCode: 201, body: { run: 1 }, replayed: false });
    expect(await withIdempotency(uow, req, c.work)).toEqual({ statusCode: 201, body: { run: 1 }, replayed: true });
    expect(c.runs).toBe(1);
    expect(await uow.settings.get('replay-2')).toBeNull();
    const other = withIdempotency(uow, { ...req, requestHash: 'h2' }, c.work);
    await expect(other).rejects.toMatchObject({ code: 'Errors.Conflict', status: 409 });
    // Another scope (another caller) may use the same key.
    expect((await withIdempotency(uow, { ...req, scope: 'test replay person:x' }, c.work)).replayed).toBe(false);
  });

  it('stores nothing for a failed request: its writes roll back and a retry with the same key runs again', async () => {
    let fail = true;
    const work = async (repos: UnitOfWork) => {
      await repos.settings.set('failing-write', 1);
      if (fail) throw new AppError('Errors.InvalidValue');
      return { statusCode: 200, body: 'ok' };
    };
    const req = { scope: 'test failure', key: 'key-000002', requestHash: 'h' };
    await expect(withIdempotency(uow, req, work)).rejects.toMatchObject({ code: 'Errors.InvalidValue' });
    expect(await uow.settings.get('failing-write')).toBeNull();
    fail = false;
    expect(await withIdempotency(uow, req, work)).toEqual({ statusCode: 200, body: 'ok', replayed: false });
  });

  it('runs concurrent identical requests once: the second waits for the first and replays it', async () => {
    const c = counter('race');
    const req = { scope: 'test race', key: 'key-000003', requestHash: 'h' };
    const slow = async (repos: UnitOfWork) => {
      const answer = await c.work(repos);
      await new Promise((r) => setTimeout(r, 50)); // hold the transaction open while the twin arrives
      return answer;
    };
    const answers = await Promise.all([withIdempotency(uow, req, slow), withIdempotency(uow, req, slow), withIdempotency(uow, req, slow)]);
    expect(c.runs).toBe(1);
    expect(answers.map((a) => a.body)).toEqual([{ run: 1 }, { run: 1 }, { run: 1 }]);
    expect(answers.filter((a) => a.replayed)).toHaveLength(2);
  });

  it('without a key simply runs the work in a transaction', async () => {
    const c = counter('nokey');
    await withIdempotency(uow, { scope: 's', key: undefined, requestHash: 'h' }, c.work);
    await withIdempotency(uow, { scope: 's', key: undefined, requestHash: 'h' }, c.work);
    expect(c.runs).toBe(2);
  });
});

describe('unit of work hooks', () => {
  it('runs after-commit hooks only after a commit and after-rollback hooks only after a rollback', async () => {
    const seen: string[] = [];
    await uow.transaction(async (repos) => {
      repos.afterCommit(() => { seen.push('committed'); });
      repos.afterRollback(() => { seen.push('rolled back'); });
      await repos.transaction(async (inner) => { inner.afterCommit(() => { seen.push('inner committed'); }); });
      expect(seen).toEqual([]);
    });
    expect(seen).toEqual(['committed', 'inner committed']);
    seen.length = 0;
    await expect(uow.transaction(async (repos) => {
      repos.afterCommit(() => { seen.push('committed'); });
      repos.afterRollback(() => { seen.push('rolled back'); });
      throw new Error('boom');
    })).rejects.toThrow('boom');
    expect(seen).toEqual(['rolled back']);
  });
});
