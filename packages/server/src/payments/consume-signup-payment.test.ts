import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';
import { importCustomer } from '../billing/billing-test-helpers.ts';
import { invoicesRepository } from '../billing/invoices.repository.ts';
import { invoices, paymentInformation, payments } from '../db/schema.ts';
import { consumeSignupPayment, releaseSignupPayment, settleSignupPayment, verifySignupPayment } from './consume-signup-payment.ts';
import { unitOfWork } from '../unit-of-work.ts';
import { sandboxGateway } from './sandbox/sandbox-gateway.ts';
import { sandboxRepository } from './sandbox/sandbox.repository.ts';
import { CARDS, cardToken, confirm, dueNow, pay, proDraft, signupIntent } from './payments-test-helpers.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

/** What the registration use case holds: the gateway and the store, as the app builds them. */
const deps = () => ({ gateway: sandboxGateway(sandboxRepository(t.database.db), { companyUid: t.config.company.uid }), store: unitOfWork(t.database.db) });
const minor = (major: number) => Math.round(major * 100);

async function paidSignup(card: string = CARDS.visa) {
  const draft = proDraft();
  const intent = await signupIntent(t, { Subscription: draft });
  await pay(t, intent.ClientSecret, card);
  return { intent, amount: minor(await dueNow(t, draft)) };
}

async function withInvoice(accountUid: string, total: number) {
  const uid = `inv-${accountUid}`;
  await invoicesRepository(t.database.db).insert({ uid, accountUid, subscriptionUid: null, invoiceDate: new Date(), currency: 'USD', subtotal: total, tax: 0, total, status: 'Open', taxBehavior: null, lines: [] });
  return uid;
}

