import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyConfigSchema } from '../config/company-config.schema.ts';
import { loadCompanyConfig } from '../config/load-company-config.ts';
import { paymentInformation } from '../db/schema.ts';
import { newUid } from '../ids/new-uid.ts';
import { createTestApp, TEST_ADMIN_KEY, type TestApp } from '../testing/create-test-app.ts';
import { bearer, signedInCustomer, type TestCustomer } from '../testing/signed-in-test-helpers.ts';
import { startRecordedStripe, type RecordedStripe } from './stripe/recorded-stripe.ts';
import { stripeGateway } from './stripe/stripe-gateway.ts';

/**
 * POST /billing/stripe/portal/sessions (spec 2 sections 2 and 9) on a company whose billing is
 * Stripe's, over the recorded Stripe API (stripe/recorded-stripe.ts); and its refusal where the
 * billing is native. The access rule for every caller is also in http/access-control.matrix.test.ts.
 */
const PATH = '/api/v1/billing/stripe/portal/sessions';
const SITE_PAGE = 'http://localhost:3000/account?tab=billing';
const url = (accountUid: string, returnUrl = SITE_PAGE) => `${PATH}?accountUid=${accountUid}&returnUrl=${encodeURIComponent(returnUrl)}`;
const stripeOptions = { secretKey: 'sk_test_RecordedKey123', webhookSecret: 'whsec_RecordedWebhookSecret', publishableKey: 'pk_test_RecordedPublishable123', currency: 'USD' };

/** The account's saved card at Stripe, on the Stripe customer the portal opens for (as a completed save leaves it). */
async function saveStripeCustomer(t: TestApp, accountUid: string, customerToken: string): Promise<void> {
  await t.database.db.insert(paymentInformation).values({
    uid: newUid(), accountUid, paymentMethodType: 'card', cardType: 'visa', lastFourDigits: '4242', expirationMonth: 12, expirationYear: 2034,
    paymentToken: 'pm_RecordedCard4444', gateway: 'stripe', customerToken, nameOnCard: 'Ada Lovelace', updated: t.clock.now(),
  });
}

