import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ADMIN_KEY, type TestApp } from '../testing/create-test-app.ts';
import { importCustomer } from '../billing/billing-test-helpers.ts';
import { invoicesRepository } from '../billing/invoices.repository.ts';
import { invoices, paymentIntents } from '../db/schema.ts';
import { CARDS, cardToken, confirm, dueNow, pay, proDraft, signupIntent } from './payments-test-helpers.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const BASE = '/api/v1/billing/paymentinformation';
const admin = { authorization: `Bearer ${TEST_ADMIN_KEY}` };
const intentRow = async (clientSecret: string) => {
  const [row] = await t.database.db.select().from(paymentIntents).where(eq(paymentIntents.gatewayIntentId, clientSecret.split('_secret_')[0]!));
  return row!;
};

describe('GET /billing/paymentinformation/configuration', () => {
  it('tells the widget which gateway to load, with no secret in it', async () => {
    const res = await t.request({ method: 'GET', url: `${BASE}/configuration` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ Gateway: 'sandbox', PublishableKey: 'pk_sandbox_northwind', ScriptUrl: '/js/v1', Currency: 'USD', PaymentsMode: 'automatic', TaxEnabled: true });
  });

  it('is what the startup settings announce', async () => {
    const init = (await t.request({ method: 'GET', url: '/api/v1/widgets/auth/init' })).json();
    expect(init.PaymentSettings).toMatchObject({ GatewayActivationStatus: 'SandboxEnabled', PublishableKey: 'pk_sandbox_northwind' });
  });
});

