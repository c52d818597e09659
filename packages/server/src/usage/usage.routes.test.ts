import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';
import { importCustomer, expectRejectedWithoutWrites } from '../billing/billing-test-helpers.ts';
import { unitOfWork } from '../unit-of-work.ts';

// The clock sits mid-period: the imported Starter subscriptions start 2026-01-10 (after its trial, monthly periods from the trial end), so
// 2026-03-10 on is in the current period and 2026-02-01 is in an earlier one.
let t: TestApp;
beforeAll(async () => { t = await createTestApp({ clock: '2026-03-15T12:00:00Z' }); });
afterAll(async () => { await t.close(); });

const withApiCalls = () => importCustomer(t, { Subscription: { SubscriptionAddOns: [{ AddOn: { Uid: 'addon-api-calls' }, Quantity: 1 }] } });
const report = (accountUid: string, payload: unknown) => t.admin({ method: 'POST', url: `/api/v1/admin/accounts/${accountUid}/usage`, payload: payload as object });
const read = (accountUid: string, query: string) => t.admin({ method: 'GET', url: `/api/v1/admin/accounts/${accountUid}/usage?${query}` });

describe('POST /api/v1/admin/accounts/{Uid}/usage (issue 17)', () => {
  it('records a report (UsedAt defaults to the server clock); the same ReportKey counts once and answers the first report', async () => {
    const a = await withApiCalls();
    const first = await report(a.Uid, { AddOnUid: 'addon-api-calls', Quantity: 120, ReportKey: 'batch-1' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ AccountUid: a.Uid, AddOnUid: 'addon-api-calls', Quantity: 120, ReportKey: 'batch-1', });
    expect(first.json().UsedAt).toMatch(/^2026-03-15T12:00:0/); // the server clock (pinned, then running)
    const repeat = await report(a.Uid, { AddOnUid: 'addon-api-calls', Quantity: 999, ReportKey: 'batch-1', UsedAt: '2026-03-14T00:00:00Z' });
    expect(repeat.statusCode, repeat.body).toBe(200);
    expect(repeat.json()).toEqual(first.json());
    const second = await report(a.Uid, { AddOnUid: 'addon-api-calls', Quantity: 5, ReportKey: 'batch-2', UsedAt: '2026-03-11T08:00:00+02:00' });
    expect(second.statusCode, second.body).toBe(201);
    const totals = await unitOfWork(t.database.db).usage.totalsForPeriod(a.Uid, new Date('2026-03-01T00:00:00Z'), new Date('2026-04-01T00:00:00Z'));
    expect([...totals]).toEqual([['addon-api-calls', 125]]);
  });

  it('two reports racing under one key store one', async () => {
    const a = await withApiCalls();
    const answers = await Promise.all([1, 2, 3].map((q) => report(a.Uid, { AddOnUid: 'addon-api-calls', Quantity: q, ReportKey: 'race' })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 201]);
    expect(new Set(answers.map((r) => r.json().Uid)).size).toBe(1);
  });

  it('a key is per account: another account may use the same key, and one account\'s report is never another\'s answer', async () => {
    const a = await withApiCalls();
    const b = await withApiCalls();
    expect((await report(a.Uid, { AddOnUid: 'addon-api-calls', Quantity: 1, ReportKey: 'k' })).statusCode).toBe(201);
    const other = await report(b.Uid, { AddOnUid: 'addon-api-calls', Quantity: 2, ReportKey: 'k' });
    expect(other.statusCode).toBe(201);
    expect(other.json()).toMatchObject({ AccountUid: b.Uid, Quantity: 2 });
  });

  it('refuses an add-on that is unknown, not usage-priced, or not on the account\'s subscription, and a UsedAt outside the current period', async () => {
    const a = await withApiCalls();
    const plain = await importCustomer(t); // Starter without the usage add-on
    const base = { AddOnUid: 'addon-api-calls', Quantity: 1, ReportKey: 'refused' };
    await expectRejectedWithoutWrites(t, () => report(a.Uid, { ...base, AddOnUid: 'addon-nope' }), 404, 'Errors.AddOnNotFound');
    await expectRejectedWithoutWrites(t, () => report(a.Uid, { ...base, AddOnUid: 'addon-priority-support' }), 400, 'Errors.AddOnNotOffered');
    await expectRejectedWithoutWrites(t, () => report(plain.Uid, base), 400, 'Errors.AddOnNotOffered');
    await expectRejectedWithoutWrites(t, () => report(a.Uid, { ...base, UsedAt: '2026-03-15T12:05:00Z' }), 400, 'Errors.DateOutOfRange');
    const before = await expectRejectedWithoutWrites(t, () => report(a.Uid, { ...base, UsedAt: '2026-02-01T00:00:00Z' }), 400, 'Errors.DateOutOfRange');
    expect(before.FieldErrors[0]).toMatchObject({ Field: 'UsedAt' });
    await expectRejectedWithoutWrites(t, () => report('no-such-account', base), 404, 'Errors.NotFound');
  });

  it('bad input is a 400, never a 500: NUL, huge and fractional numbers, 1e308, strings, unknown fields; no admin key is a 401', async () => {
    const a = await withApiCalls();
    const base = { AddOnUid: 'addon-api-calls', Quantity: 1, ReportKey: 'bad' };
    const bodies: unknown[] = [
      { ...base, ReportKey: 'a\u0000b' }, { ...base, AddOnUid: 'addon-api\u0000calls' }, { ...base, Quantity: 1e308 }, { ...base, Quantity: 1_000_000_001 },
      { ...base, Quantity: 0 }, { ...base, Quantity: -1 }, { ...base, Quantity: 1.5 }, { ...base, Quantity: '5' }, { ...base, Quantity: Number.MAX_SAFE_INTEGER + 2 },
      { ...base, ReportKey: '' }, { ...base, ReportKey: 'x'.repeat(201) }, { ...base, ReportKey: 'has space' }, { ...base, UsedAt: 'yesterday' },
      { ...base, UsedAt: '2026-03-15' }, { ...base, Extra: 1 }, { AddOnUid: 'addon-api-calls', Quantity: 1 }, [], null,
    ];
    for (const payload of bodies) {
      const res = await report(a.Uid, payload);
      expect(res.statusCode, JSON.stringify(payload)?.slice(0, 80)).toBe(400);
    }
    const raw = await t.admin({ method: 'POST', url: `/api/v1/admin/accounts/${a.Uid}/usage`, headers: { 'content-type': 'application/json' }, payload: '{"AddOnUid":"addon-api-calls","ReportKey":"r","Quantity":1e400}' });
    expect(raw.statusCode).toBe(400);
    expect((await t.request({ method: 'POST', url: `/api/v1/admin/accounts/${a.Uid}/usage`, payload: base })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: `/api/v1/admin/accounts/${a.Uid}/usage?From=2026-03-01&To=2026-04-01` })).statusCode).toBe(401);
    const max = await report(a.Uid, { ...base, Quantity: 1_000_000_000, ReportKey: 'max' });
    expect(max.statusCode, max.body).toBe(201);
  });
});

