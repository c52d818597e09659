import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../db/database.ts';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';

/**
 * Issue 6 item 2: two coupons renamed to the same code at once both pass the
 * "code already used?" check; the database's unique index refuses the second
 * write, and that refusal is a 409 naming the field, never a 500.
 *
 * In-process PGlite answers a query without leaving the current task, so one request
 * runs from check to write before the next one starts: no race. npm start runs PGlite
 * in a worker thread, where queries are messages and requests interleave as they do on
 * PostgreSQL; so the PGlite run of this file uses the worker thread.
 */
let t: TestApp;
const tmp = mkdtempSync(path.join(os.tmpdir(), 'portico-race-'));
beforeAll(async () => {
  const database = process.env.TEST_DATABASE_URL ? undefined
    : await openDatabase({ dataDir: path.join(tmp, 'db'), thread: { templateFile: inject('pgliteTemplate') } });
  t = await createTestApp({ database });
});
afterAll(async () => {
  await t.close();
  rmSync(tmp, { recursive: true, force: true });
});

const rename = (uid: string, code: string) => t.admin({ method: 'PUT', url: `/api/v1/admin/discountcoupons/${uid}`, payload: { UniqueIdentifier: code } });

const coupons = ['coupon-friends', 'coupon-spring', 'coupon-tenoff', 'coupon-fiveoff', 'coupon-twoforsix'];

describe('coupons renamed to one code at the same time', () => {
  it.each(['RACE1', 'RACE2', 'RACE3', 'RACE4', 'RACE5'])('one 200, the others 409 naming UniqueIdentifier, one coupon holds %s', async (code) => {
    const answers = await Promise.all(coupons.map((uid) => rename(uid, code)));
    expect(answers.map((a) => a.statusCode).sort(), answers.map((a) => a.body).join('\n')).toEqual([200, 409, 409, 409, 409]);
    for (const lost of answers.filter((a) => a.statusCode === 409)) {
      expect(lost.json()).toMatchObject({ Status: 409, ErrorCode: 'Errors.Conflict', FieldErrors: [{ Field: 'UniqueIdentifier', ErrorCode: 'Errors.Conflict' }] });
    }
    const winner = answers.find((a) => a.statusCode === 200)!.json();
    expect(winner.UniqueIdentifier).toBe(code);
    const holders = (await t.admin({ method: 'GET', url: '/api/v1/admin/discountcoupons?limit=-1' })).json().items
      .filter((c: { UniqueIdentifier: string }) => c.UniqueIdentifier.toLowerCase() === code.toLowerCase());
    expect(holders.map((c: { Uid: string }) => c.Uid)).toEqual([winner.Uid]);
  });
});
