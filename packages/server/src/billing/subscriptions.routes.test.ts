import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { changeSummaries, planFromWire, summaryToWire } from '@portico/core/billing/index';
import type { Plan, WirePlan } from '@portico/core';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';
import { counts, expectRejectedWithoutWrites, importCustomer } from './billing-test-helpers.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp({ clock: '2026-03-15T12:00:00Z' }); });
beforeEach(() => { t.clock.set(new Date('2026-03-15T12:00:00Z')); });
afterAll(async () => { await t.close(); });

const sub = (plan: string, extra: Record<string, unknown> = {}) => ({ Plan: { Uid: plan }, Quantity: 1, BillingRenewalTerm: 'Monthly', ...extra });
const put = (id: string, body: unknown, opts: { key?: string; query?: string } = {}) => t.admin({
  method: 'PUT', url: `/api/v1/billing/subscriptions/${id}/changesubscription${opts.query ?? ''}`, payload: body as object,
  headers: opts.key ? { 'idempotency-key': opts.key } : {},
});
const preview = (id: string, body: unknown, asOf = 'now') =>
  t.admin({ method: 'PUT', url: `/api/v1/billing/subscriptions/${id}/changesubscriptionpreview?asOf=${asOf}`, payload: body as object });

describe('import with a past StartDate, then change (issue 3 item 2)', () => {
  it('imports Starter started 2026-01-10 (14-day trial, so periods count from 2026-01-24) and previews an upgrade to Pro mid-period: PlanCredit + Plan lines as core computes them', async () => {
    const account = await importCustomer(t);
    const current = account.CurrentSubscription;
    expect(current).toMatchObject({ Plan: { Uid: 'plan-starter' }, StartDate: '2026-01-10T09:00:00.000Z', RenewalDate: '2026-03-24T00:00:00.000Z', EndDate: null });

    const res = await preview(current.Uid, sub('plan-pro'));
    expect(res.statusCode, res.body).toBe(200);
    const summary = res.json();
    // Period 2026-02-24 -> 2026-03-24 (28 days), 9 days left on 2026-03-15:
    // PlanCredit -29.00 x 9/28 = -9.32; Plan 79.00 x 9/28 = 25.39 (no billing address: no tax).
    expect(summary.InvoiceDisplayItems.map((i: { LineItemType: number; Amount: number }) => [i.LineItemType, i.Amount])).toEqual([[7, -9.32], [1, 25.39]]);
    expect(summary).toMatchObject({ InvoiceDate: '2026-03-15', Total: 16.07, TaxBehavior: 'exclusive' });

    // The same numbers straight from core.
    const plans = await t.request({ method: 'GET', url: '/api/v1/billing/plans' });
    const byUid = new Map<string, Plan>(plans.json().items.map((p: WirePlan) => [p.Uid, planFromWire(p, 'USD')]));
    const fromCore = changeSummaries({
      now: t.clock.now(), currency: 'USD', plan: byUid.get('plan-pro')!, term: 'Monthly', quantity: 1, addOns: [], asOf: 'now',
      tax: { rates: [], behavior: 'exclusive' },
      existing: { plan: byUid.get('plan-starter')!, term: 'Monthly', quantity: 1, addOns: [], periodStart: '2026-02-24', periodEnd: '2026-03-24', anchorDate: '2026-01-24' },
    });
    expect(summary).toEqual(summaryToWire(fromCore.now, 'USD'));
    const renewal = (await preview(current.Uid, sub('plan-pro'), 'renewal')).json();
    expect(renewal).toEqual(summaryToWire(fromCore.renewal, 'USD'));
    expect(renewal).toMatchObject({ InvoiceDate: '2026-03-24', Total: 79 });
  });

  it('an upgrade ends the old row now and starts the new one; a retried identical PUT (with or without Idempotency-Key) changes nothing', async () => {
    const account = await importCustomer(t);
    const oldUid = account.CurrentSubscription.Uid;
    const body = sub('plan-pro', { SubscriptionAddOns: [{ AddOn: { Uid: 'addon-priority-support' }, Quantity: 1 }] });
    const first = await put(oldUid, body, { key: 'retry-key-0001' });
    expect(first.statusCode, first.body).toBe(200);
    const changed = first.json();
    expect(changed.Uid).not.toBe(oldUid);
    expect(changed).toMatchObject({
      Plan: { Uid: 'plan-pro', Name: 'Pro' }, StartDate: expect.stringMatching(/^2026-03-15T12:0/), RenewalDate: '2026-03-24T00:00:00.000Z',
      SubscriptionAddOns: [{ AddOn: { Uid: 'addon-priority-support', MonthlyRate: 19 }, Quantity: 1, BillingRenewalTerm: 'Monthly' }],
    });
    const afterFirst = await counts(t);

    const again = await put(oldUid, body, { key: 'retry-key-0001' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(changed);
    const noKey = await put(oldUid, body);
    expect(noKey.json().Uid).toBe(changed.Uid);
    expect(await counts(t)).toEqual(afterFirst);

    const reused = await put(oldUid, sub('plan-team', { Quantity: 3 }), { key: 'retry-key-0001' });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().ErrorCode).toBe('Errors.Conflict');

    const fields = await put(oldUid, body, { query: '?fields=Uid,Plan.Name' });
    expect(fields.json()).toEqual({ Uid: changed.Uid, Plan: { Name: 'Pro' } });

    const got = await t.admin({ method: 'GET', url: `/api/v1/admin/accounts/${account.Uid}` });
    expect(got.json().CurrentSubscription.Uid).toBe(changed.Uid);
    const all = await t.admin({ method: 'GET', url: `/api/v1/billing/subscriptions?Account.Uid=${account.Uid}` });
    const rows = all.json().items as { Uid: string; EndDate: string | null }[];
    expect(rows.map((r) => [r.Uid, r.EndDate])).toEqual([[changed.Uid, null], [oldUid, changed.StartDate]]);
    const byPerson = await t.admin({ method: 'GET', url: `/api/v1/billing/subscriptions?Person.Uid=${account.PrimaryContact.Uid}&current=1&fields=Uid` });
    expect(byPerson.json()).toEqual({ metadata: { limit: 100, offset: 0, total: 1 }, items: [{ Uid: changed.Uid }] });
    expect((await t.admin({ method: 'GET', url: '/api/v1/billing/subscriptions?Person.Uid=nobody' })).json().items).toEqual([]);

    // Two concurrent first uses of one key: one change, the same answer twice.
    const other = (await importCustomer(t)).CurrentSubscription.Uid;
    const before = await counts(t);
    const [a, b] = await Promise.all([put(other, body, { key: 'race-key-0001' }), put(other, body, { key: 'race-key-0001' })]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json()).toEqual(b.json());
    expect((await counts(t)).subscriptions).toBe(before.subscriptions! + 1);
  });

  it('a downgrade is scheduled for the renewal date as the latest subscription; DELETE cancels it, and refuses the current one', async () => {
    const account = await importCustomer(t, { Subscription: { Plan: { Uid: 'plan-pro' } } });
    const current = account.CurrentSubscription;
    const now = (await preview(current.Uid, sub('plan-starter'))).json();
    expect(now).toMatchObject({ Total: 0, InvoiceDisplayItems: [] });
    const renewal = (await preview(current.Uid, sub('plan-starter'), 'renewal')).json();
    expect(renewal).toMatchObject({ InvoiceDate: '2026-04-10', Total: 29 });

    const res = await put(current.Uid, sub('plan-starter'));
    expect(res.statusCode, res.body).toBe(200);
    const scheduled = res.json();
    expect(scheduled).toMatchObject({ Plan: { Uid: 'plan-starter' }, StartDate: '2026-04-10T00:00:00.000Z', RenewalDate: '2026-05-10T00:00:00.000Z' });
    const acc = (await t.admin({ method: 'GET', url: `/api/v1/admin/accounts/${account.Uid}` })).json();
    expect(acc.CurrentSubscription).toMatchObject({ Uid: current.Uid, EndDate: '2026-04-10T00:00:00.000Z' });
    expect(acc.LatestSubscription.Uid).toBe(scheduled.Uid);
    const before = await counts(t);
    expect((await put(current.Uid, sub('plan-starter'))).json().Uid).toBe(scheduled.Uid);
    expect(await counts(t)).toEqual(before);

    await expectRejectedWithoutWrites(t, () => t.admin({ method: 'DELETE', url: `/api/v1/billing/subscriptions/${current.Uid}` }), 400, 'Errors.SubscriptionNotScheduled');
    const del = await t.admin({ method: 'DELETE', url: `/api/v1/billing/subscriptions/${scheduled.Uid}` });
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json()).toMatchObject({ Uid: current.Uid, EndDate: null });
    expect((await t.admin({ method: 'DELETE', url: `/api/v1/billing/subscriptions/${scheduled.Uid}` })).statusCode).toBe(404);

    // Once the clock passes the renewal, the scheduled row is the current one.
    await put(current.Uid, sub('plan-starter'));
    t.clock.set(new Date('2026-04-10T00:00:01Z'));
    const list = await t.admin({ method: 'GET', url: `/api/v1/billing/subscriptions?Account.Uid=${account.Uid}&current=1&fields=Plan.Uid` });
    expect(list.json()).toEqual({ metadata: { limit: 100, offset: 0, total: 1 }, items: [{ Plan: { Uid: 'plan-starter' } }] });
  });
});