describe('the billing portal where billing is Stripe\'s', () => {
  let stripe: RecordedStripe;
  let t: TestApp;
  let owner: TestCustomer & { member: NonNullable<TestCustomer['member']> };
  let other: TestCustomer;
  beforeAll(async () => {
    stripe = await startRecordedStripe();
    const config = companyConfigSchema.parse({
      ...loadCompanyConfig(), billing: { ...loadCompanyConfig().billing, system: 'Stripe' }, payments: { gateway: 'stripe', stripe: { publishableKey: stripeOptions.publishableKey } },
    });
    t = await createTestApp({ config, app: { paymentGateway: stripeGateway({ ...stripeOptions, api: stripe.api }) } });
    owner = await signedInCustomer(t, { member: true }) as typeof owner;
    other = await signedInCustomer(t);
    await saveStripeCustomer(t, owner.accountUid, 'cus_RecordedPortalOwner');
    await saveStripeCustomer(t, other.accountUid, 'cus_RecordedPortalOther');
  });
  afterAll(async () => {
    await t.close();
    await stripe.close();
  });

  it('the primary contact gets the portal session Stripe made for the account\'s customer, returning to the page', async () => {
    const res = await t.request({ method: 'POST', url: url(owner.accountUid), headers: bearer(owner.primary.token) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ Url: expect.stringMatching(/^https:\/\/billing\.stripe\.com\/p\/session\/test_\w+$/) });
    const sent = stripe.requests.at(-1)!;
    expect(sent).toMatchObject({ method: 'POST', path: '/v1/billing_portal/sessions', params: { customer: 'cus_RecordedPortalOwner', return_url: SITE_PAGE } });
    expect(sent.headers.authorization).toBe(`Bearer ${stripeOptions.secretKey}`);
  });

  it('no token is 401; the admin key is not a person (401); a member is 403; another account\'s uid is 404; Stripe is not asked', async () => {
    const before = stripe.requests.length;
    const anonymous = await t.request({ method: 'POST', url: url(owner.accountUid) });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().ErrorCode).toBe('Errors.Unauthorized');
    expect((await t.request({ method: 'POST', url: url(owner.accountUid), headers: { authorization: `Bearer ${TEST_ADMIN_KEY}` } })).statusCode).toBe(401);
    const member = await t.request({ method: 'POST', url: url(owner.accountUid), headers: bearer(owner.member.token) });
    expect(member.statusCode).toBe(403);
    expect(member.json().ErrorCode).toBe('Errors.Forbidden');
    const otherAccount = await t.request({ method: 'POST', url: url(other.accountUid), headers: bearer(owner.primary.token) });
    expect(otherAccount.statusCode).toBe(404);
    expect(otherAccount.json()).toMatchObject({ ErrorCode: 'Errors.NotFound', Message: 'Account not found.' });
    expect(stripe.requests.length).toBe(before);
  });

  it('a returnUrl off the company\'s sites (or not http) is a 400 naming it, and Stripe is not asked', async () => {
    const before = stripe.requests.length;
    for (const bad of ['https://evil.example/phish', 'javascript:alert(1)', 'not a url', 'http://localhost:3001/']) {
      const res = await t.request({ method: 'POST', url: url(owner.accountUid, bad), headers: bearer(owner.primary.token) });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({ ErrorCode: 'Errors.ValidationFailed', FieldErrors: [{ Field: 'querystring.returnUrl', ErrorCode: 'Errors.InvalidValue' }] });
    }
    const missing = await t.request({ method: 'POST', url: `${PATH}?accountUid=${owner.accountUid}`, headers: bearer(owner.primary.token) });
    expect(missing.statusCode).toBe(400);
    expect(stripe.requests.length).toBe(before);
  });

  it('an account with no Stripe customer yet is 409 Errors.BillingPortalUnavailable; so is a customer Stripe no longer has', async () => {
    const fresh = await signedInCustomer(t);
    const none = await t.request({ method: 'POST', url: url(fresh.accountUid), headers: bearer(fresh.primary.token) });
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ Status: 409, ErrorCode: 'Errors.BillingPortalUnavailable', FieldErrors: [] });
    await saveStripeCustomer(t, fresh.accountUid, 'cus_MissingAtStripe');
    const lost = await t.request({ method: 'POST', url: url(fresh.accountUid), headers: bearer(fresh.primary.token) });
    expect(lost.statusCode).toBe(409);
    expect(lost.json()).toMatchObject({ ErrorCode: 'Errors.BillingPortalUnavailable', Message: expect.stringContaining('no longer') });
    expect(stripe.requests.at(-1)).toMatchObject({ path: '/v1/billing_portal/sessions', params: { customer: 'cus_MissingAtStripe' } });
  });
});

describe('the billing portal where billing is native', () => {
  let stripe: RecordedStripe;
  const apps: TestApp[] = [];
  beforeAll(async () => { stripe = await startRecordedStripe(); });
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.close()));
    await stripe.close();
  });

  it('refuses with 409 Errors.BillingPortalUnavailable: native billing on the Stripe gateway, and the sandbox', async () => {
    const nativeOnStripe = companyConfigSchema.parse({ ...loadCompanyConfig(), payments: { gateway: 'stripe', stripe: { publishableKey: stripeOptions.publishableKey } } });
    expect(nativeOnStripe.billing.system).toBe('Native');
    apps.push(await createTestApp({ config: nativeOnStripe, app: { paymentGateway: stripeGateway({ ...stripeOptions, api: stripe.api }) } }));
    apps.push(await createTestApp());
    for (const t of apps) {
      const c = await signedInCustomer(t);
      await saveStripeCustomer(t, c.accountUid, 'cus_RecordedNative');
      const res = await t.request({ method: 'POST', url: url(c.accountUid), headers: bearer(c.primary.token) });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ Status: 409, ErrorCode: 'Errors.BillingPortalUnavailable', Message: expect.stringContaining('billing') });
    }
    expect(stripe.requests).toEqual([]);
  });
});
