import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { loadCompanyConfig } from '../config/load-company-config.ts';
import type { CompanyConfig } from '../config/company-config.schema.ts';
import { accounts, invoices, outbox, subscriptions } from '../db/schema.ts';
import { importCustomer } from '../billing/billing-test-helpers.ts';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';
import { bearer, signedInCustomer } from '../testing/signed-in-test-helpers.ts';
import { unitOfWork } from '../unit-of-work.ts';
import { usageRepository } from '../usage/usage.repository.ts';
import { renewalPass } from './renewal-job.ts';

/**
 * The renewal pass (issue 17; docs/billing.md "Renewals") on a real database (PGlite, or PostgreSQL
 * with TEST_DATABASE_URL): customers imported through the admin API, the server clock moved past
 * their period end, the pass run; invoices, renewal dates, account stage and credit read back.
 */
const NOW = '2026-03-15T12:00:00Z';
const PRO = { Plan: { Uid: 'plan-pro' }, Quantity: 1, BillingRenewalTerm: 'Monthly', StartDate: '2026-01-10T09:00:00Z' };
const SECRET = 'whsec_' + Buffer.from('renewal-test-secret-0123456789ab').toString('base64');

function withActivity(): CompanyConfig {
  const c = loadCompanyConfig();
  return { ...c, webhooks: { ...c.webhooks, activity: { url: 'http://127.0.0.1:9/activity', secretEnv: 'ACTIVITY_SECRET' } } };
}

let t: TestApp;
beforeAll(async () => { t = await createTestApp({ clock: NOW, config: withActivity(), app: { secrets: { ACTIVITY_SECRET: SECRET } } }); });
beforeEach(() => { t.clock.set(new Date(NOW)); });
afterAll(async () => { await t.close(); });

const ctx = (over: Partial<CompanyConfig['billing']> = {}) => ({
  config: { ...t.config, billing: { ...t.config.billing, ...over } }, db: t.database.db, activityWebhook: { url: 'http://127.0.0.1:9/activity', secret: SECRET },
});
const pass = (over: Partial<CompanyConfig['billing']> = {}) => renewalPass(ctx(over), () => t.clock.now(), new AbortController().signal, 2);
const db = () => t.database.db;
const renewalsOf = (subscriptionUid: string) => db().select().from(invoices)
  .where(and(eq(invoices.subscriptionUid, subscriptionUid), eq(invoices.kind, 'renewal'))).orderBy(invoices.periodStart);
const subRow = async (uid: string) => (await db().select().from(subscriptions).where(eq(subscriptions.uid, uid)))[0]!;
const accountRow = async (uid: string) => (await db().select().from(accounts).where(eq(accounts.uid, uid)))[0]!;
/** A Date within a minute after `iso` (the test clock ticks on from where it was set). */
const near = (iso: string) => expect.toSatisfy((d: unknown) => d instanceof Date && d.getTime() - Date.parse(iso) >= 0 && d.getTime() - Date.parse(iso) < 60_000);
/** Runs passes until none renews anything (other tests' customers are due too: each pass renews all that is due). */
async function settle(over: Partial<CompanyConfig['billing']> = {}) { while ((await pass(over)).batches > 0); }

