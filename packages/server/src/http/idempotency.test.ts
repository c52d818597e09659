import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../testing/create-test-app.ts';
import type { Database } from '../db/database.ts';
import { unitOfWork, type UnitOfWork } from '../unit-of-work.ts';
import { AppError } from './app-error.ts';
import { idempotencyHeaders, idempotencyKeyHeader, withIdempotency } from './idempotency.ts';

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

describe('idempotencyKeyHeader: the one schema of the Idempotency-Key header', () => {
  it('accepts 8 to 200 visible ASCII characters, trimmed first', () => {
    expect(idempotencyKeyHeader.parse('a'.repeat(8))).toBe('a'.repeat(8));
    expect(idempotencyKeyHeader.parse('k'.repeat(200))).toBe('k'.repeat(200));
    expect(idempotencyKeyHeader.parse('  key-0001\t')).toBe('key-0001');
    expect(idempotencyKeyHeader.parse('9f1c2a7e-3b4d-4e5f-8a9b-0c1d2e3f4a5b')).toBe('9f1c2a7e-3b4d-4e5f-8a9b-0c1d2e3f4a5b');
    expect(idempotencyKeyHeader.parse('!~"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}')).toBe('!~"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}');
  });
  it.each([
    ['7 characters', 'a'.repeat(7)],
    ['7 characters once trimmed', '  abcdefg  '],
    ['201 characters', 'k'.repeat(201)],
    ['a space inside', 'key 00001'],
    ['a tab inside', 'key\t00001'],
    ['a control character', 'key-0001\u0000'],
    ['DEL', 'key-0001\u007f'],
    ['non-ASCII', 'schlüssel-1'],
    ['empty', ''],
  ])('refuses %s', (_why, value) => {
    expect(idempotencyKeyHeader.safeParse(value).success).toBe(false);
  });
  it('says the limits in its message', () => {
    expect(idempotencyKeyHeader.safeParse('key 00001').error?.issues[0]?.message).toBe('must be 8-200 visible ASCII characters');
  });
  it('as a route\'s headers: the key is optional and other headers pass through', () => {
    expect(idempotencyHeaders.parse({ 'content-type': 'application/json' })).toEqual({ 'content-type': 'application/json' });
    expect(idempotencyHeaders.parse({ 'idempotency-key': ' key-0001 ', accept: '*/*' })).toEqual({ 'idempotency-key': 'key-0001', accept: '*/*' });
    expect(idempotencyHeaders.safeParse({ 'idempotency-key': 'short' }).success).toBe(false);
  });
});
