import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { memoryBus } from '../bus/event-bus.ts';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';
import { fromDatabaseError, loggableError } from './database-errors.ts';

/**
 * Issue 6 item 2: database refusals caused by a request's data are the client's
 * mistake (4xx), and no log line repeats the request's values. The errors here are
 * real ones from the test database (PGlite, or PostgreSQL with TEST_DATABASE_URL).
 */
let t: TestApp;
let logged: { level: number; msg: string; line: string }[] = [];
let withLog: FastifyInstance;
const EMAIL = 'private.person@example.com';

beforeAll(async () => {
  t = await createTestApp();
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) logged.push({ ...JSON.parse(line), line });
      done();
    },
  });
  withLog = await buildApp({ config: t.config, database: t.database, bus: memoryBus(), clock: t.clock, logger: { level: 'info', stream } });
  // Routes that send the request's value to the database the way a repository would (as a query parameter).
  withLog.post('/test/unknown-table', async (req) => t.database.db.execute(sql`select * from no_such_table where email = ${(req.body as { Email: string }).Email}`));
  withLog.post('/test/not-a-number', async (req) => t.database.db.execute(sql`select ${(req.body as { Email: string }).Email}::int`));
  await withLog.ready();
});
afterAll(async () => {
  await withLog.close();
  await t.close();
});

const failure = (query: Parameters<typeof t.database.db.execute>[0]) => t.database.db.execute(query).then(() => { throw new Error('query succeeded'); }, (e: unknown) => e);

describe('database errors become client errors', () => {
  it('NUL in a text parameter (22021) is a 400, not a 500', async () => {
    const err = await failure(sql`select ${'a\u0000b'}::text`);
    expect(fromDatabaseError(err)?.toBody()).toMatchObject({ Status: 400, ErrorCode: 'Errors.ValidationFailed' });
  });

  it('a coupon code already used by another coupon (unique index, 23505) is a 409 naming UniqueIdentifier', async () => {
    const err = await failure(sql`update discount_coupons set unique_identifier = (select unique_identifier from discount_coupons order by uid limit 1)
      where uid = (select uid from discount_coupons order by uid desc limit 1)`);
    expect(fromDatabaseError(err)?.toBody()).toMatchObject({
      Status: 409, ErrorCode: 'Errors.Conflict', FieldErrors: [{ Field: 'UniqueIdentifier', ErrorCode: 'Errors.Conflict' }],
    });
  });

  it('a Uid already used (primary key, 23505) is a 409 Errors.Duplicate naming Uid', async () => {
    const err = await failure(sql`insert into plan_families (uid, name) select uid, name from plan_families limit 1`);
    expect(fromDatabaseError(err)?.toBody()).toMatchObject({ Status: 409, ErrorCode: 'Errors.Duplicate', FieldErrors: [{ Field: 'Uid' }] });
  });

  it('leaves errors that are not the request\'s fault (an unknown table, division by zero) to be 500s', async () => {
    expect(fromDatabaseError(await failure(sql`select * from no_such_table`))).toBeNull();
    expect(fromDatabaseError(await failure(sql`select 1 / ${0}::int`))).toBeNull();
  });
});

describe('logs never carry the request\'s values', () => {
  it('a 500 from the database logs its SQLSTATE and SQL text at error level, without the parameters', async () => {
    logged = [];
    const res = await withLog.inject({ method: 'POST', url: '/test/unknown-table', payload: { Email: EMAIL } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ ErrorCode: 'Errors.SystemError' });
    expect(res.body).not.toContain(EMAIL);
    const errors = logged.filter((l) => l.level >= 50);
    expect(errors.map((l) => l.msg)).toEqual(['unhandled error']);
    expect(errors[0]!.line).toContain('42P01');
    expect(errors[0]!.line).toContain('no_such_table');
    expect(logged.map((l) => l.line).join('\n')).not.toContain(EMAIL);
  });

  it('a database refusal of a value (22P02 quotes the value in its message) is a 400 logged without the value', async () => {
    logged = [];
    const res = await withLog.inject({ method: 'POST', url: '/test/not-a-number', payload: { Email: EMAIL } });
    expect(res.statusCode).toBe(400);
    expect(logged.some((l) => l.level === 40 && l.line.includes('22P02'))).toBe(true);
    expect(logged.map((l) => l.line).join('\n')).not.toContain(EMAIL);
  });

  it('loggableError keeps a programming error\'s message and stack', () => {
    const fields = loggableError(new TypeError('x is not a function'));
    expect(fields).toMatchObject({ type: 'TypeError', message: 'x is not a function' });
    expect(String(fields.stack)).toContain('database-errors.test.ts');
  });
});
