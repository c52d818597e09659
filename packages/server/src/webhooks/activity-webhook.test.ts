import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { companyConfigSchema, type CompanyConfig } from '../config/company-config.schema.ts';
import { CARDS, cardToken, confirm, signupIntent } from '../payments/payments-test-helpers.ts';
import { nonce, register, registrationBody, registrationConfig } from '../registration/registration-test-helpers.ts';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';
import { bearer, signedInCustomer } from '../testing/signed-in-test-helpers.ts';
import { teamOwner } from '../team/team-test-helpers.ts';
import { activityWebhookFromConfig } from './activity-webhook.ts';

/**
 * Activity webhooks (issue 17, docs/billing.md "Activity webhooks"): the existing use cases write their event in
 * the transaction of the change, the job runner POSTs it signed in the Standard Webhooks format to a real HTTP
 * receiver here, which verifies every signature with the `standardwebhooks` package.
 */
const SECRET = `whsec_${Buffer.from('activity-webhook-secret-32-bytes').toString('base64')}`;
const SECRET_ENV = 'PORTICO_ACTIVITY_WEBHOOK_SECRET';

interface Delivery { id: string; headers: IncomingHttpHeaders; body: string; event: { type: string; timestamp: string; data: Record<string, unknown> } | null }
const deliveries: Delivery[] = [];
let respond: (res: ServerResponse) => void = (res) => res.writeHead(204).end();
let server: Server;
let url: string;
let t: TestApp;

