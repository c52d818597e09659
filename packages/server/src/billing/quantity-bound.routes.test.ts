import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_QUANTITY } from '@portico/core/billing/index';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';
import { expectRejectedWithoutWrites, importBody, importCustomer } from './billing-test-helpers.ts';

/** Issue 6 item 2: one upper bound on quantities (core's MAX_QUANTITY), checked by core's validator on every route. */
let t: TestApp;
beforeAll(async () => { t = await createTestApp({ clock: '2026-03-15T12:00:00Z' }); });
afterAll(async () => { await t.close(); });

const tooMany = `You can have a maximum of ${MAX_QUANTITY} units on your plan.`;
const dashboards = (Quantity: number) => ({
  Plan: { Uid: 'plan-starter' }, Quantity: 1, BillingRenewalTerm: 'Monthly',
  SubscriptionAddOns: [{ AddOn: { Uid: 'addon-extra-dashboards' }, Quantity }],
});
const compute = (body: object) => t.request({ method: 'POST', url: '/api/v1/billing/subscriptions/compute-charge-summary?asOf=renewal', payload: body });
const addOnField = expect.stringMatching(/^SubscriptionAddOns\W0\W+Quantity$/);

describe('MAX_QUANTITY on the billing routes', () => {
  it('prices exactly MAX_QUANTITY add-on units, and refuses one more (and 1,000,000,000) with a field error', async () => {
    const max = await compute(dashboards(MAX_QUANTITY));
    expect(max.statusCode, max.body).toBe(200);
    // Extra dashboards: 4.50 per unit and month, tax-free without an address.
    expect(max.json().InvoiceDisplayItems).toContainEqual(expect.objectContaining({ LineItemType: 3, Amount: 4.5 * MAX_QUANTITY }));
    for (const q of [MAX_QUANTITY + 1, 1_000_000_000]) {
      const res = await compute(dashboards(q));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ ErrorCode: 'Errors.QuantityAboveMaximum', Message: tooMany, FieldErrors: [{ Field: addOnField, ErrorCode: 'Errors.QuantityAboveMaximum', Message: tooMany }] });
    }
    const planQuantity = await compute({ ...dashboards(1), Quantity: 1_000_000_000 });
    expect(planQuantity.json().FieldErrors).toEqual([{ Field: 'Quantity', ErrorCode: 'Errors.QuantityAboveMaximum', Message: tooMany }]);
  });

  it('a change or an import carrying an add-on quantity of 1,000,000,000 is refused and writes nothing', async () => {
    const id = (await importCustomer(t)).CurrentSubscription.Uid;
    const change = await expectRejectedWithoutWrites(t, () => t.admin({
      method: 'PUT', url: `/api/v1/billing/subscriptions/${id}/changesubscription`, payload: dashboards(1_000_000_000),
    }), 400, 'Errors.QuantityAboveMaximum');
    expect(change.FieldErrors).toEqual([{ Field: addOnField, ErrorCode: 'Errors.QuantityAboveMaximum', Message: tooMany }]);
    await expectRejectedWithoutWrites(t, () => t.admin({
      method: 'PUT', url: `/api/v1/billing/subscriptions/${id}/changesubscriptionpreview`, payload: dashboards(MAX_QUANTITY + 1),
    }), 400, 'Errors.QuantityAboveMaximum');
    await expectRejectedWithoutWrites(t, () => t.admin({
      method: 'POST', url: '/api/v1/admin/accounts/import', payload: importBody({ Subscription: dashboards(1_000_000_000) }),
    }), 400, 'Errors.QuantityAboveMaximum');
  });

  it('the admin catalogue cannot declare a minimum or a per-user maximum above it', async () => {
    const plan = { Name: 'Huge', PlanFamily: { Uid: 'fam-analytics' }, MonthlyRate: 1, IsPerUser: true };
    const over = await t.admin({ method: 'POST', url: '/api/v1/admin/plans', payload: { ...plan, MaximumPeople: MAX_QUANTITY + 1 } });
    expect(over.statusCode).toBe(400);
    expect(over.json().FieldErrors.map((f: { Field: string }) => f.Field)).toEqual(['MaximumPeople']);
    const addOn = await t.admin({ method: 'POST', url: '/api/v1/admin/addons', payload: { Name: 'Units', MonthlyRate: 1, IsQuantityEditable: true, MinimumQuantity: MAX_QUANTITY + 1 } });
    expect(addOn.statusCode).toBe(400);
    const ok = await t.admin({ method: 'POST', url: '/api/v1/admin/plans', payload: { ...plan, MaximumPeople: MAX_QUANTITY } });
    expect(ok.statusCode, ok.body).toBe(201);
  });
});
