import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyConfigSchema } from '../config/company-config.schema.ts';
import { loadCompanyConfig } from '../config/load-company-config.ts';
import { paymentInformation } from '../db/schema.ts';
import { newUid } from '../ids/new-uid.ts';
import { createTestApp, TEST_ADMIN_KEY, type TestApp } from '../testing/create-test-app.ts';
import { bearer, signedInCustomer, type TestCustomer } from '../testing/signed-in-test-helpers.ts';
import { CARDS, cardToken, confirm } from './payments-test-helpers.ts';
import { startRecordedStripe, type RecordedStripe } from './stripe/recorded-stripe.ts';
import { stripeGateway } from './stripe/stripe-gateway.ts';

/**
 * Payment-provider billing (spec 2 sections 2, 3 and 7; docs/payments.md "Provider billing"):
 * GET /profile/account/stripe/invoices and /subscriptions and the customer portal, with the sandbox
 * as the provider (its dashboard call, invoice page and portal page) and over the recorded Stripe API.
 */
const INVOICES = '/api/v1/profile/account/stripe/invoices';
const SUBSCRIPTIONS = '/api/v1/profile/account/stripe/subscriptions';
const PORTAL = '/api/v1/billing/stripe/portal/sessions';
const SITE_PAGE = 'http://localhost:3000/account';
const admin = { authorization: `Bearer ${TEST_ADMIN_KEY}` };
type Owner = TestCustomer & { member: NonNullable<TestCustomer['member']> };

const providerBilling = (payments: Record<string, unknown>) => companyConfigSchema.parse({
  ...loadCompanyConfig(), billing: { ...loadCompanyConfig().billing, system: 'Stripe' }, payments,
});