describe('POST /billing/paymentinformation/intent at sign-up (public)', () => {
  it('prices the draft itself: the intent is for the charge summary\'s due-now total, whatever the client adds', async () => {
    const draft = proDraft({ SubscriptionAddOns: [{ AddOn: { Uid: 'addon-onboarding' }, Quantity: 1 }] });
    const expected = await dueNow(t, draft);
    expect(expected).toBeGreaterThan(0);
    const res = await t.request({ method: 'POST', url: `${BASE}/intent?intentType=payment`, payload: { Subscription: draft, Email: 'ada@example.com', OutstandingAmount: 0.5, Amount: 1 } });
    expect(res.statusCode, res.body).toBe(200);
    const intent = res.json();
    expect(intent).toMatchObject({ IsSetupIntent: false, IsPaymentAuthentication: false, OutstandingAmount: expected, Currency: 'USD', Email: 'ada@example.com', PaymentToken: null });
    expect(intent.ClientSecret).toMatch(/^pi_sbx_[0-9a-f]+_secret_[0-9a-f]+$/);
    expect(intent.CustomerToken).toMatch(/^cus_sbx_/);
    const row = await intentRow(intent.ClientSecret);
    expect(row).toMatchObject({ gateway: 'sandbox', kind: 'payment', amount: Math.round(expected * 100), currency: 'USD', accountUid: null, consumed: null, status: 'requires_payment_method' });
    expect(row.purpose).toMatch(/^signup:[0-9a-f]{64}$/);
  });

  it('a draft with nothing due now (a trial) gets a setup intent', async () => {
    const intent = await signupIntent(t, { Subscription: { Plan: { Uid: 'plan-starter' }, BillingRenewalTerm: 'Monthly', Quantity: 1 } });
    expect(intent).toMatchObject({ IsSetupIntent: true, OutstandingAmount: 0 });
    expect(intent.ClientSecret).toMatch(/^seti_sbx_/);
  });

  it('keeps the widget\'s intent while the draft is unchanged, and replaces (cancelling) it when the amount changes', async () => {
    const first = await signupIntent(t, { Subscription: proDraft() });
    const again = await signupIntent(t, { Subscription: proDraft(), ClientSecret: first.ClientSecret });
    expect(again.ClientSecret).toBe(first.ClientSecret);
    const changed = await signupIntent(t, { Subscription: proDraft({ BillingRenewalTerm: 'Yearly' }), ClientSecret: first.ClientSecret });
    expect(changed.ClientSecret).not.toBe(first.ClientSecret);
    expect(changed.OutstandingAmount).toBe(await dueNow(t, proDraft({ BillingRenewalTerm: 'Yearly' })));
    expect(changed.CustomerToken).toBe(first.CustomerToken);
    expect((await intentRow(first.ClientSecret)).status).toBe('canceled');
    const view = (await t.request({ method: 'GET', url: `/sandbox/v1/intents?client_secret=${first.ClientSecret}` })).json();
    expect(view.status).toBe('canceled');
  });

  it('refuses what it cannot price: no draft, an auth intent without an account, a bad draft', async () => {
    const noDraft = await t.request({ method: 'POST', url: `${BASE}/intent?intentType=payment`, payload: {} });
    expect(noDraft.statusCode).toBe(400);
    expect(noDraft.json().FieldErrors[0]).toMatchObject({ Field: 'Subscription', ErrorCode: 'Errors.Required' });
    const auth = await t.request({ method: 'POST', url: `${BASE}/intent?intentType=auth`, payload: { Subscription: proDraft() } });
    expect(auth.json().FieldErrors[0]).toMatchObject({ Field: 'querystring.intentType' });
    const unknownPlan = await t.request({ method: 'POST', url: `${BASE}/intent`, payload: { Subscription: proDraft({ Plan: { Uid: 'plan-nope' } }) } });
    expect(unknownPlan.statusCode).toBe(404);
    expect(unknownPlan.json().ErrorCode).toBe('Errors.PlanNotFound');
  });

  it('bad input is a 400 before any intent exists: NUL, huge numbers, odd secrets, unknown intent types', async () => {
    const before = (await t.database.db.select().from(paymentIntents)).length;
    for (const payload of [
      { Subscription: proDraft({ Plan: { Uid: 'plan-pro\u0000' } }) },
      { Subscription: proDraft({ Quantity: 1e308 }) },
      { Subscription: proDraft({ Quantity: 2 ** 53 }) },
      { Subscription: proDraft(), ClientSecret: 'pi_x_secret_y; drop table' },
      { Subscription: proDraft(), Email: 'not-an-email' },
    ]) {
      const res = await t.request({ method: 'POST', url: `${BASE}/intent`, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await t.request({ method: 'POST', url: `${BASE}/intent?intentType=refund`, payload: { Subscription: proDraft() } })).statusCode).toBe(400);
    expect((await t.database.db.select().from(paymentIntents)).length).toBe(before);
  });

  it('an existing account\'s intent needs the admin key (until login), and pays its open invoices', async () => {
    const account = await importCustomer(t);
    const url = `${BASE}/intent?intentType=auth&accountUid=${account.Uid}`;
    expect((await t.request({ method: 'POST', url, payload: {} })).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url, payload: {}, headers: { authorization: 'Bearer wrong-key-0123456789' } })).statusCode).toBe(401);
    // Nothing owed: a setup intent to (re)save a card.
    const nothingOwed = await t.request({ method: 'POST', url, payload: {}, headers: admin });
    expect(nothingOwed.json()).toMatchObject({ IsSetupIntent: true, IsPaymentAuthentication: false, OutstandingAmount: 0 });
    await invoicesRepository(t.database.db).insert({
      uid: `inv-${account.Uid}`, accountUid: account.Uid, invoiceDate: new Date('2026-11-01T00:00:00Z'), currency: 'USD',
      subtotal: 2900, tax: 0, total: 2900, subscriptionUid: null, taxBehavior: null, status: 'Open', lines: [] });
    const owed = await t.request({ method: 'POST', url, payload: {}, headers: admin });
    expect(owed.json()).toMatchObject({ IsSetupIntent: false, IsPaymentAuthentication: true, OutstandingAmount: 29 });
    const amount = await t.request({ method: 'GET', url: `${BASE}/stripe/intent-amount?accountUid=${account.Uid}&intentType=auto`, headers: admin });
    expect(amount.json()).toEqual({ OutstandingAmount: 29, InvoiceUid: `inv-${account.Uid}` });

    // Paying it and saving (mode authenticate) books the payment on the invoice.
    await pay(t, owed.json().ClientSecret);
    const saved = await t.request({ method: 'POST', url: BASE, headers: admin, payload: { PaymentClientSecret: owed.json().ClientSecret, mode: 'authenticate', Account: { Uid: account.Uid } } });
    expect(saved.statusCode, saved.body).toBe(200);
    const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.uid, `inv-${account.Uid}`));
    expect(invoice).toMatchObject({ amountPaid: 2900, status: 'Paid' });
    expect((await t.request({ method: 'GET', url: `${BASE}/stripe/intent-amount?accountUid=${account.Uid}`, headers: admin })).json().OutstandingAmount).toBe(0);
  });

  it('an unknown account is a 404 for the admin', async () => {
    const res = await t.request({ method: 'POST', url: `${BASE}/intent?intentType=setup&accountUid=nosuchaccount`, payload: {}, headers: admin });
    expect(res.statusCode).toBe(404);
  });
});

