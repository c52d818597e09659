import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { memoryBus } from '../bus/event-bus.ts';
import { createClock } from '../clock/server-clock.ts';
import { loadCompanyConfig } from '../config/load-company-config.ts';
import { createTestApp, openTestDatabase, TEST_ADMIN_KEY, type TestApp } from '../testing/create-test-app.ts';
import { counts, expectRejectedWithoutWrites, importBody } from '../billing/billing-test-helpers.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp({ clock: '2026-03-15T12:00:00Z' }); });
beforeEach(() => { t.clock.set(new Date('2026-03-15T12:00:00Z')); });
afterAll(async () => { await t.close(); });

const importAccount = (body: unknown) => t.admin({ method: 'POST', url: '/api/v1/admin/accounts/import', payload: body as object });

describe('POST /admin/accounts/import', () => {
  it('creates the account, its primary person and a subscription started in the past, in one go; GET /admin/accounts/{uid} reads it back', async () => {
    const body = importBody({
      Name: 'Globex', Email: 'Hank@Globex.example', BillingAddress: { AddressLine1: '1 Main St', City: 'Springfield', State: 'NY', PostalCode: '10001', Country: 'US' },
      Subscription: {
        StartDate: '2025-11-30', Plan: { Uid: 'plan-team' }, Quantity: 5, BillingRenewalTerm: 'Yearly',
        SubscriptionAddOns: [{ AddOn: { Uid: 'addon-priority-support' }, Quantity: 1 }],
        DiscountCouponSubscriptions: [{ DiscountCoupon: { UniqueIdentifier: 'friends' } }],
      },
    });
    const res = await importAccount(body);
    expect(res.statusCode, res.body).toBe(201);
    const account = res.json();
    expect(account).toMatchObject({
      Name: 'Globex', AccountType: 2, BillingAddress: { City: 'Springfield', State: 'NY', Country: 'US' },
      PrimaryContact: { Email: 'Hank@Globex.example', FirstName: 'Ada', LastName: 'Lovelace' },
      PersonAccount: [{ IsPrimary: true, Person: { Email: 'Hank@Globex.example' } }],
      CurrentSubscription: {
        Plan: { Uid: 'plan-team' }, Quantity: 5, BillingRenewalTerm: 'Yearly', StartDate: '2025-11-30T00:00:00.000Z', RenewalDate: '2026-11-30T00:00:00.000Z',
        SubscriptionAddOns: [{ AddOn: { Uid: 'addon-priority-support' }, BillingRenewalTerm: 'Yearly', RenewalDate: '2026-11-30T00:00:00.000Z' }],
        DiscountCouponSubscriptions: [{ DiscountCoupon: { Uid: 'coupon-friends' }, StartDate: '2025-11-30T00:00:00.000Z' }],
      },
    });
    expect(account.LatestSubscription.Uid).toBe(account.CurrentSubscription.Uid);
    const got = await t.admin({ method: 'GET', url: `/api/v1/admin/accounts/${account.Uid}` });
    expect(got.json()).toEqual(account);

    // A preview on the imported subscription: 6 seats instead of 5, NY tax 4%, FRIENDS 10% forever.
    // Period 2025-11-30 -> 2026-11-30 (365 days), 260 days left: credit -750 x 260/365 = -534.25, charge 900 x 260/365 = 641.10.
    const preview = await t.admin({
      method: 'PUT', url: `/api/v1/billing/subscriptions/${account.CurrentSubscription.Uid}/changesubscriptionpreview?asOf=now`,
      payload: { Plan: { Uid: 'plan-team' }, Quantity: 6, BillingRenewalTerm: 'Yearly', SubscriptionAddOns: [{ AddOn: { Uid: 'addon-priority-support' }, Quantity: 1 }] },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().InvoiceDisplayItems.map((i: { LineItemType: number; Amount: number; Tax: number }) => [i.LineItemType, i.Amount, i.Tax]))
      .toEqual([[7, -534.25, -21.37], [1, 641.1, 25.64], [5, -10.69, -0.43]]);
    expect(preview.json().Total).toBe(100);
  });

  it('a known email is 409 Errors.Duplicate (any case); bad input is 400; nothing is written', async () => {
    await importAccount(importBody({ Email: 'dup@example.com' }));
    const dup = await expectRejectedWithoutWrites(t, () => importAccount(importBody({ Email: 'DUP@example.com' })), 409, 'Errors.Duplicate');
    expect(dup.FieldErrors[0]!.Field).toBe('PrimaryContact.Email');
    await expectRejectedWithoutWrites(t, () => importAccount(importBody({ Email: 'not-an-email' })), 400, 'Errors.InvalidEmail');
    const range = await expectRejectedWithoutWrites(t, () => importAccount(importBody({ Subscription: { StartDate: '1989-12-31' } })), 400, 'Errors.DateOutOfRange');
    expect(range.FieldErrors[0]!.Field).toBe('Subscription.StartDate');
    await expectRejectedWithoutWrites(t, () => importAccount(importBody({ Subscription: { StartDate: '2026-04-01' } })), 400, 'Errors.ValidationFailed');
    await expectRejectedWithoutWrites(t, () => importAccount(importBody({ Subscription: { Plan: { Uid: 'plan-team' }, Quantity: 26 } })), 400, 'Errors.QuantityAboveMaximum');
    await expectRejectedWithoutWrites(t, () => importAccount(importBody({ Subscription: { Plan: { Uid: 'nope' } } })), 404, 'Errors.PlanNotFound');
    expect((await t.admin({ method: 'GET', url: '/api/v1/admin/accounts/nosuchaccount' })).statusCode).toBe(404);
    expect((await t.request({ method: 'POST', url: '/api/v1/admin/accounts/import', payload: importBody() })).statusCode).toBe(401);
  });

  it('a legacy (inactive) plan may be imported, and its coupon is checked at the StartDate', async () => {
    const before = await counts(t);
    const res = await importAccount(importBody({
      Subscription: { StartDate: '2020-11-20T00:00:00Z', Plan: { Uid: 'plan-legacy' }, DiscountCouponSubscriptions: [{ DiscountCoupon: { UniqueIdentifier: 'BLACKFRIDAY2020' } }] },
    }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().CurrentSubscription).toMatchObject({ Plan: { Uid: 'plan-legacy', IsActive: false }, RenewalDate: '2026-03-20T00:00:00.000Z' });
    expect((await counts(t)).subscriptions).toBe(before.subscriptions! + 1);
  });
});

describe('server clock (GET/PUT /admin/clock)', () => {
  it('reads, pins and resets the clock the billing rules use', async () => {
    expect((await t.admin({ method: 'GET', url: '/api/v1/admin/clock' })).json()).toEqual({ Now: expect.stringMatching(/^2026-03-15T12:00/), Adjustable: true });
    const set = await t.admin({ method: 'PUT', url: '/api/v1/admin/clock', payload: { Now: '2030-01-02T03:04:05Z' } });
    expect(set.json().Now).toMatch(/^2030-01-02T03:04/);
    expect(t.clock.now().getUTCFullYear()).toBe(2030);
    expect((await t.admin({ method: 'PUT', url: '/api/v1/admin/clock', payload: { Now: 'yesterday' } })).statusCode).toBe(400);
    const reset = await t.admin({ method: 'PUT', url: '/api/v1/admin/clock', payload: { Reset: true } });
    expect(Math.abs(Date.parse(reset.json().Now) - Date.now())).toBeLessThan(60_000);
  });

  it('is locked in production (403 Errors.ClockLocked)', async () => {
    const database = await openTestDatabase();
    const app = await buildApp({ config: loadCompanyConfig(), database, bus: memoryBus(), clock: createClock({ adjustable: false }), adminKey: TEST_ADMIN_KEY });
    try {
      const headers = { authorization: `Bearer ${TEST_ADMIN_KEY}` };
      expect((await app.inject({ method: 'GET', url: '/api/v1/admin/clock', headers })).json().Adjustable).toBe(false);
      const res = await app.inject({ method: 'PUT', url: '/api/v1/admin/clock', headers, payload: { Now: '2030-01-01T00:00:00Z' } });
      expect(res.statusCode).toBe(403);
      expect(res.json().ErrorCode).toBe('Errors.ClockLocked');
    } finally {
      await app.close();
      await database.close();
    }
  });
});
