import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';
import { expectRejectedWithoutWrites, importCustomer } from './billing-test-helpers.ts';

/** Issue 6 item 4: on an existing subscription the stored account wins over the request body. */
let t: TestApp;
beforeAll(async () => { t = await createTestApp({ clock: '2026-03-15T12:00:00Z' }); });
beforeEach(() => { t.clock.set(new Date('2026-03-15T12:00:00Z')); });
afterAll(async () => { await t.close(); });

const california = { Country: 'US', State: 'CA' };
const pro = { Plan: { Uid: 'plan-pro' }, Quantity: 1, BillingRenewalTerm: 'Monthly' };
const preview = (id: string, body: object, asOf = 'now') =>
  t.admin({ method: 'PUT', url: `/api/v1/billing/subscriptions/${id}/changesubscriptionpreview?asOf=${asOf}`, payload: body });
const taxOf = (summary: { InvoiceDisplayItems: { Tax: number }[] }) => summary.InvoiceDisplayItems.reduce((sum, i) => sum + i.Tax, 0);

describe('tax on a change comes from the stored account, not the body', () => {
  const lies = [
    { Account: { TaxStatus: 'Exempt' } },
    { Account: { BillingAddress: { Country: 'US', State: 'OR' } } },
    { Account: { BillingAddress: null, TaxStatus: 'exempt' } },
  ];

  it('a Californian taxable account keeps its 7.25% on the preview whatever Account the body carries', async () => {
    const id = (await importCustomer(t, { BillingAddress: california, TaxStatus: 'Taxable' })).CurrentSubscription.Uid;
    const honest = await preview(id, pro);
    expect(honest.statusCode, honest.body).toBe(200);
    expect(taxOf(honest.json())).toBeGreaterThan(0);
    const honestRenewal = (await preview(id, pro, 'renewal')).json();
    // Pro 79.00 + 7.25% = 5.73 (572.75 cents, half-up).
    expect(honestRenewal).toMatchObject({ Total: 84.73 });
    for (const lie of lies) {
      expect((await preview(id, { ...pro, ...lie })).json(), JSON.stringify(lie)).toEqual(honest.json());
      expect((await preview(id, { ...pro, ...lie }, 'renewal')).json(), JSON.stringify(lie)).toEqual(honestRenewal);
    }
  });

  it('an exempt account stays exempt when the body gives a taxable address', async () => {
    const id = (await importCustomer(t, { BillingAddress: california, TaxStatus: 'Exempt' })).CurrentSubscription.Uid;
    const res = await preview(id, { ...pro, Account: { BillingAddress: { Country: 'GB' }, TaxStatus: 'Taxable' } }, 'renewal');
    expect(res.json()).toMatchObject({ Total: 79 });
    expect(taxOf(res.json())).toBe(0);
  });

  it('a change whose body says Exempt leaves the account taxable: the next invoice still carries the tax', async () => {
    const account = await importCustomer(t, { BillingAddress: california, TaxStatus: 'Taxable' });
    const res = await t.admin({
      method: 'PUT', url: `/api/v1/billing/subscriptions/${account.CurrentSubscription.Uid}/changesubscription`, payload: { ...pro, ...lies[0] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = (await t.admin({ method: 'GET', url: `/api/v1/admin/accounts/${account.Uid}` })).json();
    expect(after).toMatchObject({ TaxStatus: 'Taxable', BillingAddress: california });
    const renewal = (await preview(res.json().Uid, { ...pro, ...lies[0] }, 'renewal')).json();
    expect(renewal).toMatchObject({ Total: 84.73 });
  });
});

describe('a coupon goes on the current subscription row only', () => {
  it('refuses an ended row (409) and a scheduled row (409), writing nothing; the current row still takes it', async () => {
    const account = await importCustomer(t, { Subscription: { Plan: { Uid: 'plan-starter' } } });
    const ended = account.CurrentSubscription.Uid;
    const upgraded = await t.admin({ method: 'PUT', url: `/api/v1/billing/subscriptions/${ended}/changesubscription`, payload: pro });
    expect(upgraded.statusCode, upgraded.body).toBe(200);
    const current = upgraded.json().Uid as string;
    expect(current).not.toBe(ended);

    const onEnded = await expectRejectedWithoutWrites(t, () => t.admin({ method: 'POST', url: `/api/v1/billing/subscriptions/${ended}/discounts/FIVEOFF` }), 409, 'Errors.Conflict');
    expect(onEnded.Message).toBe('A discount code can only be added to the current subscription.');
    expect(onEnded.FieldErrors).toEqual([expect.objectContaining({ Field: 'params.id', ErrorCode: 'Errors.Conflict' })]);

    const scheduled = await t.admin({ method: 'PUT', url: `/api/v1/billing/subscriptions/${current}/changesubscription`, payload: { ...pro, Plan: { Uid: 'plan-starter' } } });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect(scheduled.json().StartDate).toBe('2026-03-24T00:00:00.000Z'); // the renewal: a scheduled row
    await expectRejectedWithoutWrites(t, () => t.admin({ method: 'POST', url: `/api/v1/billing/subscriptions/${scheduled.json().Uid}/discounts/FIVEOFF` }), 409, 'Errors.Conflict');

    const ok = await t.admin({ method: 'POST', url: `/api/v1/billing/subscriptions/${current}/discounts/FIVEOFF` });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().DiscountCouponSubscriptions).toEqual([expect.objectContaining({ DiscountCoupon: expect.objectContaining({ Uid: 'coupon-fiveoff' }) })]);
  });

  it('an account with no current row at all answers Errors.SubscriptionExpired', async () => {
    const account = await importCustomer(t, { Subscription: { Plan: { Uid: 'plan-starter' } } });
    const id = account.CurrentSubscription.Uid;
    // No route ends a subscription yet (cancellation comes later), so the ended state is written directly.
    await t.database.db.execute(sql`update subscriptions set end_date = '2026-03-01T00:00:00Z' where uid = ${id}`);
    await expectRejectedWithoutWrites(t, () => t.admin({ method: 'POST', url: `/api/v1/billing/subscriptions/${id}/discounts/FIVEOFF` }), 400, 'Errors.SubscriptionExpired');
  });
});