describe('POST /billing/paymentinformation/stripe/cancel-intent', () => {
  it('cancels a sign-up payment intent with only its client secret; a setup intent is left as it is', async () => {
    const intent = await signupIntent(t, { Subscription: proDraft() });
    await pay(t, intent.ClientSecret);
    const res = await t.request({ method: 'POST', url: `${BASE}/stripe/cancel-intent`, payload: { ClientSecret: intent.ClientSecret } });
    expect(res.json()).toEqual({ Canceled: true, Status: 'canceled' });
    expect((await intentRow(intent.ClientSecret)).status).toBe('canceled');
    // Cancelling twice is harmless.
    expect((await t.request({ method: 'POST', url: `${BASE}/stripe/cancel-intent`, payload: { ClientSecret: intent.ClientSecret } })).json().Canceled).toBe(true);

    const setup = await signupIntent(t, { Subscription: proDraft() }, 'setup');
    const kept = await t.request({ method: 'POST', url: `${BASE}/stripe/cancel-intent`, payload: { ClientSecret: setup.ClientSecret } });
    expect(kept.json()).toEqual({ Canceled: false, Status: 'requires_payment_method' });
  });

  it('a guessed secret (right intent id, wrong secret) is a 404 and cancels nothing', async () => {
    const intent = await signupIntent(t, { Subscription: proDraft() });
    const forged = `${intent.ClientSecret.split('_secret_')[0]}_secret_${'0'.repeat(32)}`;
    const res = await t.request({ method: 'POST', url: `${BASE}/stripe/cancel-intent`, payload: { ClientSecret: forged } });
    expect(res.statusCode).toBe(404);
    expect(res.json().ErrorCode).toBe('Errors.PaymentIntentNotFound');
    expect((await intentRow(intent.ClientSecret)).status).toBe('requires_payment_method');
  });

  it('an account\'s intent needs the admin key to cancel', async () => {
    const account = await importCustomer(t);
    const setup = await t.request({ method: 'POST', url: `${BASE}/stripe/setup-intent?accountUid=${account.Uid}`, payload: {}, headers: admin });
    const res = await t.request({ method: 'POST', url: `${BASE}/stripe/cancel-intent`, payload: { ClientSecret: setup.json().ClientSecret } });
    expect(res.statusCode).toBe(401);
  });
});

