import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyConfigSchema } from '../../config/company-config.schema.ts';
import { loadCompanyConfig } from '../../config/load-company-config.ts';
import { paymentIntents } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../testing/create-test-app.ts';
import { GatewayError, type PaymentGateway } from '../payment-gateway.ts';
import { dueNow, proDraft } from '../payments-test-helpers.ts';
import { startRecordedStripe, type RecordedStripe } from './recorded-stripe.ts';
import { stripeGateway } from './stripe-gateway.ts';

const SECRET_KEY = 'sk_test_RecordedKey123';
const WEBHOOK_SECRET = 'whsec_RecordedWebhookSecret';
const PUBLISHABLE_KEY = 'pk_test_RecordedPublishable123';

let stripe: RecordedStripe;
let gateway: PaymentGateway;
beforeAll(async () => {
  stripe = await startRecordedStripe();
  gateway = stripeGateway({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, publishableKey: PUBLISHABLE_KEY, currency: 'USD', api: stripe.api });
});
afterAll(async () => { await stripe.close(); });

const lastRequest = () => stripe.requests.at(-1)!;
const signed = (payload: string, secret = WEBHOOK_SECRET, timestamp?: number) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp ? { timestamp } : {}) });
/** A Stripe event around one object, in the recorded envelope (fixtures/event-payment-intent.json). */
const envelope = JSON.parse(readFileSync(new URL('./fixtures/event-payment-intent.json', import.meta.url), 'utf8')) as Record<string, unknown>;
const eventBody = (object: Record<string, unknown>, type: string) => JSON.stringify({ ...envelope, data: { object }, type });

