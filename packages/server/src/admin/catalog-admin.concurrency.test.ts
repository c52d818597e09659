import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { isUniqueViolation } from '../http/database-errors.ts';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';

/**
 * Issue 6 item 3: concurrent admin writes. PGlite runs one statement at a time,
 * so these races only really happen on PostgreSQL (TEST_DATABASE_URL), where
 * the ten requests run on the pool's ten connections at once.
 */
let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const json = (res: { body: string }) => JSON.parse(res.body);
const statuses = (all: { statusCode: number }[]) => all.map((r) => r.statusCode).sort();

async function defaultFamilies(): Promise<string[]> {
  const items = json(await t.admin({ method: 'GET', url: '/api/v1/admin/planfamilies?limit=-1' })).items as { Uid: string; IsDefault: boolean }[];
  return items.filter((f) => f.IsDefault).map((f) => f.Uid);
}

describe('concurrent admin creates with one Uid', () => {
  const cases = [
    ['planfamilies', (i: number) => ({ Uid: 'race-family', Name: `Family ${i}` })],
    ['addons', (i: number) => ({ Uid: 'race-addon', Name: `Add-on ${i}`, MonthlyRate: i + 1 })],
    ['plans', (i: number) => ({ Uid: 'race-plan', Name: `Plan ${i}`, PlanFamily: { Uid: 'fam-analytics' }, MonthlyRate: i + 1, PlanAddOns: [{ AddOn: { Uid: 'addon-onboarding' } }] })],
    ['discountcoupons', (i: number) => ({ Uid: 'race-coupon', UniqueIdentifier: `RACE${i}`, Name: `Coupon ${i}`, PercentOff: i + 1, Duration: 'Once' })],
  ] as const;

  it.each(cases)('ten POST /admin/%s: one 201, nine 409 Errors.Duplicate, and the stored entity is the winner', async (path, body) => {
    const all = await Promise.all(Array.from({ length: 10 }, (_, i) => t.admin({ method: 'POST', url: `/api/v1/admin/${path}`, payload: body(i) })));
    expect(statuses(all), all.map((r) => r.body).join('\n')).toEqual([201, ...Array(9).fill(409)]);
    const winner = json(all.find((r) => r.statusCode === 201)!);
    for (const lost of all.filter((r) => r.statusCode === 409)) {
      expect(json(lost)).toMatchObject({ Status: 409, ErrorCode: 'Errors.Duplicate', FieldErrors: [{ Field: 'Uid', ErrorCode: 'Errors.Duplicate' }] });
    }
    // A losing request must not have overwritten the winner after it answered 201.
    const stored = json(await t.admin({ method: 'GET', url: `/api/v1/admin/${path}/${winner.Uid}` }));
    expect(stored.Name).toBe(winner.Name);
  });
});

describe('one default plan family at most', () => {
  it('ten concurrent creates with IsDefault: true leave exactly one default', async () => {
    const all = await Promise.all(Array.from({ length: 10 }, (_, i) =>
      t.admin({ method: 'POST', url: '/api/v1/admin/planfamilies', payload: { Uid: `default-race-${i}`, Name: `Default ${i}`, IsDefault: true } })));
    // They serialize on the default: each succeeds in turn (none is refused, none is lost).
    expect(statuses(all), all.map((r) => r.body).join('\n')).toEqual(Array(10).fill(201));
    const defaults = await defaultFamilies();
    expect(defaults).toHaveLength(1);
    expect(defaults[0]).toMatch(/^default-race-\d$/);
  });

  it('ten concurrent updates setting IsDefault: true on existing families leave exactly one default', async () => {
    const uids = Array.from({ length: 10 }, (_, i) => `default-put-${i}`);
    for (const uid of uids) {
      expect((await t.admin({ method: 'POST', url: '/api/v1/admin/planfamilies', payload: { Uid: uid, Name: uid } })).statusCode).toBe(201);
    }
    const all = await Promise.all(uids.map((uid) => t.admin({ method: 'PUT', url: `/api/v1/admin/planfamilies/${uid}`, payload: { IsDefault: true } })));
    expect(statuses(all), all.map((r) => r.body).join('\n')).toEqual(Array(10).fill(200));
    const defaults = await defaultFamilies();
    expect(defaults).toHaveLength(1);
    expect(uids).toContain(defaults[0]);
  });

  it('the database itself refuses a second default, whatever code path writes it', async () => {
    expect(await defaultFamilies()).toHaveLength(1);
    const error = await t.database.db.execute(sql`update plan_families set is_default = true where not is_default`).then(() => null, (e: unknown) => e);
    expect(isUniqueViolation(error), String(error)).toBe(true);
    expect(await defaultFamilies()).toHaveLength(1);
  });
});