describe('saving, reading and removing an account\'s payment method (admin key until login)', () => {
  it('setup-intent, card confirmed at the gateway, POST saves what the gateway says; the intent cannot be used twice', async () => {
    // On the free plan: the only card of a plan with a payment to come is kept (invoices.routes.test.ts).
    const account = await importCustomer(t, { Subscription: { Plan: { Uid: 'plan-free' } } });
    const setup = await t.request({ method: 'POST', url: `${BASE}/stripe/setup-intent?accountUid=${account.Uid}`, payload: {}, headers: admin });
    expect(setup.statusCode, setup.body).toBe(200);
    const intent = setup.json();
    expect(intent.IsSetupIntent).toBe(true);
    const token = await cardToken(t, CARDS.visa, { name_on_card: 'Grace Hopper' });
    expect((await confirm(t, intent.ClientSecret, token)).statusCode).toBe(200);

    const body = { CustomerToken: intent.CustomerToken, PaymentClientSecret: intent.ClientSecret, PaymentToken: token, mode: 'enter', Account: { Uid: account.Uid } };
    expect((await t.request({ method: 'POST', url: BASE, payload: body })).statusCode).toBe(401);
    const saved = await t.request({ method: 'POST', url: BASE, payload: body, headers: admin });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      PaymentMethodType: 'card', CardType: 'visa', LastFourDigits: '4242', ExpirationMonth: 12, ExpirationYear: 2034,
      NameOnCard: 'Grace Hopper', PaymentToken: token, CustomerToken: intent.CustomerToken, Gateway: 'sandbox', LatestFailureDateTime: null,
    });
    const again = await t.request({ method: 'POST', url: BASE, payload: body, headers: admin });
    expect(again.statusCode).toBe(409);
    expect(again.json().ErrorCode).toBe('Errors.PaymentIntentUsed');

    const list = await t.request({ method: 'GET', url: `${BASE}?accountUid=${account.Uid}`, headers: admin });
    expect(list.json()).toMatchObject({ metadata: { total: 1 }, items: [{ Uid: saved.json().Uid, LastFourDigits: '4242' }] });

    // A failed setup later marks the saved method (spec's LatestFailureDateTime).
    const sf = await t.request({ method: 'POST', url: `${BASE}/stripe/sf`, payload: { Account: { Uid: account.Uid } }, headers: admin });
    expect(sf.json().LatestFailureDateTime).toEqual(expect.any(String));
    expect((await t.request({ method: 'POST', url: `${BASE}/stripe/sf`, payload: { Account: { Uid: account.Uid } } })).statusCode).toBe(401);

    // A new method replaces the old one and clears the failure.
    const next = (await t.request({ method: 'POST', url: `${BASE}/stripe/setup-intent?accountUid=${account.Uid}`, payload: {}, headers: admin })).json();
    expect(next.CustomerToken).toBe(intent.CustomerToken);
    await pay(t, next.ClientSecret, CARDS.visa);
    await t.request({ method: 'POST', url: BASE, payload: { PaymentClientSecret: next.ClientSecret, Account: { Uid: account.Uid } }, headers: admin });
    const after = (await t.request({ method: 'GET', url: `${BASE}?accountUid=${account.Uid}`, headers: admin })).json();
    expect(after.items).toHaveLength(1);
    expect(after.items[0]).toMatchObject({ LatestFailureDateTime: null, PaymentToken: expect.not.stringMatching(token) });

    const del = await t.request({ method: 'DELETE', url: `/api/v1/billing/paymentInformation/${after.items[0].Uid}`, headers: admin });
    expect(del.statusCode).toBe(204);
    expect((await t.request({ method: 'GET', url: `${BASE}?accountUid=${account.Uid}`, headers: admin })).json().items).toEqual([]);
    expect((await t.request({ method: 'DELETE', url: `/api/v1/billing/paymentInformation/${after.items[0].Uid}`, headers: admin })).statusCode).toBe(404);
  });

  it('refuses an intent that is not completed, is another account\'s, or names another customer or method', async () => {
    const a = await importCustomer(t);
    const b = await importCustomer(t);
    const intent = (await t.request({ method: 'POST', url: `${BASE}/stripe/setup-intent?accountUid=${a.Uid}`, payload: {}, headers: admin })).json();
    const save = (payload: Record<string, unknown>) => t.request({ method: 'POST', url: BASE, headers: admin, payload: { PaymentClientSecret: intent.ClientSecret, Account: { Uid: a.Uid }, ...payload } });

    const declined = await confirm(t, intent.ClientSecret, await cardToken(t, CARDS.declined));
    expect(declined.statusCode).toBe(402);
    const notDone = await save({});
    expect(notDone.statusCode).toBe(400);
    expect(notDone.json()).toMatchObject({ ErrorCode: 'Errors.PaymentInformationSetupFailed', Message: 'Your card was declined.' });

    await pay(t, intent.ClientSecret);
    expect((await save({ Account: { Uid: b.Uid } })).json().ErrorCode).toBe('Errors.PaymentIntentNotFound');
    expect((await save({ CustomerToken: 'cus_sbx_someone' })).json().FieldErrors[0].Field).toBe('CustomerToken');
    expect((await save({ PaymentToken: 'pm_sbx_other' })).json().FieldErrors[0].Field).toBe('PaymentToken');
    expect((await save({ PaymentClientSecret: 'pi_sbx_0_secret_0000000000' })).statusCode).toBe(404);
    expect((await save({ mode: 'steal' })).statusCode).toBe(400);
    expect((await save({})).statusCode).toBe(200);
  });

  it('sf at sign-up records nothing and needs no key', async () => {
    const intent = await signupIntent(t, { Subscription: proDraft() });
    const res = await t.request({ method: 'POST', url: `${BASE}/stripe/sf`, payload: { ClientSecret: intent.ClientSecret } });
    expect(res.json()).toEqual({ LatestFailureDateTime: null });
  });
});