describe('GET /api/v1/admin/accounts/{Uid}/usage', () => {
  it('lists the reports used in [From, To) with the totals per add-on, paged', async () => {
    const a = await withApiCalls();
    for (const [key, q, at] of [['r1', 10, '2026-03-10T00:00:00Z'], ['r2', 20, '2026-03-12T00:00:00Z'], ['r3', 30, '2026-03-15T11:00:00Z']] as const) {
      expect((await report(a.Uid, { AddOnUid: 'addon-api-calls', Quantity: q, ReportKey: key, UsedAt: at })).statusCode).toBe(201);
    }
    const all = await read(a.Uid, 'From=2026-03-10&To=2026-04-10');
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toMatchObject({
      AccountUid: a.Uid, From: '2026-03-10T00:00:00.000Z', To: '2026-04-10T00:00:00.000Z',
      Totals: [{ AddOnUid: 'addon-api-calls', Quantity: 60 }], metadata: { total: 3 },
    });
    expect(all.json().items.map((i: { ReportKey: string }) => i.ReportKey)).toEqual(['r1', 'r2', 'r3']);
    const part = await read(a.Uid, 'From=2026-03-11T00:00:00Z&To=2026-03-15T11:00:00Z&limit=1&offset=0');
    expect(part.json()).toMatchObject({ Totals: [{ AddOnUid: 'addon-api-calls', Quantity: 20 }], metadata: { limit: 1, offset: 0, total: 1 } });
    const none = await read(a.Uid, 'From=2026-01-01&To=2026-02-01');
    expect(none.json()).toMatchObject({ Totals: [], items: [], metadata: { total: 0 } });
  });

  it('refuses an unknown account, a missing or reversed period, and bad dates', async () => {
    const a = await withApiCalls();
    expect((await read('nobody', 'From=2026-03-01&To=2026-04-01')).statusCode).toBe(404);
    for (const q of ['From=2026-03-01', 'From=2026-04-01&To=2026-03-01', 'From=2026-03-01&To=2026-03-01', 'From=yesterday&To=2026-04-01', 'From=2026-03-01&To=2026-04-01%00', 'From=2026-03-01&To=2026-04-01&limit=1e308']) {
      const res = await read(a.Uid, q);
      expect(res.statusCode, q).toBe(400);
    }
  });
});