describe('the renewal pass', () => {
  it('renews a due subscription once: an Open renewal invoice for [renewal, next), collection due now, the date moved one period, the activity', async () => {
    const a = await importCustomer(t, { Subscription: PRO });
    const sub = a.CurrentSubscription.Uid as string;
    expect(await pass()).toMatchObject({ renewed: 0, invoices: 0 });
    t.clock.set(new Date('2026-04-10T00:05:00Z'));
    await settle();
    const [inv, ...more] = await renewalsOf(sub);
    expect(more).toEqual([]);
    expect(inv).toMatchObject({
      kind: 'renewal', status: 'Open', total: 7900, subtotal: 7900, currency: t.config.company.currency, accountUid: a.Uid,
      periodStart: new Date('2026-04-10T00:00:00Z'), periodEnd: new Date('2026-05-10T00:00:00Z'), nextAttemptAt: near('2026-04-10T00:05:00Z'),
      // The first charge attempt is claimed in the batch's transaction: its message waits for the outbox.
      attemptCount: 0, attemptInFlight: 1,
    });
    expect((await db().select().from(outbox).where(eq(outbox.topic, 'billing.charge-invoice'))).map((m) => m.payload))
      .toContainEqual({ invoiceUid: inv!.uid, attempt: 1 });
    expect((await subRow(sub)).renewalDate).toEqual(new Date('2026-05-10T00:00:00Z'));
    const events = (await db().select().from(outbox).where(eq(outbox.topic, 'webhook.activity'))).map((m) => m.payload as { type: string; data: Record<string, unknown> });
    const mine = events.filter((e) => e.data.AccountUid === a.Uid);
    expect(mine).toEqual([{
      type: 'subscription.renewed', occurredAt: expect.stringMatching(/^2026-04-10T00:0[56]/),
      data: expect.objectContaining({
        AccountUid: a.Uid, Subscription: expect.objectContaining({ Uid: sub, RenewalDate: '2026-05-10T00:00:00.000Z' }),
        Invoice: { Uid: inv!.uid, Number: inv!.invoiceNumber, Total: 7900, Currency: t.config.company.currency, PeriodStart: '2026-04-10', PeriodEnd: '2026-05-10' },
      }),
    }]);
    // Again, and with the clock a minute on: nothing more.
    t.clock.set(new Date('2026-04-10T00:06:00Z'));
    await settle();
    expect(await renewalsOf(sub)).toHaveLength(1);
  });

  it('catches up period by period when the clock moved several periods: one invoice each, gapless numbers', async () => {
    const a = await importCustomer(t, { Subscription: PRO });
    t.clock.set(new Date('2026-07-11T00:00:00Z'));
    await settle();
    const list = await renewalsOf(a.CurrentSubscription.Uid);
    expect(list.map((i) => i.periodStart?.toISOString().slice(0, 10))).toEqual(['2026-04-10', '2026-05-10', '2026-06-10', '2026-07-10']);
    const all = (await db().select({ n: invoices.invoiceNumber }).from(invoices)).map((r) => r.n).sort((x, y) => x - y);
    expect(all).toEqual(all.map((_, i) => all[0]! + i));
  });

  it('takes account credit off and keeps the rest; manual payments mode leaves the invoice Open with no attempt scheduled', async () => {
    const a = await importCustomer(t, { Subscription: PRO });
    await unitOfWork(db()).accounts.addCredit(a.Uid, 1000);
    t.clock.set(new Date('2026-04-10T01:00:00Z'));
    await settle({ paymentsMode: 'manual' });
    const [inv] = await renewalsOf(a.CurrentSubscription.Uid);
    expect(inv).toMatchObject({ total: 6900, status: 'Open', nextAttemptAt: null });
    expect((await accountRow(a.Uid)).accountCredit).toBe(0);
  });

  it('a 0 total is Paid at once (free plan, or credit covering it)', async () => {
    const a = await importCustomer(t, { Subscription: PRO });
    await unitOfWork(db()).accounts.addCredit(a.Uid, 10_000);
    t.clock.set(new Date('2026-04-10T01:00:00Z'));
    await settle();
    const [inv] = await renewalsOf(a.CurrentSubscription.Uid);
    expect(inv).toMatchObject({ total: 0, status: 'Paid', paidAt: near('2026-04-10T01:00:00Z'), nextAttemptAt: null });
    expect((await accountRow(a.Uid)).accountCredit).toBe(2100);
  });

  it('bills usage reported for the period just ended, per 1,000 calls begun; zero when none', async () => {
    const a = await importCustomer(t, { Subscription: { ...PRO, SubscriptionAddOns: [{ AddOn: { Uid: 'addon-api-calls' }, Quantity: 1 }] } });
    const usage = usageRepository(db());
    await usage.record({ accountUid: a.Uid, addOnUid: 'addon-api-calls', quantity: 12_000, usedAt: new Date('2026-03-20T00:00:00Z'), reportKey: 'r1' });
    await usage.record({ accountUid: a.Uid, addOnUid: 'addon-api-calls', quantity: 345, usedAt: new Date('2026-04-09T23:59:00Z'), reportKey: 'r2' });
    // Outside the period (the one before it): not on this invoice.
    await usage.record({ accountUid: a.Uid, addOnUid: 'addon-api-calls', quantity: 99_000, usedAt: new Date('2026-03-09T00:00:00Z'), reportKey: 'r3' });
    t.clock.set(new Date('2026-05-10T01:00:00Z'));
    await settle();
    const [april, may] = await renewalsOf(a.CurrentSubscription.Uid);
    const usageLine = (i: typeof april) => (i!.lines as { LineItemEntityUid: string; Amount: number; StartDate: string }[]).find((l) => l.LineItemEntityUid === 'addon-api-calls');
    expect(usageLine(april)).toMatchObject({ Amount: 13 * 25, StartDate: '2026-03-10' });
    expect(april!.total).toBe(7900 + 325);
    expect(usageLine(may)).toMatchObject({ Amount: 0, StartDate: '2026-04-10' });
    // The add-on's own renewal date moved with the periods billed.
    expect((await unitOfWork(db()).subscriptions.get(a.CurrentSubscription.Uid))?.addOns[0]?.renewalDate).toEqual(new Date('2026-06-10T00:00:00Z'));
  });

  it('a cancellation ends the subscription at its EndDate: no invoice, account Cancelled, the request kept', async () => {
    const c = await signedInCustomer(t, { subscription: PRO });
    const res = await t.request({ method: 'POST', url: '/api/v1/profile/account/cancellations', payload: { CancelationReason: 'Too expensive' }, headers: bearer(c.primary.token) });
    expect(res.statusCode, res.body).toBe(201);
    t.clock.set(new Date('2026-04-10T00:01:00Z'));
    await settle();
    const sub = c.account.CurrentSubscription.Uid as string;
    expect(await renewalsOf(sub)).toEqual([]);
    expect(await subRow(sub)).toMatchObject({ endDate: new Date('2026-04-10T00:00:00Z'), renewalDate: null });
    expect((await accountRow(c.accountUid)).accountStage).toBe('Cancelled');
    expect((await unitOfWork(db()).cancellations.open(c.accountUid))?.endsAt).toEqual(new Date('2026-04-10T00:00:00Z'));
  });

  it('a scheduled downgrade takes effect at the renewal: the new row is invoiced and renews on, the old one renews no more', async () => {
    const a = await importCustomer(t, { Subscription: PRO });
    const old = a.CurrentSubscription.Uid as string;
    const res = await t.admin({ method: 'PUT', url: `/api/v1/billing/subscriptions/${old}/changesubscription`, payload: { Plan: { Uid: 'plan-starter' }, Quantity: 1, BillingRenewalTerm: 'Monthly' } });
    expect(res.statusCode, res.body).toBe(200);
    const next = res.json().Uid as string;
    expect(next).not.toBe(old);
    t.clock.set(new Date('2026-04-10T00:01:00Z'));
    await settle();
    expect(await renewalsOf(old)).toEqual([]);
    const [inv] = await renewalsOf(next);
    expect(inv).toMatchObject({ total: 2900, periodStart: new Date('2026-04-10T00:00:00Z'), periodEnd: new Date('2026-05-10T00:00:00Z') });
    expect((await subRow(old)).renewalDate).toBeNull();
    expect((await subRow(next)).renewalDate).toEqual(new Date('2026-05-10T00:00:00Z'));
    t.clock.set(new Date('2026-05-10T00:01:00Z'));
    await settle();
    expect(await renewalsOf(next)).toHaveLength(2);
  });

  it('a one-time term never renews; with Stripe billing the pass does nothing', async () => {
    const a = await importCustomer(t, { Subscription: PRO });
    t.clock.set(new Date('2026-04-10T00:01:00Z'));
    expect(await pass({ system: 'Stripe' })).toMatchObject({ batches: 0, renewed: 0 });
    expect(await renewalsOf(a.CurrentSubscription.Uid)).toEqual([]);
  });
});

describe('the renewal job on the job runner', () => {
  it('moving the admin clock past a period end runs the due renewals within seconds (the clock wakes the runner)', async () => {
    const a = await importCustomer(t, { Subscription: { ...PRO, StartDate: '2026-02-20T09:00:00Z' } });
    await t.app.jobs.start();
    try {
      const moved = await t.admin({ method: 'PUT', url: '/api/v1/admin/clock', payload: { Now: '2026-03-20T00:10:00Z' } });
      expect(moved.statusCode, moved.body).toBe(200);
      const until = Date.now() + 10_000;
      while ((await renewalsOf(a.CurrentSubscription.Uid)).length === 0) {
        if (Date.now() > until) throw new Error('no renewal invoice within 10 s of moving the clock');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(await renewalsOf(a.CurrentSubscription.Uid)).toMatchObject([{ periodStart: new Date('2026-03-20T00:00:00Z'), total: 7900 }]);
    } finally {
      await t.app.jobs.stop();
    }
  });
});
