import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';
import { counts, expectRejectedWithoutWrites } from './billing-test-helpers.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp({ clock: '2026-03-15T12:00:00Z' }); });
beforeEach(() => { t.clock.set(new Date('2026-03-15T12:00:00Z')); });
afterAll(async () => { await t.close(); });

const compute = (body: unknown, asOf = 'now') =>
  t.request({ method: 'POST', url: `/api/v1/billing/subscriptions/compute-charge-summary?asOf=${asOf}`, payload: body as object });
const renewal = (body: unknown) => t.request({ method: 'POST', url: '/api/v1/billing/subscriptions/compute-renewal-summary', payload: body as object });
const california = { BillingAddress: { Country: 'US', State: 'CA' } };
const lines = (s: { InvoiceDisplayItems: { LineItemType: number; Amount: number; Tax: number; Total: number }[] }) =>
  s.InvoiceDisplayItems.map((i) => [i.LineItemType, i.Amount, i.Tax, i.Total]);

describe('POST /billing/subscriptions/compute-charge-summary (public, writes nothing)', () => {
  it('prices a new Pro subscription with the config\'s 7.25% California tax (exclusive), due now and at renewal', async () => {
    const before = await counts(t);
    const now = await compute({ Plan: { Uid: 'plan-pro' }, Quantity: 1, BillingRenewalTerm: 'Monthly', Account: california });
    expect(now.statusCode, now.body).toBe(200);
    // Plan 79.00 + 5.73 tax (572.75 cents, half-up), setup fee 49.00 + 3.55 tax (355.25 cents).
    expect(lines(now.json())).toEqual([[1, 79, 5.73, 84.73], [2, 49, 3.55, 52.55]]);
    expect(now.json()).toMatchObject({ InvoiceDate: '2026-03-15', Total: 137.28, TaxBehavior: 'exclusive' });
    expect(now.json().InvoiceDisplayItems[0]).toMatchObject({ LineItemEntityUid: 'plan-pro', StartDate: '2026-03-15', EndDate: '2026-04-15' });
    const atRenewal = (await compute({ Plan: { Uid: 'plan-pro' }, Quantity: 1, BillingRenewalTerm: 'Monthly', Account: california }, 'renewal')).json();
    expect(atRenewal).toMatchObject({ InvoiceDate: '2026-04-15', Total: 84.73 });
    expect(await counts(t)).toEqual(before);
  });

  it('applies a coupon before tax (WELCOME20 once), add-ons, and no tax for an exempt account', async () => {
    const body = {
      Plan: { Uid: 'plan-pro' }, Quantity: 1, BillingRenewalTerm: 'Monthly', Account: california,
      DiscountCouponSubscriptions: [{ DiscountCoupon: { UniqueIdentifier: 'WELCOME20' } }],
    };
    const s = (await compute(body)).json();
    // Net 128.00, 20% off = -25.60 with -1.86 tax (185.6 cents).
    expect(lines(s).at(-1)).toEqual([5, -25.6, -1.86, -27.46]);
    expect(s.Total).toBe(109.82);
    expect((await compute(body, 'renewal')).json().Total).toBe(84.73);

    const exempt = (await compute({
      Plan: { Uid: 'plan-pro' }, Quantity: 1, BillingRenewalTerm: 'Monthly', Account: { ...california, TaxStatus: 'Exempt' },
      SubscriptionAddOns: [
        { AddOn: { Uid: 'addon-extra-dashboards' }, Quantity: 2 },
        { AddOn: { Uid: 'addon-onboarding' }, Quantity: 0, selected: false },
      ],
    })).json();
    expect(lines(exempt)).toEqual([[1, 79, 0, 79], [3, 9, 0, 9], [2, 49, 0, 49]]);
  });

  it('compute-renewal-summary answers { Total, InvoiceDate }, InvoiceDate null when nothing renews', async () => {
    expect((await renewal({ Plan: { Uid: 'plan-team' }, Quantity: 4, BillingRenewalTerm: 'Yearly' })).json()).toEqual({ Total: 600, InvoiceDate: '2027-03-15' });
    expect((await renewal({ Plan: { Uid: 'plan-course' }, BillingRenewalTerm: 'OneTime' })).json()).toEqual({ Total: 0, InvoiceDate: null });
  });

  it('rejects bad input with the catalogue codes and writes nothing', async () => {
    const reject = (body: unknown, status: number, code: string) => expectRejectedWithoutWrites(t, () => compute(body), status, code);
    const team = (extra: Record<string, unknown>) => ({ Plan: { Uid: 'plan-team' }, Quantity: 3, BillingRenewalTerm: 'Monthly', ...extra });
    expect((await reject(team({ Plan: { Uid: 'nope' } }), 404, 'Errors.PlanNotFound')).Message).toBe('Could not find plan for planUid');
    expect((await reject(team({ Quantity: 30 }), 400, 'Errors.QuantityAboveMaximum')).FieldErrors[0]!.Message).toBe('You can have a maximum of 25 people on your plan.');
    await reject(team({ Quantity: 1.5 }), 400, 'Errors.QuantityInvalid');
    await reject(team({ BillingRenewalTerm: 'Quarterly' }), 400, 'Errors.TermNotOffered');
    await reject(team({ SubscriptionAddOns: [{ AddOn: { Uid: 'addon-extra-dashboards' }, Quantity: 1 }] }), 400, 'Errors.AddOnNotOffered');
    await reject(team({ StartDate: '2100-01-01' }), 400, 'Errors.DateOutOfRange');
    await reject(team({ DiscountCouponSubscriptions: [{ DiscountCoupon: { UniqueIdentifier: 'BLACKFRIDAY2020' } }] }), 400, 'Errors.DiscountCodeExpired');
    await reject(team({ DiscountCouponSubscriptions: [{ DiscountCoupon: { Uid: 'coupon-nope' } }] }), 400, 'Errors.DiscountCodeNotFound');
    await reject(team({ DiscountCouponSubscriptions: [{ DiscountCoupon: { UniqueIdentifier: 'FIVEOFF' } }] }), 400, 'Errors.DiscountCodeNotApplicable');
    await reject({ Plan: { Uid: 'plan-legacy' }, BillingRenewalTerm: 'Monthly' }, 400, 'Errors.PlanNotAvailable');
    // An add-on the admin deactivated can no longer be chosen (the snapshot follows the admin change at once).
    expect((await t.admin({ method: 'DELETE', url: '/api/v1/admin/addons/addon-onboarding' })).statusCode).toBe(200);
    await reject(team({ SubscriptionAddOns: [{ AddOn: { Uid: 'addon-onboarding' }, Quantity: 1 }] }), 400, 'Errors.AddOnNotAvailable');
    const shape = await reject({ Plan: { Uid: 'plan-team' }, Quantity: 'many', BillingRenewalTerm: 'Weekly' }, 400, 'Errors.ValidationFailed');
    expect(shape.FieldErrors.map((e) => e.Field).sort()).toEqual(['BillingRenewalTerm', 'Quantity']);
  });
});
