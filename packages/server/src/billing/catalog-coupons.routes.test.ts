import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp({ clock: '2026-03-15T12:00:00Z' }); });
beforeEach(() => { t.clock.set(new Date('2026-03-15T12:00:00Z')); });
afterAll(async () => { await t.close(); });

const get = (url: string) => t.request({ method: 'GET', url: `/api/v1${url}` });

describe('public plan catalogue (GET /billing/plans, /plans/{id}, /planfamilies, /addons/{id})', () => {
  it('lists plans sorted by monthly, quarterly, annual, one-time rate then name, paged, with filters and fields', async () => {
    const all = (await get('/billing/plans')).json();
    expect(all.metadata).toEqual({ limit: 100, offset: 0, total: 7 });
    expect(all.items.map((p: { Uid: string }) => p.Uid)).toEqual(['plan-free', 'plan-legacy', 'plan-academy-monthly', 'plan-team', 'plan-starter', 'plan-pro', 'plan-course']);
    expect(all.items[5]).toMatchObject({ Uid: 'plan-pro', MonthlyRate: 79, SetupFee: 49, PlanFamily: { Uid: 'fam-analytics' } });
    expect((await get('/billing/plans?IsActive=true')).json().metadata.total).toBe(6);
    const academy = (await get('/billing/plans?PlanFamily.Uid=fam-academy&fields=Uid')).json();
    expect(academy).toEqual({ metadata: { limit: 100, offset: 0, total: 2 }, items: [{ Uid: 'plan-academy-monthly' }, { Uid: 'plan-course' }] });
    expect((await get('/billing/plans?limit=2&offset=1&fields=Uid')).json().items).toEqual([{ Uid: 'plan-legacy' }, { Uid: 'plan-academy-monthly' }]);
    expect((await get('/billing/plans?IsActive=maybe')).statusCode).toBe(400);
  });

  it('gets one plan, and answers an unknown plan with 404 "Could not find plan for planUid"', async () => {
    const pro = await get('/billing/plans/plan-pro?fields=Name,PlanAddOns.AddOn.Uid');
    expect(pro.json()).toEqual({
      Name: 'Pro',
      PlanAddOns: ['addon-priority-support', 'addon-extra-dashboards', 'addon-onboarding', 'addon-data-retention', 'addon-api-calls'].map((Uid) => ({ AddOn: { Uid } })),
    });
    const missing = await get('/billing/plans/plan-nope');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ ErrorCode: 'Errors.PlanNotFound', Message: 'Could not find plan for planUid' });
  });

  it('lists families with their sorted plans and add-ons, and gets one add-on', async () => {
    const families = (await get('/billing/planfamilies')).json();
    expect(families.items.map((f: { Uid: string }) => f.Uid)).toEqual(['fam-academy', 'fam-analytics', 'fam-legacy']);
    const analytics = families.items[1];
    expect(analytics.Plans.map((p: { Uid: string }) => p.Uid)).toEqual(['plan-free', 'plan-team', 'plan-starter', 'plan-pro']);
    expect(analytics.Plans[2].PlanAddOns[1]).toMatchObject({ AddOn: { Uid: 'addon-extra-dashboards', MonthlyRate: 4.5 }, IsUserSelectable: true });
    expect((await get('/billing/planfamilies?IsActive=true&fields=Uid')).json().items).toEqual([{ Uid: 'fam-academy' }, { Uid: 'fam-analytics' }]);

    expect((await get('/billing/addons/addon-onboarding')).json()).toMatchObject({ Uid: 'addon-onboarding', BillingAddOnType: 'OneTime', OneTimeRate: 149 });
    const missing = await get('/billing/addons/addon-nope');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().ErrorCode).toBe('Errors.AddOnNotFound');
  });
});

describe('public discount codes (spec 8 mapping)', () => {
  it('says whether any active coupon exists', async () => {
    expect((await get('/public/billing/discountcoupons/exists')).json()).toEqual({ Result: true });
  });

  it('finds a code (any case) in major units; unknown is 404 Errors.DiscountCodeNotFound', async () => {
    expect((await get('/public/billing/discountcoupons/welcome20')).json()).toMatchObject({ Uid: 'coupon-welcome', PercentOff: 20, Duration: 'Once' });
    expect((await get('/public/billing/discountcoupons/TENOFF')).json()).toMatchObject({ AmountOff: 10, PercentOff: null });
    const missing = await get('/public/billing/discountcoupons/NOPE');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ ErrorCode: 'Errors.DiscountCodeNotFound', Message: 'Discount code not found.' });
  });

  it('expired, inactive or not-for-this-plan codes are 400 with the code in the first field error, read against the server clock', async () => {
    const expired = await get('/public/billing/discountcoupons/BLACKFRIDAY2020');
    expect(expired.statusCode).toBe(400);
    expect(expired.json().FieldErrors[0].ErrorCode).toBe('Errors.DiscountCodeExpired');

    const wrongPlan = await get('/public/billing/discountcoupons/FIVEOFF?planUid=plan-team');
    expect(wrongPlan.statusCode).toBe(400);
    expect(wrongPlan.json().FieldErrors[0].ErrorCode).toBe('Errors.DiscountCodeNotApplicable');
    expect((await get('/public/billing/discountcoupons/FIVEOFF?planUid=plan-pro')).statusCode).toBe(200);

    const created = await t.admin({
      method: 'POST', url: '/api/v1/admin/discountcoupons',
      payload: { Uid: 'coupon-march', UniqueIdentifier: 'MARCH', Name: 'March', PercentOff: 5, Duration: 'Once', RedeemBy: '2026-03-20T00:00:00Z' },
    });
    expect(created.statusCode).toBe(201);
    expect((await get('/public/billing/discountcoupons/MARCH')).statusCode).toBe(200);
    t.clock.set(new Date('2026-03-20T00:00:01Z'));
    expect((await get('/public/billing/discountcoupons/MARCH')).json().FieldErrors[0].ErrorCode).toBe('Errors.DiscountCodeExpired');
    t.clock.set(new Date('2026-03-15T12:00:00Z'));
    await t.admin({ method: 'DELETE', url: '/api/v1/admin/discountcoupons/coupon-march' });
    expect((await get('/public/billing/discountcoupons/MARCH')).json().FieldErrors[0].ErrorCode).toBe('Errors.DiscountCodeExpired');
  });
});

describe('API surface', () => {
  it('documents every billing route in the OpenAPI generated from the zod schemas', async () => {
    const doc = (await t.request({ method: 'GET', url: '/api/docs/json' })).json();
    const change = doc.paths['/api/v1/billing/subscriptions/{id}/changesubscription'].put;
    expect(change.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['id', 'fields', 'idempotency-key']));
    expect(change.requestBody.content['application/json'].schema.properties.SubscriptionAddOns).toBeDefined();
    expect(doc.paths['/api/v1/billing/subscriptions/compute-charge-summary'].post.responses['200']).toBeDefined();
  });

  it('rate-limits discount-code lookups per client (guessing codes), 429 Errors.TooManyRequests', async () => {
    let last = { statusCode: 0, body: '' };
    for (let i = 0; i < 35 && last.statusCode !== 429; i += 1) last = await get(`/public/billing/discountcoupons/GUESS${i}`);
    expect(last.statusCode).toBe(429);
    expect(JSON.parse(last.body).ErrorCode).toBe('Errors.TooManyRequests');
  });
});