const withActivity = (config: CompanyConfig, hookUrl: string): CompanyConfig =>
  companyConfigSchema.parse({ ...config, webhooks: { ...config.webhooks, activity: { url: hookUrl, secretEnv: SECRET_ENV } } });

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => { body += chunk; });
    req.on('end', () => {
      let event: Delivery['event'] = null;
      try { event = new Webhook(SECRET).verify(body, req.headers as Record<string, string>) as Delivery['event']; } catch { event = null; }
      deliveries.push({ id: String(req.headers['webhook-id']), headers: req.headers, body, event });
      respond(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/activity`;
  t = await createTestApp({ clock: '2026-03-15T12:00:00Z', config: withActivity(registrationConfig(), url), app: { secrets: { [SECRET_ENV]: SECRET } } });
});
afterAll(async () => {
  await t.close();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
afterEach(() => {
  deliveries.length = 0;
  respond = (res) => res.writeHead(204).end();
});

const rows = async (query: ReturnType<typeof sql>) => (await t.database.db.execute(query) as unknown as { rows: Record<string, unknown>[] }).rows;

/** Delivers what is due (the runner's own round) and answers the verified events of one account, in delivery order. */
async function eventsOf(accountUid: string) {
  while ((await t.app.jobs.deliverDue()) > 0) { /* until the outbox has nothing due */ }
  expect(deliveries.every((d) => d.event !== null), 'every delivery carries a valid signature').toBe(true);
  return deliveries.filter((d) => d.event!.data.AccountUid === accountUid);
}
const typesOf = (ds: Delivery[]) => ds.map((d) => d.event!.type).sort();

describe('activity events of the existing use cases, delivered signed', () => {
  it('a paid sign-up: subscription.created (its first invoice as committed) and invoice.paid once the money is booked', async () => {
    const draft = { Plan: { Uid: 'plan-pro' }, Quantity: 1, BillingRenewalTerm: 'Monthly' };
    const intent = await signupIntent(t, { Subscription: { ...draft, Account: { BillingAddress: registrationBody().Account.BillingAddress } } });
    await confirm(t, intent.ClientSecret, await cardToken(t, CARDS.visa));
    const res = await register(t, registrationBody({ Nonce: await nonce(t), Subscription: draft, PaymentInformation: { PaymentClientSecret: intent.ClientSecret } }));
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json();
    const events = await eventsOf(answer.Account.Uid);
    expect(typesOf(events)).toEqual(['invoice.paid', 'subscription.created']);
    const created = events.find((d) => d.event!.type === 'subscription.created')!;
    expect(created.event).toMatchObject({
      timestamp: expect.stringMatching(/^2026-03-15T12:0/),
      data: { AccountUid: answer.Account.Uid, Subscription: { Uid: answer.Subscription.Uid, Plan: { Uid: 'plan-pro' } }, Invoice: { Uid: answer.Invoice.Uid, Total: 128, Status: 'Open' } },
    });
    expect(events.find((d) => d.event!.type === 'invoice.paid')!.event!.data).toEqual({
      AccountUid: answer.Account.Uid,
      Invoice: { Uid: answer.Invoice.Uid, InvoiceNumber: answer.Invoice.InvoiceNumber, InvoiceDate: '2026-03-15', BillingInvoiceStatus: 'Paid', Amount: 128, Currency: 'USD' },
    });
    // webhook-id is the outbox message's uid; the headers are what standardwebhooks verified.
    const ids = (await rows(sql`select uid from outbox where topic = 'webhook.activity' and payload->'data'->>'AccountUid' = ${answer.Account.Uid}`)).map((r) => r.uid);
    expect(events.map((d) => d.id).sort()).toEqual([...ids].sort());
    expect(created.headers['webhook-signature']).toMatch(/^v1,/);
  });

  it('an upgrade: subscription.changed (not scheduled) and invoice.paid for the plan-change invoice', async () => {
    const o = await teamOwner(t, { plan: 'plan-starter', quantity: 1 });
    const setup = await t.request({ method: 'POST', url: `/api/v1/billing/paymentinformation/stripe/setup-intent?accountUid=${o.accountUid}`, headers: bearer(o.token), payload: {} });
    expect(setup.statusCode, setup.body).toBe(200);
    const secret = setup.json().ClientSecret as string;
    expect((await confirm(t, secret, await cardToken(t, CARDS.visa))).statusCode).toBe(200);
    const saved = await t.request({ method: 'POST', url: '/api/v1/billing/paymentinformation', headers: bearer(o.token), payload: { PaymentClientSecret: secret, Account: { Uid: o.accountUid } } });
    expect(saved.statusCode, saved.body).toBe(200);
    const subUid = (await rows(sql`select uid from subscriptions where account_uid = ${o.accountUid}`))[0]!.uid as string;
    const res = await t.request({ method: 'PUT', url: `/api/v1/billing/subscriptions/${subUid}/changesubscription`, headers: bearer(o.token), payload: { Plan: { Uid: 'plan-pro' }, Quantity: 1, BillingRenewalTerm: 'Monthly' } });
    expect(res.statusCode, res.body).toBe(200);
    const events = await eventsOf(o.accountUid);
    expect(typesOf(events)).toEqual(['invoice.paid', 'subscription.changed']);
    expect(events.find((d) => d.event!.type === 'subscription.changed')!.event!.data).toMatchObject({
      AccountUid: o.accountUid, Scheduled: false, PreviousSubscriptionUid: subUid, Subscription: { Uid: res.json().Uid, Plan: { Uid: 'plan-pro' } },
    });
    const [invoice] = await rows(sql`select uid from invoices where account_uid = ${o.accountUid} and kind = 'plan_change' and status = 'Paid'`);
    expect(events.find((d) => d.event!.type === 'invoice.paid')!.event!.data).toMatchObject({ Invoice: { Uid: invoice!.uid, BillingInvoiceStatus: 'Paid' } });
    // The same change again is already current: it writes nothing, so no event either.
    const again = await t.request({ method: 'PUT', url: `/api/v1/billing/subscriptions/${res.json().Uid}/changesubscription`, headers: bearer(o.token), payload: { Plan: { Uid: 'plan-pro' }, Quantity: 1, BillingRenewalTerm: 'Monthly' } });
    expect(again.statusCode, again.body).toBe(200);
    expect(await eventsOf(o.accountUid)).toHaveLength(2);
  });

  it('a scheduled downgrade, cancelling it, cancelling the plan and restoring it: one event each, in its own data', async () => {
    const c = await signedInCustomer(t, { subscription: { Plan: { Uid: 'plan-pro' }, Quantity: 1, BillingRenewalTerm: 'Monthly', StartDate: '2026-01-10T09:00:00Z' } });
    const current = (await rows(sql`select uid from subscriptions where account_uid = ${c.accountUid}`))[0]!.uid as string;
    const down = await t.request({ method: 'PUT', url: `/api/v1/billing/subscriptions/${current}/changesubscription`, headers: bearer(c.primary.token), payload: { Plan: { Uid: 'plan-starter' }, Quantity: 1, BillingRenewalTerm: 'Monthly' } });
    expect(down.statusCode, down.body).toBe(200);
    const scheduledUid = down.json().Uid as string;
    expect(scheduledUid).not.toBe(current);
    const undo = await t.request({ method: 'DELETE', url: `/api/v1/billing/subscriptions/${scheduledUid}`, headers: bearer(c.primary.token) });
    expect(undo.statusCode, undo.body).toBe(200);
    const cancel = await t.request({ method: 'POST', url: '/api/v1/profile/account/cancellations', headers: bearer(c.primary.token), payload: { CancelationReason: 'Too expensive' } });
    expect(cancel.statusCode, cancel.body).toBe(201);
    const restore = await t.request({ method: 'DELETE', url: '/api/v1/profile/account/cancellations', headers: bearer(c.primary.token) });
    expect(restore.statusCode, restore.body).toBe(200);

    const events = await eventsOf(c.accountUid);
    const byType = (type: string) => events.filter((d) => d.event!.type === type).map((d) => d.event!.data);
    expect(typesOf(events)).toEqual(['subscription.cancelled', 'subscription.changed', 'subscription.changed', 'subscription.restored']);
    expect(byType('subscription.changed')).toEqual(expect.arrayContaining([
      expect.objectContaining({ Scheduled: true, PreviousSubscriptionUid: current, Subscription: expect.objectContaining({ Uid: scheduledUid, Plan: expect.objectContaining({ Uid: 'plan-starter' }) }) }),
      expect.objectContaining({ Scheduled: false, CancelledScheduledSubscriptionUid: scheduledUid, Subscription: expect.objectContaining({ Uid: current }) }),
    ]));
    expect(byType('subscription.cancelled')).toEqual([expect.objectContaining({
      AccountUid: c.accountUid, EndDate: '2026-04-10T00:00:00.000Z', CancelationReason: 'Too expensive', SubscriptionUid: current,
      Cancellation: expect.objectContaining({ Uid: cancel.json().Uid, EndDate: '2026-04-10T00:00:00.000Z' }),
    })]);
    expect(byType('subscription.restored')).toEqual([expect.objectContaining({ SubscriptionUid: current, Cancellation: expect.objectContaining({ Uid: cancel.json().Uid, Restored: expect.any(String) }) })]);
  });

  it('a receiver answering 500 gets the same message again, with the same webhook-id and a fresh valid signature', async () => {
    const c = await signedInCustomer(t, { subscription: { Plan: { Uid: 'plan-pro' }, Quantity: 1, BillingRenewalTerm: 'Monthly', StartDate: '2026-01-10T09:00:00Z' } });
    respond = (res) => res.writeHead(500).end('database is down');
    expect((await t.request({ method: 'POST', url: '/api/v1/profile/account/cancellations', headers: bearer(c.primary.token), payload: {} })).statusCode).toBe(201);
    const first = await eventsOf(c.accountUid);
    expect(first).toHaveLength(1);
    const [message] = await rows(sql`select uid, attempts, delivered, last_error from outbox where uid = ${first[0]!.id}`);
    expect(message).toMatchObject({ attempts: 1, delivered: null, last_error: 'HTTP 500: database is down' });
    respond = (res) => res.writeHead(204).end();
    // Its backoff over (moved by the database's clock rather than waited for).
    await t.database.db.execute(sql`update outbox set next_attempt = now() where uid = ${first[0]!.id}`);
    const both = await eventsOf(c.accountUid);
    expect(both.map((d) => d.id)).toEqual([first[0]!.id, first[0]!.id]);
    expect(both[1]!.body).toBe(both[0]!.body);
    expect((await rows(sql`select delivered from outbox where uid = ${first[0]!.id}`))[0]!.delivered).not.toBeNull();
  });
});

describe('without an activity webhook', () => {
  it('writes no activity message at all', async () => {
    const plain = await createTestApp({ clock: '2026-03-15T12:00:00Z' });
    try {
      const c = await signedInCustomer(plain, { subscription: { Plan: { Uid: 'plan-pro' }, Quantity: 1, BillingRenewalTerm: 'Monthly', StartDate: '2026-01-10T09:00:00Z' } });
      expect((await plain.request({ method: 'POST', url: '/api/v1/profile/account/cancellations', headers: bearer(c.primary.token), payload: {} })).statusCode).toBe(201);
      expect((await plain.request({ method: 'DELETE', url: '/api/v1/profile/account/cancellations', headers: bearer(c.primary.token) })).statusCode).toBe(200);
      const found = await plain.database.db.execute(sql`select count(*)::int as n from outbox where topic = 'webhook.activity'`) as unknown as { rows: { n: number }[] };
      expect(found.rows[0]!.n).toBe(0);
    } finally {
      await plain.close();
    }
  });

  it('a configured webhook whose secret variable is not set fails the start, naming the variable', async () => {
    const config = withActivity(registrationConfig(), 'https://backend.example/hooks/activity');
    expect(() => activityWebhookFromConfig(config, {})).toThrow(/PORTICO_ACTIVITY_WEBHOOK_SECRET/);
    // The app refuses to build (over the running test's database: nothing is opened that would need closing).
    await expect(createTestApp({ config, database: t.database, app: { secrets: {} } })).rejects.toThrow(/PORTICO_ACTIVITY_WEBHOOK_SECRET/);
  });
});