describe('a change during the trial (Starter has 14 free days)', () => {
  it('credits nothing and charges nothing now; the trial end stays the first paid day, without a setup fee', async () => {
    const account = await importCustomer(t, { Subscription: { StartDate: '2026-03-10T00:00:00Z' } });
    const id = account.CurrentSubscription.Uid;
    expect(account.CurrentSubscription.RenewalDate).toBe('2026-03-24T00:00:00.000Z');
    const body = sub('plan-pro', { BillingRenewalTerm: 'Yearly' });
    expect((await preview(id, body)).json()).toMatchObject({ InvoiceDate: '2026-03-15', Total: 0, InvoiceDisplayItems: [] });
    const renewal = (await preview(id, body, 'renewal')).json();
    expect(renewal).toMatchObject({ InvoiceDate: '2026-03-24', Total: 790 });
    expect(renewal.InvoiceDisplayItems).toEqual([expect.objectContaining({ LineItemType: 1, Amount: 790, StartDate: '2026-03-24', EndDate: '2027-03-24' })]);
    const changed = (await put(id, body)).json();
    expect(changed).toMatchObject({ Plan: { Uid: 'plan-pro' }, BillingRenewalTerm: 'Yearly', RenewalDate: '2026-03-24T00:00:00.000Z' });
  });
});