/** The primary contact saves a card (setup intent confirmed at the sandbox): the account's customer there. */
async function saveSandboxCard(t: TestApp, c: TestCustomer): Promise<string> {
  const base = '/api/v1/billing/paymentinformation';
  const setup = await t.request({ method: 'POST', url: `${base}/stripe/setup-intent?accountUid=${c.accountUid}`, payload: {}, headers: bearer(c.primary.token) });
  expect(setup.statusCode, setup.body).toBe(200);
  const intent = setup.json() as { ClientSecret: string; CustomerToken: string };
  const token = await cardToken(t, CARDS.visa);
  expect((await confirm(t, intent.ClientSecret, token)).statusCode).toBe(200);
  const saved = await t.request({
    method: 'POST', url: base, headers: bearer(c.primary.token),
    payload: { CustomerToken: intent.CustomerToken, PaymentClientSecret: intent.ClientSecret, PaymentToken: token, mode: 'enter', Account: { Uid: c.accountUid } },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return intent.CustomerToken;
}

const proItems = [
  { product_name: 'Pro', unit_amount: 2900, currency: 'usd', interval: 'month', quantity: 1 },
  { product_name: 'Extra seats', unit_amount: 500, currency: 'usd', interval: 'month', quantity: 3 },
];

describe('provider billing with the sandbox as the provider', () => {
  let t: TestApp;
  let owner: Owner;
  let other: TestCustomer;
  let customer: string;
  beforeAll(async () => {
    t = await createTestApp({ config: providerBilling({ gateway: 'sandbox' }) });
    owner = await signedInCustomer(t, { member: true }) as Owner;
    other = await signedInCustomer(t);
    customer = await saveSandboxCard(t, owner);
  });
  afterAll(async () => { await t.close(); });

  it('the dashboard call makes a subscription with one paid invoice per billed period; it needs the admin key and a known customer', async () => {
    const body = { customer, items: proItems, periods: 4 };
    expect((await t.request({ method: 'POST', url: '/sandbox/v1/subscriptions', payload: body })).statusCode).toBe(401);
    t.clock.set(new Date('2026-11-27T10:00:00Z'));
    const made = await t.request({ method: 'POST', url: '/sandbox/v1/subscriptions', payload: body, headers: admin });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ status: 'active', start_date: '2026-08-27T10:00:00.000Z', current_period_end: '2026-12-27T10:00:00.000Z' });
    const unknown = await t.request({ method: 'POST', url: '/sandbox/v1/subscriptions', payload: { ...body, customer: 'cus_sbx_000000000000000000000000' }, headers: admin });
    expect(unknown.statusCode).toBe(404);
    for (const bad of [
      { ...body, items: [{ ...proItems[0], product_name: 'Pro\u0000' }] }, { ...body, items: [{ ...proItems[0], unit_amount: 1e308 }] },
      { ...body, items: [] }, { ...body, periods: 0 }, { ...body, __proto__: { admin: true }, extra: 1 }, { ...body, items: [{ ...proItems[0], product_name: 'x'.repeat(10_000) }] },
      { ...body, items: [proItems[0], { ...proItems[1], interval: 'year' }] },
    ]) {
      const res = await t.request({ method: 'POST', url: '/sandbox/v1/subscriptions', payload: bad, headers: admin });
      expect(res.statusCode, JSON.stringify(bad).slice(0, 80)).toBe(400);
      expect(res.json().ErrorCode).toBe('Errors.ValidationFailed');
    }
  });

  it('any member reads the invoices, newest period first, 3 a page, paged on with startingAfter', async () => {
    const first = await t.request({ method: 'GET', url: `${INVOICES}?limit=3&orderBy=PeriodStart%20DESC`, headers: bearer(owner.member.token) });
    expect(first.statusCode, first.body).toBe(200);
    const page1 = first.json() as { metadata: { hasMore: boolean }; items: { Uid: string; PeriodStart: string; InvoicePdf: string }[] };
    expect(page1.metadata).toEqual({ limit: 3, hasMore: true });
    expect(page1.items.map((i) => i.PeriodStart)).toEqual(['2026-11-27T10:00:00.000Z', '2026-10-27T10:00:00.000Z', '2026-09-27T10:00:00.000Z']);
    expect(page1.items[0]).toEqual({
      Uid: expect.stringMatching(/^in_sbx_/), Currency: 'USD', Total: 44, CurrencyTotal: '$44.00', Status: 'paid',
      PeriodStart: '2026-11-27T10:00:00.000Z', InvoicePdf: `/sandbox/v1/invoices/${page1.items[0]!.Uid}`,
    });
    const second = await t.request({ method: 'GET', url: `${INVOICES}?startingAfter=${page1.items[2]!.Uid}`, headers: bearer(owner.primary.token) });
    expect(second.json()).toMatchObject({ metadata: { limit: 3, hasMore: false }, items: [{ PeriodStart: '2026-08-27T10:00:00.000Z' }] });

    const fields = await t.request({ method: 'GET', url: `${INVOICES}?fields=Uid,Total`, headers: bearer(owner.member.token) });
    expect(Object.keys(fields.json().items[0]).sort()).toEqual(['Total', 'Uid']);

    const page = await t.request({ method: 'GET', url: page1.items[0]!.InvoicePdf });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Extra seats');
    expect(page.body).toContain('$44.00');
    expect((await t.request({ method: 'GET', url: '/sandbox/v1/invoices/in_sbx_000000000000000000000000' })).statusCode).toBe(404);
  });

  it('a cursor that is not one of the account\'s invoices is a 400 naming it; another account\'s uid is 404; no token 401', async () => {
    const mine = (await t.request({ method: 'GET', url: INVOICES, headers: bearer(owner.primary.token) })).json().items[0].Uid as string;
    const foreign = await t.request({ method: 'GET', url: `${INVOICES}?startingAfter=${mine}`, headers: bearer(other.primary.token) });
    // B has no customer at the provider: nothing to page, and nothing of A's.
    expect(foreign.json()).toEqual({ metadata: { limit: 3, hasMore: false }, items: [] });
    const otherCustomer = await saveSandboxCard(t, other);
    expect(otherCustomer).not.toBe(customer);
    const guessed = await t.request({ method: 'GET', url: `${INVOICES}?startingAfter=${mine}`, headers: bearer(other.primary.token) });
    expect(guessed.json()).toEqual({ metadata: { limit: 3, hasMore: false }, items: [] });
    for (const bad of ['x', 'in_sbx_"><script>', 'a'.repeat(300)]) {
      const res = await t.request({ method: 'GET', url: `${INVOICES}?startingAfter=${encodeURIComponent(bad)}`, headers: bearer(owner.primary.token) });
      expect(res.statusCode, bad).toBe(400);
    }
    expect((await t.request({ method: 'GET', url: `${INVOICES}?limit=1e308`, headers: bearer(owner.primary.token) })).statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url: `${INVOICES}?accountUid=${other.accountUid}`, headers: bearer(owner.primary.token) })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: INVOICES })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: SUBSCRIPTIONS })).statusCode).toBe(401);
  });

  it('the subscriptions with their products, newest start first; the portal page cancels at the period end and renews again', async () => {
    // An older, ended subscription is listed too (every status), after the newer one.
    const subs = await t.request({ method: 'GET', url: SUBSCRIPTIONS, headers: bearer(owner.member.token) });
    expect(subs.statusCode, subs.body).toBe(200);
    expect(subs.json()).toEqual({
      items: [{
        Uid: expect.stringMatching(/^sub_sbx_/), Status: 'active', StartDate: '2026-08-27T10:00:00.000Z', EndDate: null,
        CurrentPeriodEnd: '2026-12-27T10:00:00.000Z', CancelAt: null,
        Items: [
          { Product: { Name: 'Pro' }, Price: { UnitAmount: 29, Currency: 'USD', Interval: 'month' }, Quantity: 1 },
          { Product: { Name: 'Extra seats' }, Price: { UnitAmount: 5, Currency: 'USD', Interval: 'month' }, Quantity: 3 },
        ],
      }],
    });
    const subUid = subs.json().items[0].Uid as string;

    const member = await t.request({ method: 'POST', url: `${PORTAL}?accountUid=${owner.accountUid}&returnUrl=${encodeURIComponent(SITE_PAGE)}`, headers: bearer(owner.member.token) });
    expect(member.statusCode).toBe(403);
    const opened = await t.request({ method: 'POST', url: `${PORTAL}?accountUid=${owner.accountUid}&returnUrl=${encodeURIComponent(SITE_PAGE)}`, headers: bearer(owner.primary.token) });
    expect(opened.statusCode, opened.body).toBe(200);
    const portal = opened.json().Url as string;
    expect(portal).toMatch(/^\/sandbox\/v1\/portal\/bps_sbx_[0-9a-f]{24}$/);

    const page = await t.request({ method: 'GET', url: portal });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("style-src 'self'");
    expect(page.body).toContain(`href="${SITE_PAGE}"`);
    expect(page.body).toContain(`Return to ${t.config.company.name}`);
    expect(page.body).toContain('Renews on Dec 27, 2026: the next charge is $44.00.');
    expect(page.body).toContain('Visa ending in 4242');

    // Two cancels at once (a double submit): both land back on the page, and the subscription is cancelled once, at the period's end.
    const form = { method: 'POST' as const, url: `${portal}/subscriptions`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `subscription=${subUid}&change=cancel` };
    const [cancel, twice] = await Promise.all([t.request(form), t.request(form)]);
    expect([cancel.statusCode, twice.statusCode]).toEqual([303, 303]);
    for (const bad of [`subscription=${subUid}&change=delete`, 'subscription=__proto__&change=cancel', `subscription=${subUid}%00&change=cancel`]) {
      const res = await t.request({ ...form, payload: bad });
      expect(res.statusCode, bad).toBe(400);
    }
    expect(cancel.headers.location).toBe(portal);
    expect((await t.request({ method: 'GET', url: portal })).body).toContain('Cancels on Dec 27, 2026');
    const cancelled = (await t.request({ method: 'GET', url: SUBSCRIPTIONS, headers: bearer(owner.member.token) })).json().items[0];
    expect(cancelled).toMatchObject({ Status: 'active', CancelAt: '2026-12-27T10:00:00.000Z' });

    // Another customer's portal session cannot touch this subscription.
    const foreign = await t.request({ method: 'POST', url: `${PORTAL}?accountUid=${other.accountUid}&returnUrl=${encodeURIComponent(SITE_PAGE)}`, headers: bearer(other.primary.token) });
    const foreignPortal = foreign.json().Url as string;
    const resumeThere = await t.request({ method: 'POST', url: `${foreignPortal}/subscriptions`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `subscription=${subUid}&change=resume` });
    expect(resumeThere.statusCode).toBe(303);
    expect((await t.request({ method: 'GET', url: foreignPortal })).body).not.toContain('Extra seats');
    expect((await t.request({ method: 'GET', url: SUBSCRIPTIONS, headers: bearer(owner.member.token) })).json().items[0].CancelAt).not.toBeNull();

    const resume = await t.request({ method: 'POST', url: `${portal}/subscriptions`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `subscription=${subUid}&change=resume` });
    expect(resume.statusCode).toBe(303);
    expect((await t.request({ method: 'GET', url: SUBSCRIPTIONS, headers: bearer(owner.member.token) })).json().items[0].CancelAt).toBeNull();

    const unknown = await t.request({ method: 'GET', url: '/sandbox/v1/portal/bps_sbx_000000000000000000000000' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('expired');
  });
});

