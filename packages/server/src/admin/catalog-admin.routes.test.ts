import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const json = (res: { body: string }) => JSON.parse(res.body);

describe('admin catalogue API: plans', () => {
  it('lists plans with limit/offset metadata', async () => {
    const res = await t.admin({ method: 'GET', url: '/api/v1/admin/plans?limit=2&offset=1' });
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(body.metadata).toEqual({ limit: 2, offset: 1, total: 7 });
    expect(body.items).toHaveLength(2);
  });
  it('creates a plan with add-ons and returns the spec fields in major units', async () => {
    const res = await t.admin({
      method: 'POST', url: '/api/v1/admin/plans',
      payload: { Name: 'Scale', PlanFamily: { Uid: 'fam-analytics' }, MonthlyRate: 199.99, SetupFee: 10.5, PlanAddOns: [{ AddOn: { Uid: 'addon-onboarding' } }] },
    });
    expect(res.statusCode).toBe(201);
    const plan = json(res);
    expect(plan).toMatchObject({ Name: 'Scale', MonthlyRate: 199.99, SetupFee: 10.5, IsActive: true, PlanFamily: { Uid: 'fam-analytics' } });
    expect(plan.PlanAddOns[0]).toMatchObject({ AddOn: { Uid: 'addon-onboarding', OneTimeRate: 149 }, IsUserSelectable: true });
    const again = await t.admin({ method: 'GET', url: `/api/v1/admin/plans/${plan.Uid}` });
    expect(json(again).MonthlyRate).toBe(199.99);
  });
  it('refuses a second plan with the same Uid (409 Errors.Duplicate) and keeps the stored one', async () => {
    const res = await t.admin({ method: 'POST', url: '/api/v1/admin/plans', payload: { Uid: 'plan-pro', Name: 'X', PlanFamily: { Uid: 'fam-analytics' }, MonthlyRate: 1 } });
    expect(res.statusCode).toBe(409);
    expect(json(res).ErrorCode).toBe('Errors.Duplicate');
    expect(json(await t.admin({ method: 'GET', url: '/api/v1/admin/plans/plan-pro' })).Name).not.toBe('X');
  });
  it('refuses unknown families and add-ons with field errors, writing nothing', async () => {
    const before = json(await t.admin({ method: 'GET', url: '/api/v1/admin/plans?limit=-1' })).metadata.total;
    const res = await t.admin({ method: 'POST', url: '/api/v1/admin/plans', payload: { Name: 'Ghost', PlanFamily: { Uid: 'nope' }, MonthlyRate: 5, PlanAddOns: [{ AddOn: { Uid: 'missing-addon' } }] } });
    expect(res.statusCode).toBe(400);
    expect(json(res).FieldErrors.map((f: { Field: string }) => f.Field)).toEqual(['PlanFamily.Uid', 'PlanAddOns.0.AddOn.Uid']);
    const after = json(await t.admin({ method: 'GET', url: '/api/v1/admin/plans?limit=-1' })).metadata.total;
    expect(after).toBe(before);
  });
  it('refuses a plan without any rate, with too many decimals, or with minimum above maximum', async () => {
    const base = { Name: 'Bad', PlanFamily: { Uid: 'fam-analytics' } };
    for (const extra of [{}, { MonthlyRate: 9.999 }, { MonthlyRate: -1 }, { MonthlyRate: 5, MinimumQuantity: 10, MaximumPeople: 5 }, { MonthlyRate: 5, TrialUntilDate: '2100-01-01' }, { MonthlyRate: 5, Unknown: 1 }]) {
      const res = await t.admin({ method: 'POST', url: '/api/v1/admin/plans', payload: { ...base, ...extra } });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(json(res).FieldErrors.length).toBeGreaterThan(0);
    }
  });
  it('bounds amounts to what the database stores: 10 million is accepted, a cent more is a field error, not a 500', async () => {
    // Found by the fuzz test on PostgreSQL: 21474837 overflowed the 32-bit minor-unit column.
    const base = { Name: 'Enterprise', PlanFamily: { Uid: 'fam-analytics' } };
    const over = await t.admin({ method: 'POST', url: '/api/v1/admin/plans', payload: { ...base, MonthlyRate: 21474837 } });
    expect(over.statusCode).toBe(400);
    expect(json(over).FieldErrors.map((f: { Field: string }) => f.Field)).toEqual(['MonthlyRate']);
    const cent = await t.admin({ method: 'PUT', url: '/api/v1/admin/plans/plan-pro', payload: { SetupFee: 10_000_000.01 } });
    expect(cent.statusCode).toBe(400);
    const max = await t.admin({ method: 'POST', url: '/api/v1/admin/plans', payload: { ...base, MonthlyRate: 10_000_000 } });
    expect(max.statusCode).toBe(201);
    expect(json(max).MonthlyRate).toBe(10_000_000);
  });
  it('updates only the fields sent and checks the result as a whole', async () => {
    const res = await t.admin({ method: 'PUT', url: '/api/v1/admin/plans/plan-team', payload: { MaximumPeople: 50 } });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ MaximumPeople: 50, MinimumQuantity: 3, MonthlyRate: 15, Name: 'Team' });
    const bad = await t.admin({ method: 'PUT', url: '/api/v1/admin/plans/plan-team', payload: { MaximumPeople: 2 } });
    expect(bad.statusCode).toBe(400);
    expect(json(await t.admin({ method: 'GET', url: '/api/v1/admin/plans/plan-team' })).MaximumPeople).toBe(50);
  });
  it('deactivates rather than deletes, and hides the plan from the widget settings', async () => {
    const res = await t.admin({ method: 'DELETE', url: '/api/v1/admin/plans/plan-free' });
    expect(res.statusCode).toBe(200);
    expect(json(res).IsActive).toBe(false);
    const init = json(await t.request({ method: 'GET', url: '/api/v1/widgets/auth/init' }));
    expect(init.PlanFamilies.flatMap((f: { Plans: { Uid: string }[] }) => f.Plans).map((p: { Uid: string }) => p.Uid)).not.toContain('plan-free');
  });
  it('the fields parameter selects what a single answer returns', async () => {
    const res = await t.admin({ method: 'GET', url: '/api/v1/admin/plans/plan-starter?fields=Uid,PlanAddOns.AddOn.Uid' });
    expect(json(res)).toEqual({ Uid: 'plan-starter', PlanAddOns: [{ AddOn: { Uid: 'addon-priority-support' } }, { AddOn: { Uid: 'addon-extra-dashboards' } }, { AddOn: { Uid: 'addon-api-calls' } }] });
  });
  it('serves an OpenAPI document generated from the zod schemas, and a browsable reference', async () => {
    const doc = json(await t.request({ method: 'GET', url: '/api/docs/json' }));
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/v1/admin/plans'].post.requestBody.content['application/json'].schema.properties.MonthlyRate).toBeDefined();
    expect(doc.paths['/api/v1/widgets/auth/init'].get).toBeDefined();
    const ui = await t.request({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });
  it('answers 404 with the spec message for an unknown plan', async () => {
    const res = await t.admin({ method: 'GET', url: '/api/v1/admin/plans/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(json(res).ErrorCode).toBe('Errors.PlanNotFound');
  });
});

describe('admin catalogue API: families, add-ons, coupons', () => {
  it('creates a default family and clears the previous default', async () => {
    const res = await t.admin({ method: 'POST', url: '/api/v1/admin/planfamilies', payload: { Uid: 'fam-new', Name: 'New', IsDefault: true } });
    expect(res.statusCode).toBe(201);
    const all = json(await t.admin({ method: 'GET', url: '/api/v1/admin/planfamilies' })).items;
    expect(all.filter((f: { IsDefault: boolean }) => f.IsDefault).map((f: { Uid: string }) => f.Uid)).toEqual(['fam-new']);
  });
  it('creates, updates and deactivates an add-on', async () => {
    const created = await t.admin({ method: 'POST', url: '/api/v1/admin/addons', payload: { Name: 'SMS alerts', BillingAddOnType: 'Usage', MonthlyRate: 0.05 } });
    expect(created.statusCode).toBe(201);
    const a = json(created);
    expect(a).toMatchObject({ AddOnType: 'Usage', MonthlyRate: 0.05 });
    const updated = await t.admin({ method: 'PUT', url: `/api/v1/admin/addons/${a.Uid}`, payload: { MonthlyRate: 0.07 } });
    expect(json(updated).MonthlyRate).toBe(0.07);
    const gone = await t.admin({ method: 'DELETE', url: `/api/v1/admin/addons/${a.Uid}` });
    expect(json(gone).IsActive).toBe(false);
  });
  it('validates coupons: one discount kind, months for Repeating, unique code', async () => {
    const both = await t.admin({ method: 'POST', url: '/api/v1/admin/discountcoupons', payload: { UniqueIdentifier: 'BOTH', Name: 'x', PercentOff: 10, AmountOff: 5, Duration: 'Once' } });
    expect(both.statusCode).toBe(400);
    const repeating = await t.admin({ method: 'POST', url: '/api/v1/admin/discountcoupons', payload: { UniqueIdentifier: 'REP', Name: 'x', PercentOff: 10, Duration: 'Repeating' } });
    expect(repeating.statusCode).toBe(400);
    const dupe = await t.admin({ method: 'POST', url: '/api/v1/admin/discountcoupons', payload: { UniqueIdentifier: 'welcome20', Name: 'x', PercentOff: 10, Duration: 'Once' } });
    expect(dupe.statusCode).toBe(409);
    const ok = await t.admin({ method: 'POST', url: '/api/v1/admin/discountcoupons', payload: { UniqueIdentifier: 'SUMMER', Name: 'Summer', AmountOff: 7.5, Duration: 'Repeating', DurationInMonths: 2, RedeemBy: '2027-09-01T00:00:00Z' } });
    expect(ok.statusCode).toBe(201);
    expect(json(ok)).toMatchObject({ AmountOff: 7.5, DurationInMonths: 2, PercentOff: null });
  });
});