describe('discounts on a subscription', () => {
  it('applies a code (replacing the coupons), is idempotent, and refuses an expired code without writing', async () => {
    const account = await importCustomer(t, { Subscription: { DiscountCouponSubscriptions: [{ DiscountCoupon: { UniqueIdentifier: 'FRIENDS' } }] } });
    const id = account.CurrentSubscription.Uid;
    expect(account.CurrentSubscription.DiscountCouponSubscriptions.map((d: { DiscountCoupon: { Uid: string } }) => d.DiscountCoupon.Uid)).toEqual(['coupon-friends']);
    const url = `/api/v1/billing/subscriptions/${id}/discounts/FIVEOFF`;
    const res = await t.admin({ method: 'POST', url });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().DiscountCouponSubscriptions).toEqual([expect.objectContaining({ DiscountCoupon: expect.objectContaining({ Uid: 'coupon-fiveoff', AmountOff: 5 }) })]);
    const before = await counts(t);
    expect((await t.admin({ method: 'POST', url: `/api/v1/billing/subscriptions/${id}/discounts/coupon-fiveoff` })).json()).toEqual(res.json());
    expect(await counts(t)).toEqual(before);
    const expired = await expectRejectedWithoutWrites(t, () => t.admin({ method: 'POST', url: `/api/v1/billing/subscriptions/${id}/discounts/BLACKFRIDAY2020` }), 400, 'Errors.DiscountCodeExpired');
    expect(expired.FieldErrors[0]!.ErrorCode).toBe('Errors.DiscountCodeExpired');
    await expectRejectedWithoutWrites(t, () => t.admin({ method: 'POST', url: `/api/v1/billing/subscriptions/${id}/discounts/NOPE` }), 404, 'Errors.DiscountCodeNotFound');
    await expectRejectedWithoutWrites(t, () => t.admin({ method: 'POST', url: '/api/v1/billing/subscriptions/nosuchsub/discounts/FRIENDS' }), 404, 'Errors.SubscriptionNotFound');
  });
});