describe('provider billing over the recorded Stripe API', () => {
  let stripe: RecordedStripe;
  let t: TestApp;
  let c: TestCustomer;
  const stripeOptions = { secretKey: 'sk_test_RecordedKey123', webhookSecret: 'whsec_RecordedWebhookSecret', publishableKey: 'pk_test_RecordedPublishable123', currency: 'USD' };
  beforeAll(async () => {
    stripe = await startRecordedStripe();
    t = await createTestApp({ config: providerBilling({ gateway: 'stripe', stripe: { publishableKey: stripeOptions.publishableKey } }), app: { paymentGateway: stripeGateway({ ...stripeOptions, api: stripe.api }) } });
    c = await signedInCustomer(t);
    await t.database.db.insert(paymentInformation).values({
      uid: newUid(), accountUid: c.accountUid, paymentMethodType: 'card', cardType: 'visa', lastFourDigits: '4242', expirationMonth: 12, expirationYear: 2034,
      paymentToken: 'pm_RecordedCard4444', gateway: 'stripe', customerToken: 'cus_RecordedA1b2C3', nameOnCard: 'Ada Lovelace', updated: t.clock.now(),
    });
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  it('invoices: stripe.invoices.list for the account\'s customer, paged with starting_after; PDF links are Stripe\'s', async () => {
    const res = await t.request({ method: 'GET', url: INVOICES, headers: bearer(c.primary.token) });
    expect(res.statusCode, res.body).toBe(200);
    expect(stripe.requests.at(-1)).toMatchObject({ method: 'GET', path: '/v1/invoices', params: { customer: 'cus_RecordedA1b2C3', limit: '3' } });
    expect(res.json().items[0]).toEqual({
      Uid: 'in_1RecordedInv0003', Currency: 'USD', Total: 29, CurrencyTotal: '$29.00', Status: 'open', PeriodStart: '2026-12-23T09:20:00.000Z',
      InvoicePdf: expect.stringMatching(/^https:\/\/pay\.stripe\.com\/invoice\/.+\/pdf/),
    });
    const two = await t.request({ method: 'GET', url: `${INVOICES}?limit=2`, headers: bearer(c.primary.token) });
    expect(two.json().metadata).toEqual({ limit: 2, hasMore: true });
    const next = await t.request({ method: 'GET', url: `${INVOICES}?limit=2&startingAfter=in_1RecordedInv0002`, headers: bearer(c.primary.token) });
    expect(stripe.requests.at(-1)!.params.starting_after).toBe('in_1RecordedInv0002');
    expect(next.json()).toMatchObject({ metadata: { hasMore: false }, items: [{ Uid: 'in_1RecordedInv0001' }] });
    const bad = await t.request({ method: 'GET', url: `${INVOICES}?startingAfter=in_NotOurs`, headers: bearer(c.primary.token) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().FieldErrors[0].Field).toBe('querystring.startingAfter');
    stripe.failNext('GET /v1/invoices', 500, 'error-api.json');
    const down = await t.request({ method: 'GET', url: INVOICES, headers: bearer(c.primary.token) });
    expect(down.statusCode).toBe(502);
    expect(down.json().ErrorCode).toBe('Errors.PaymentGatewayUnavailable');
  });

  it('subscriptions: every status, product names from products.list, period end from the items, newest start first', async () => {
    const res = await t.request({ method: 'GET', url: SUBSCRIPTIONS, headers: bearer(c.primary.token) });
    expect(res.statusCode, res.body).toBe(200);
    const [list, products] = stripe.requests.slice(-2);
    expect(list).toMatchObject({ method: 'GET', path: '/v1/subscriptions', params: { customer: 'cus_RecordedA1b2C3', status: 'all' } });
    expect(products).toMatchObject({ method: 'GET', path: '/v1/products' });
    expect(Object.values(products!.params).filter((v) => v.startsWith('prod_')).sort()).toEqual(['prod_RecordedPro', 'prod_RecordedSeats', 'prod_RecordedStarter']);
    expect(res.json().items).toEqual([
      {
        Uid: 'sub_1RecordedPro', Status: 'active', StartDate: '2026-11-23T09:20:00.000Z', EndDate: null,
        CurrentPeriodEnd: '2027-01-23T09:20:00.000Z', CancelAt: '2027-01-23T09:20:00.000Z',
        Items: [
          { Product: { Name: 'Pro' }, Price: { UnitAmount: 29, Currency: 'USD', Interval: 'month' }, Quantity: 1 },
          { Product: { Name: 'Extra seats' }, Price: { UnitAmount: 5, Currency: 'USD', Interval: 'month' }, Quantity: 3 },
        ],
      },
      {
        Uid: 'sub_1RecordedOld', Status: 'canceled', StartDate: '2026-08-24T09:20:00.000Z', EndDate: '2026-11-22T09:20:00.000Z',
        CurrentPeriodEnd: '2026-11-22T09:20:00.000Z', CancelAt: null,
        Items: [{ Product: { Name: 'Starter' }, Price: { UnitAmount: 9, Currency: 'USD', Interval: 'month' }, Quantity: 1 }],
      },
    ]);
  });

  it('native billing answers 409 Errors.BillingPortalUnavailable and asks no provider', async () => {
    const native = await createTestApp();
    try {
      const n = await signedInCustomer(native);
      for (const url of [INVOICES, SUBSCRIPTIONS]) {
        const res = await native.request({ method: 'GET', url, headers: bearer(n.primary.token) });
        expect(res.statusCode, url).toBe(409);
        expect(res.json().ErrorCode).toBe('Errors.BillingPortalUnavailable');
      }
    } finally {
      await native.close();
    }
  });
});