describe('a registration paying with its intent: verify, consume in the transaction, settle after commit', () => {
  it('the happy path: payment information and the payment are written, the authorization is captured, the invoice is paid', async () => {
    const { intent, amount } = await paidSignup();
    const verified = await verifySignupPayment(deps(), { clientSecret: intent.ClientSecret, expectedAmountMinor: amount, currency: 'USD' });
    expect(verified.paymentMethod).toMatchObject({ cardType: 'visa', last4: '4242' });
    const account = await importCustomer(t);
    const invoiceUid = await withInvoice(account.Uid, amount);
    const consumed = await deps().store.transaction((s) => consumeSignupPayment(s, verified, { accountUid: account.Uid, invoiceUid, at: new Date() }));
    expect(consumed.payment).toMatchObject({ amountMinor: amount, needsCapture: true });

    const [info] = await t.database.db.select().from(paymentInformation).where(eq(paymentInformation.accountUid, account.Uid));
    expect(info).toMatchObject({ cardType: 'visa', lastFourDigits: '4242', gateway: 'sandbox', customerToken: intent.CustomerToken });
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.accountUid, account.Uid));
    expect(payment).toMatchObject({ status: 'authorized', amount, invoiceUid, gatewayReference: verified.intent.id });

    await settleSignupPayment(deps(), consumed);
    expect((await deps().gateway.retrieveIntent(verified.intent.id)).status).toBe('succeeded');
    const [settled] = await t.database.db.select().from(payments).where(eq(payments.accountUid, account.Uid));
    expect(settled!.status).toBe('succeeded');
    const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.uid, invoiceUid));
    expect(invoice).toMatchObject({ amountPaid: amount, status: 'Paid' });
  });

  it('an intent made for another amount (the draft changed after paying) is Errors.PaymentAmountChanged', async () => {
    const { intent, amount } = await paidSignup();
    for (const [expected, currency] of [[amount + 1, 'USD'], [amount - 1, 'USD'], [0, 'USD'], [amount, 'EUR']] as const) {
      await expect(verifySignupPayment(deps(), { clientSecret: intent.ClientSecret, expectedAmountMinor: expected, currency }))
        .rejects.toMatchObject({ code: 'Errors.PaymentAmountChanged', status: 409 });
    }
  });

  it('an intent used once cannot pay a second registration, even when both verified it first (the race)', async () => {
    const { intent, amount } = await paidSignup();
    const req = { clientSecret: intent.ClientSecret, expectedAmountMinor: amount, currency: 'USD' };
    const first = await verifySignupPayment(deps(), req);
    const second = await verifySignupPayment(deps(), req);
    const a = await importCustomer(t);
    const b = await importCustomer(t);
    await deps().store.transaction((s) => consumeSignupPayment(s, first, { accountUid: a.Uid, invoiceUid: null, at: new Date() }));
    await expect(deps().store.transaction((s) => consumeSignupPayment(s, second, { accountUid: b.Uid, invoiceUid: null, at: new Date() })))
      .rejects.toMatchObject({ code: 'Errors.PaymentIntentUsed' });
    expect(await t.database.db.select().from(paymentInformation).where(eq(paymentInformation.accountUid, b.Uid))).toEqual([]);
    await expect(verifySignupPayment(deps(), req)).rejects.toMatchObject({ code: 'Errors.PaymentIntentUsed', status: 409 });
  });

  it('an intent the customer has not completed (declined, or still waiting for authentication) is Errors.PaymentInformationSetupFailed', async () => {
    const draft = proDraft();
    const amount = minor(await dueNow(t, draft));
    const declined = await signupIntent(t, { Subscription: draft });
    await confirm(t, declined.ClientSecret, await cardToken(t, CARDS.declined));
    await expect(verifySignupPayment(deps(), { clientSecret: declined.ClientSecret, expectedAmountMinor: amount, currency: 'USD' }))
      .rejects.toMatchObject({ code: 'Errors.PaymentInformationSetupFailed', message: 'Your card was declined.' });
    const pending = await signupIntent(t, { Subscription: draft });
    await confirm(t, pending.ClientSecret, await cardToken(t, CARDS.authenticate));
    await expect(verifySignupPayment(deps(), { clientSecret: pending.ClientSecret, expectedAmountMinor: amount, currency: 'USD' }))
      .rejects.toMatchObject({ code: 'Errors.PaymentInformationSetupFailed' });
  });

  it('a wrong or unknown secret is Errors.PaymentIntentNotFound', async () => {
    const { intent, amount } = await paidSignup();
    const forged = `${intent.ClientSecret.split('_secret_')[0]}_secret_ffffffffffffffffffffffffffffffff`;
    for (const clientSecret of [forged, 'pi_sbx_unknown_secret_abc', 'garbage']) {
      await expect(verifySignupPayment(deps(), { clientSecret, expectedAmountMinor: amount, currency: 'USD' })).rejects.toMatchObject({ code: 'Errors.PaymentIntentNotFound' });
    }
  });

  it('a setup intent pays nothing: payment information only, no payment row', async () => {
    const setup = await signupIntent(t, { Subscription: { Plan: { Uid: 'plan-starter' }, BillingRenewalTerm: 'Monthly', Quantity: 1 } });
    await pay(t, setup.ClientSecret);
    const verified = await verifySignupPayment(deps(), { clientSecret: setup.ClientSecret, expectedAmountMinor: 0, currency: 'USD' });
    const account = await importCustomer(t);
    const consumed = await deps().store.transaction((s) => consumeSignupPayment(s, verified, { accountUid: account.Uid, invoiceUid: null, at: new Date() }));
    expect(consumed.payment).toBeNull();
    expect(await t.database.db.select().from(payments).where(eq(payments.accountUid, account.Uid))).toEqual([]);
  });

  it('a failed registration releases the authorization: the money is never taken', async () => {
    const { intent, amount } = await paidSignup();
    const verified = await verifySignupPayment(deps(), { clientSecret: intent.ClientSecret, expectedAmountMinor: amount, currency: 'USD' });
    const account = await importCustomer(t);
    await expect(deps().store.transaction(async (s) => {
      await consumeSignupPayment(s, verified, { accountUid: account.Uid, invoiceUid: null, at: new Date() });
      throw new Error('registration failed after the payment was consumed');
    })).rejects.toThrow('registration failed');
    // The rollback undid the consumption: our record is free again, and releasing cancels it at the gateway.
    expect(await t.database.db.select().from(paymentInformation).where(eq(paymentInformation.accountUid, account.Uid))).toEqual([]);
    await releaseSignupPayment(deps(), verified);
    expect((await deps().gateway.retrieveIntent(verified.intent.id)).status).toBe('canceled');
    expect((await sandboxRepository(t.database.db).charges(verified.intent.id)).map((c) => c.status)).toEqual(['canceled']);
  });
});