describe('rejected changes write nothing', () => {
  it('maps bad input to the catalogue codes', async () => {
    const id = (await importCustomer(t, { Subscription: { Plan: { Uid: 'plan-team' }, Quantity: 3 } })).CurrentSubscription.Uid;
    const reject = (body: unknown, status: number, code: string) => expectRejectedWithoutWrites(t, () => put(id, body), status, code);
    expect((await reject(sub('plan-nope'), 404, 'Errors.PlanNotFound')).Message).toBe('Could not find plan for planUid');
    const max = await reject(sub('plan-team', { Quantity: 26 }), 400, 'Errors.QuantityAboveMaximum');
    expect(max.FieldErrors[0]).toEqual({ Field: 'Quantity', ErrorCode: 'Errors.QuantityAboveMaximum', Message: 'You can have a maximum of 25 people on your plan.' });
    await reject(sub('plan-team', { Quantity: 2 }), 400, 'Errors.QuantityBelowMinimum');
    await reject(sub('plan-team', { Quantity: 3.5 }), 400, 'Errors.QuantityInvalid');
    await reject(sub('plan-team', { Quantity: -1 }), 400, 'Errors.QuantityInvalid');
    await reject(sub('plan-team', { Quantity: 4, BillingRenewalTerm: 'Quarterly' }), 400, 'Errors.TermNotOffered');
    const addOn = await reject(sub('plan-team', { Quantity: 4, SubscriptionAddOns: [{ AddOn: { Uid: 'addon-data-retention' }, Quantity: 1 }] }), 400, 'Errors.AddOnNotOffered');
    expect(addOn.FieldErrors[0]!.Field).toBe('SubscriptionAddOns.0.AddOn');
    await reject(sub('plan-team', { Quantity: 4, DiscountCouponSubscriptions: [{ DiscountCoupon: { UniqueIdentifier: 'BLACKFRIDAY2020' } }] }), 400, 'Errors.DiscountCodeExpired');
    await reject(sub('plan-team', { Quantity: 4, DiscountCouponSubscriptions: [{ DiscountCoupon: { UniqueIdentifier: 'NOSUCHCODE' } }] }), 400, 'Errors.DiscountCodeNotFound');
    await reject(sub('plan-legacy'), 400, 'Errors.PlanNotAvailable');
    await reject(sub('plan-team', { Quantity: 4, StartDate: '1989-12-31' }), 400, 'Errors.DateOutOfRange');
  });

  it('needs the admin key until login exists', async () => {
    const res = await t.request({ method: 'GET', url: '/api/v1/billing/subscriptions' });
    expect(res.statusCode).toBe(401);
  });
});