describe('the Stripe gateway against recorded Stripe responses', () => {
  it('a sign-up payment: a customer with the email, then a manual-capture intent saving the card for off-session use', async () => {
    const intent = await gateway.createIntent({ kind: 'payment', amountMinor: 12800, currency: 'USD', email: 'ada@example.com', idempotencyKey: 'idem-signup-1', captureManually: true });
    const [customer, create] = stripe.requests.slice(-2);
    expect(customer).toMatchObject({ method: 'POST', path: '/v1/customers', params: { email: 'ada@example.com' } });
    expect(customer!.headers['idempotency-key']).toBe('idem-signup-1:customer');
    expect(create).toMatchObject({ method: 'POST', path: '/v1/payment_intents' });
    expect(create!.params).toMatchObject({
      amount: '12800', currency: 'usd', customer: intent.customerToken, setup_future_usage: 'off_session', capture_method: 'manual',
      'automatic_payment_methods[enabled]': 'true', 'expand[0]': 'payment_method',
    });
    expect(create!.headers['idempotency-key']).toBe('idem-signup-1');
    expect(create!.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(create!.headers['stripe-version']).toMatch(/^\d{4}-\d{2}-\d{2}/);
    expect(intent).toMatchObject({
      kind: 'payment', status: 'requires_payment_method', amountMinor: 12800, currency: 'USD', captureMethod: 'manual',
      clientSecret: expect.stringMatching(/^pi_\w+_secret_\w+$/), paymentMethod: null, lastError: null,
    });
  });

  it('zero-decimal currencies go to Stripe as they are: 5000 yen is amount=5000', async () => {
    const intent = await gateway.createIntent({ kind: 'payment', amountMinor: 5000, currency: 'JPY', customerToken: 'cus_Existing', idempotencyKey: 'idem-jpy' });
    expect(lastRequest().params).toMatchObject({ amount: '5000', currency: 'jpy', customer: 'cus_Existing', capture_method: 'automatic' });
    expect(intent).toMatchObject({ amountMinor: 5000, currency: 'JPY' });
    // An existing customer is not created again.
    expect(stripe.requests.filter((r) => r.headers['idempotency-key'] === 'idem-jpy:customer')).toEqual([]);
  });

  it('a setup intent (off_session), read back by its seti_ id with the card expanded', async () => {
    const setup = await gateway.createIntent({ kind: 'setup', amountMinor: 0, currency: 'USD', customerToken: 'cus_Existing', idempotencyKey: 'idem-setup' });
    expect(lastRequest()).toMatchObject({ path: '/v1/setup_intents', params: { customer: 'cus_Existing', usage: 'off_session' } });
    expect(setup).toMatchObject({ kind: 'setup', amountMinor: 0, currency: 'USD' });
    stripe.update(setup.id, { status: 'succeeded', payment_method: 'pm_RecordedCard4444' });
    const read = await gateway.retrieveIntent(setup.id);
    expect(lastRequest()).toMatchObject({ method: 'GET', path: `/v1/setup_intents/${setup.id}` });
    expect(read).toMatchObject({
      status: 'succeeded',
      paymentMethod: { token: 'pm_RecordedCard4444', type: 'card', cardType: 'mast', last4: '4444', expMonth: 8, expYear: 2031, nameOnCard: 'Ada Lovelace' },
    });
  });

  it('captures an authorization, cancels another, and reports Stripe\'s refusal to cancel a paid one', async () => {
    const a = await gateway.createIntent({ kind: 'payment', amountMinor: 999, currency: 'USD', customerToken: 'cus_X', idempotencyKey: 'a', captureManually: true });
    stripe.update(a.id, { status: 'requires_capture', payment_method: 'pm_RecordedCard4444', amount_capturable: 999 });
    expect((await gateway.captureIntent(a.id)).status).toBe('succeeded');
    expect(lastRequest().path).toBe(`/v1/payment_intents/${a.id}/capture`);
    const err = await gateway.cancelIntent(a.id).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GatewayError);
    expect(err).toMatchObject({ kind: 'invalid', message: expect.stringContaining('status of succeeded') });
    const b = await gateway.createIntent({ kind: 'payment', amountMinor: 999, currency: 'USD', customerToken: 'cus_X', idempotencyKey: 'b' });
    expect((await gateway.cancelIntent(b.id)).status).toBe('canceled');
  });

  it('maps Stripe\'s errors: a declined card keeps its message, a missing object is not_found, an outage is unavailable', async () => {
    stripe.failNext('POST /v1/payment_intents', 402, 'error-card-declined.json');
    await expect(gateway.createIntent({ kind: 'payment', amountMinor: 100, currency: 'USD', customerToken: 'cus_X', idempotencyKey: 'c' }))
      .rejects.toMatchObject({ kind: 'declined', message: 'Your card was declined.', providerCode: 'generic_decline' });
    await expect(gateway.retrieveIntent('pi_3Missing')).rejects.toMatchObject({ kind: 'not_found' });
    stripe.failNext('GET /v1/payment_intents/pi_3Any', 500, 'error-api.json');
    await expect(gateway.retrieveIntent('pi_3Any')).rejects.toMatchObject({ kind: 'unavailable' });
  });

  it('an off-session charge of a saved card: confirmed in the create, authorized with manual capture, under the caller\'s idempotency key', async () => {
    const intent = await gateway.chargeSavedMethod({
      customerToken: 'cus_Saved', paymentMethodToken: 'pm_RecordedCard01', amountMinor: 4120, currency: 'USD', idempotencyKey: 'plan-change:abc', captureManually: true,
    });
    const create = lastRequest();
    expect(create).toMatchObject({ method: 'POST', path: '/v1/payment_intents' });
    expect(create.params).toMatchObject({
      amount: '4120', currency: 'usd', customer: 'cus_Saved', payment_method: 'pm_RecordedCard01', confirm: 'true', off_session: 'true', capture_method: 'manual',
    });
    expect(create.headers['idempotency-key']).toBe('plan-change:abc');
    expect(intent).toMatchObject({ status: 'requires_capture', amountMinor: 4120, customerToken: 'cus_Saved', paymentMethod: { token: 'pm_RecordedCard01' } });
  });

  it('an off-session charge the bank wants authenticated is requires_action with the intent\'s client secret; a decline keeps Stripe\'s message', async () => {
    stripe.failNext('POST /v1/payment_intents', 402, 'error-authentication-required.json');
    const intent = await gateway.chargeSavedMethod({
      customerToken: 'cus_RecordedA1b2C3', paymentMethodToken: 'pm_RecordedCard01', amountMinor: 4120, currency: 'USD', idempotencyKey: 'plan-change:auth', captureManually: true,
    });
    expect(intent).toMatchObject({ id: 'pi_3RecordedOffSession01', status: 'requires_action', clientSecret: 'pi_3RecordedOffSession01_secret_Hn4Jk6Lm8Np0Qr2St4Uv', amountMinor: 4120 });
    stripe.failNext('POST /v1/payment_intents', 402, 'error-card-declined.json');
    await expect(gateway.chargeSavedMethod({
      customerToken: 'cus_X', paymentMethodToken: 'pm_RecordedCard01', amountMinor: 4120, currency: 'USD', idempotencyKey: 'plan-change:declined', captureManually: true,
    })).rejects.toMatchObject({ kind: 'declined', message: 'Your card was declined.' });
  });

  it('detaching a card Stripe no longer has is not an error', async () => {
    await gateway.detachPaymentMethod('pm_RecordedCard4444');
    expect(lastRequest().path).toBe('/v1/payment_methods/pm_RecordedCard4444/detach');
    await expect(gateway.detachPaymentMethod('pm_Gone')).resolves.toBeUndefined();
  });

  it('a customer portal session for a customer, returning to the given page; a customer Stripe does not have is not_found', async () => {
    const session = await gateway.createPortalSession!('cus_RecordedA1b2C3', 'http://localhost:3000/account');
    expect(lastRequest()).toMatchObject({ method: 'POST', path: '/v1/billing_portal/sessions', params: { customer: 'cus_RecordedA1b2C3', return_url: 'http://localhost:3000/account' } });
    expect(lastRequest().headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(session).toEqual({ url: expect.stringMatching(/^https:\/\/billing\.stripe\.com\/p\/session\/test_\w+$/) });
    await expect(gateway.createPortalSession!('cus_MissingGone', 'http://localhost:3000/')).rejects.toMatchObject({ kind: 'not_found' });
    stripe.failNext('POST /v1/billing_portal/sessions', 500, 'error-api.json');
    await expect(gateway.createPortalSession!('cus_RecordedA1b2C3', 'http://localhost:3000/')).rejects.toMatchObject({ kind: 'unavailable' });
  });

  it('an off-session decline carries Stripe\'s decline_code as the provider code (dunning tells hard from soft by it, issue 17)', async () => {
    stripe.failNext('POST /v1/payment_intents', 402, 'error-card-declined.json');
    await expect(gateway.chargeSavedMethod({
      customerToken: 'cus_Saved', paymentMethodToken: 'pm_RecordedCard01', amountMinor: 4120, currency: 'USD', idempotencyKey: 'invoice:x:attempt:1', captureManually: false,
    })).rejects.toMatchObject({ kind: 'declined', message: 'Your card was declined.', providerCode: 'generic_decline' });
  });

  it('an unreachable Stripe is unavailable, not a crash', async () => {
    const offline = stripeGateway({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, publishableKey: PUBLISHABLE_KEY, currency: 'USD', api: { host: '127.0.0.1', port: 1, protocol: 'http' } });
    await expect(offline.retrieveIntent('pi_1')).rejects.toMatchObject({ kind: 'unavailable' });
  }, 20_000);
});

describe('Stripe webhook signatures (stripe.webhooks.constructEvent over the raw body)', () => {
  const payload = eventBody({ id: 'pi_3X', object: 'payment_intent', status: 'succeeded', amount: 100, currency: 'usd', customer: 'cus_X', capture_method: 'manual', client_secret: 'pi_3X_secret_y', last_payment_error: null, payment_method: 'pm_1' }, 'payment_intent.succeeded');

  it('a correctly signed event is read', () => {
    const event = gateway.parseWebhook(Buffer.from(payload), { 'stripe-signature': signed(payload) });
    expect(event).toEqual({ id: 'evt_3RecordedEvent01', type: 'payment_intent.succeeded', intent: { id: 'pi_3X', kind: 'payment', status: 'succeeded', lastError: null } });
  });

  it('refuses another secret, a changed body, an old timestamp and a missing header', () => {
    const attempts: [string, Record<string, string>][] = [
      [payload, { 'stripe-signature': signed(payload, 'whsec_other') }],
      [payload.replace('succeeded', 'canceled'), { 'stripe-signature': signed(payload) }],
      [payload, { 'stripe-signature': signed(payload, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600) }],
      [payload, {}],
    ];
    for (const [body, headers] of attempts) expect(() => gateway.parseWebhook(Buffer.from(body), headers)).toThrow(expect.objectContaining({ kind: 'signature' }));
  });
});

describe('Portico on Stripe (routes over the recorded API)', () => {
  let t: TestApp;
  beforeAll(async () => {
    const config = companyConfigSchema.parse({ ...loadCompanyConfig(), payments: { gateway: 'stripe', stripe: { publishableKey: PUBLISHABLE_KEY } } });
    t = await createTestApp({ config, app: { paymentGateway: gateway } });
  });
  afterAll(async () => { await t.close(); });

  it('the widget is told to load Stripe, and the sandbox is not served', async () => {
    expect((await t.request({ method: 'GET', url: '/api/v1/billing/paymentinformation/configuration' })).json())
      .toMatchObject({ Gateway: 'stripe', PublishableKey: PUBLISHABLE_KEY, ScriptUrl: null });
    expect((await t.request({ method: 'GET', url: '/api/v1/widgets/auth/init' })).json().PaymentSettings)
      .toMatchObject({ GatewayActivationStatus: 'StripeEnabled', PublishableKey: PUBLISHABLE_KEY });
    expect((await t.request({ method: 'GET', url: '/js/v1' })).statusCode).toBe(404);
    expect((await t.request({ method: 'POST', url: '/sandbox/v1/tokens', payload: {} })).statusCode).toBe(404);
  });

  it('a sign-up intent asks Stripe for exactly the server\'s due-now amount, in cents', async () => {
    const draft = proDraft({ BillingRenewalTerm: 'Yearly' });
    const expected = await dueNow(t, draft);
    const res = await t.request({ method: 'POST', url: '/api/v1/billing/paymentinformation/intent?intentType=payment', payload: { Subscription: draft, Email: 'grace@example.com' }, headers: { 'idempotency-key': 'widget-key-123' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(lastRequest().params).toMatchObject({ amount: String(Math.round(expected * 100)), currency: 'usd', capture_method: 'manual' });
    expect(lastRequest().headers['idempotency-key']).toMatch(/^widget-key-123:signup:[0-9a-f]{64}:\d+$/);
    expect(res.json()).toMatchObject({ OutstandingAmount: expected, IsSetupIntent: false, CustomerToken: expect.stringMatching(/^cus_Recorded/) });
  });

  it('a signed webhook updates our record of the intent; a forged one is a 400 and changes nothing', async () => {
    const intent = (await t.request({ method: 'POST', url: '/api/v1/billing/paymentinformation/intent', payload: { Subscription: proDraft() } })).json();
    const id = intent.ClientSecret.split('_secret_')[0];
    const body = eventBody({ id, object: 'payment_intent', status: 'requires_capture', amount: 12800, currency: 'usd', customer: intent.CustomerToken, capture_method: 'manual', client_secret: intent.ClientSecret, last_payment_error: null, payment_method: 'pm_RecordedCard4444' }, 'payment_intent.amount_capturable_updated');
    const row = async () => (await t.database.db.select().from(paymentIntents).where(eq(paymentIntents.gatewayIntentId, id)))[0]!;
    const send = (signature: string) => t.request({ method: 'POST', url: '/api/v1/webhooks/stripe', payload: body, headers: { 'content-type': 'application/json', 'stripe-signature': signature } });

    const forged = await send(signed(body, 'whsec_attacker'));
    expect(forged.statusCode).toBe(400);
    expect(forged.json().ErrorCode).toBe('Errors.ValidationFailed');
    expect((await row()).status).toBe('requires_payment_method');

    const good = await send(signed(body));
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json()).toEqual({ received: true });
    expect((await row()).status).toBe('requires_capture');
    // A replay is acknowledged and changes nothing further.
    expect((await send(signed(body))).statusCode).toBe(200);
  });
});
