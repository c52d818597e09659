import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sortPlans } from '@portico/core/billing/index';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';
import { importCustomer } from '../billing/billing-test-helpers.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp({ clock: '2026-03-15T12:00:00Z' }); });
afterAll(async () => { await t.close(); });

const get = async (url: string, admin = false) => {
  const res = await (admin ? t.admin({ method: 'GET', url }) : t.request({ method: 'GET', url }));
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { metadata: { limit: number; offset: number; total: number }; items: { Uid: string; Name?: string }[] };
};

describe('list routes page in the database: limit, offset and the total of the whole filter', () => {
  it('plans come in core\'s plan order (sortPlans) and each page is a slice of it', async () => {
    // Admin-made plans with ties and missing rates exercise every step of the order.
    for (const [Uid, Name, MonthlyRate, AnnualRate] of [['p-zz', 'Zed', 29, null], ['p-aa', 'Able', 29, null], ['p-yr', 'Yearly only', null, 100], ['p-b', 'beta', 29, 200]] as const) {
      const res = await t.admin({ method: 'POST', url: '/api/v1/admin/plans', payload: { Uid, Name, PlanFamily: { Uid: 'fam-analytics' }, MonthlyRate, AnnualRate } });
      expect(res.statusCode, res.body).toBe(201);
    }
    const all = await get('/api/v1/billing/plans?limit=-1');
    expect(all.items.length).toBe(all.metadata.total);
    expect(all.items.map((p) => p.Uid)).toEqual(sortPlans(all.items as never[]).map((p: { Uid: string }) => p.Uid));
    const page = await get('/api/v1/billing/plans?limit=2&offset=3');
    expect(page.metadata).toEqual({ limit: 2, offset: 3, total: all.metadata.total });
    expect(page.items.map((p) => p.Uid)).toEqual(all.items.slice(3, 5).map((p) => p.Uid));
    expect((await get(`/api/v1/billing/plans?offset=${all.metadata.total}`)).items).toEqual([]);
    const inactive = await get('/api/v1/billing/plans?IsActive=false&limit=-1');
    expect(inactive.items.every((p) => (p as { IsActive?: boolean }).IsActive === false)).toBe(true);
    expect(inactive.metadata.total).toBe(inactive.items.length);
  });

  it('admin lists: coupons and families', async () => {
    const coupons = await get('/api/v1/admin/discountcoupons?limit=-1', true);
    const second = await get('/api/v1/admin/discountcoupons?limit=1&offset=1', true);
    expect(second.metadata.total).toBe(coupons.metadata.total);
    expect(second.items.map((c) => c.Uid)).toEqual([coupons.items[1]!.Uid]);
    const families = await get('/api/v1/billing/planfamilies?limit=1', false);
    expect(families.items).toHaveLength(1);
    expect(families.metadata.total).toBeGreaterThanOrEqual(1);
    expect((families.items[0] as { Plans?: unknown[] }).Plans?.length).toBeGreaterThan(0);
  });

  it('subscriptions: current=1 keeps one row per account, counted and paged in SQL', async () => {
    const accounts = [await importCustomer(t), await importCustomer(t), await importCustomer(t)];
    // A second row for the first account (an upgrade) must not count twice with current=1.
    const upgrade = await t.admin({
      method: 'PUT', url: `/api/v1/billing/subscriptions/${accounts[0].CurrentSubscription.Uid}/changesubscription`,
      payload: { Plan: { Uid: 'plan-pro' }, Quantity: 1, BillingRenewalTerm: 'Monthly' },
    });
    expect(upgrade.statusCode, upgrade.body).toBe(200);
    const all = await get('/api/v1/billing/subscriptions?limit=-1', true);
    const current = await get('/api/v1/billing/subscriptions?current=1&limit=-1', true);
    expect(all.metadata.total).toBe(current.metadata.total + 1);
    expect(current.items.find((s) => s.Uid === accounts[0].CurrentSubscription.Uid)).toBeUndefined();
    const pages = [await get('/api/v1/billing/subscriptions?current=1&limit=2&offset=0', true), await get('/api/v1/billing/subscriptions?current=1&limit=2&offset=2', true)];
    expect(pages.flatMap((p) => p.items.map((s) => s.Uid))).toEqual(current.items.slice(0, 4).map((s) => s.Uid));
    expect(pages[0]!.metadata.total).toBe(current.metadata.total);
  });
});
