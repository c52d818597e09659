import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';
import { unitOfWork } from '../unit-of-work.ts';
import { CARDS, cardToken, confirm, dueNow, pay, signupIntent } from '../payments/payments-test-helpers.ts';
import { counts, expectRefusedWithoutWrites, nonce, register, registrationBody, registrationConfig } from './registration-test-helpers.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp({ config: registrationConfig() }); });
afterAll(async () => { await t.close(); });

const rows = async (query: ReturnType<typeof sql>) => (await t.database.db.execute(query) as unknown as { rows: Record<string, unknown>[] }).rows;

/** Pro (monthly rate and setup fee, no trial) at an Illinois address: the draft the widget prices and pays. */
const proSubscription = { Plan: { Uid: 'plan-pro' }, Quantity: 1, BillingRenewalTerm: 'Monthly' };
const address = registrationBody().Account.BillingAddress;
const draft = { ...proSubscription, Account: { BillingAddress: address } };

async function paidIntent(card: string = CARDS.visa) {
  const intent = await signupIntent(t, { Subscription: draft });
  await confirm(t, intent.ClientSecret, await cardToken(t, card));
  return intent;
}

const intentStatus = async (clientSecret: string) =>
  (await unitOfWork(t.database.db).payments.findIntent('sandbox', clientSecret.split('_secret_')[0]!))?.status;

describe('a paid sign-up: the first invoice, its payment and the saved card in the registration\'s transaction', () => {
  it('a payment sent with a registration that buys no plan is refused, writes nothing and releases the authorization', async () => {
    const intent = await paidIntent();
    const body = registrationBody({ Nonce: await nonce(t), Subscription: null, PaymentInformation: { PaymentClientSecret: intent.ClientSecret } });
    const refused = await expectRefusedWithoutWrites(t, async () => register(t, body), 400, 'Errors.ValidationFailed');
    expect(refused.FieldErrors[0]!.Field).toBe('PaymentInformation');
    expect(await intentStatus(intent.ClientSecret)).toBe('canceled');
  });

  it('charges what core\'s charge summary says is due now, captures after the commit, and answers the invoice Paid', async () => {
    const total = await dueNow(t, draft);
    expect(total).toBe(128); // 79.00 monthly + 49.00 setup fee, no tax in Illinois
    const intent = await paidIntent();
    const res = await register(t, registrationBody({ Nonce: await nonce(t), Subscription: proSubscription, PaymentInformation: { PaymentClientSecret: intent.ClientSecret } }));
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json();
    expect(answer.Invoice).toMatchObject({ Total: 128, AmountPaid: 128, Status: 'Paid', Currency: 'USD', InvoiceDate: expect.any(String) });
    const [invoice] = await rows(sql`select subtotal, tax, total, amount_paid, status, lines from invoices where uid = ${answer.Invoice.Uid}`);
    expect(invoice).toMatchObject({ subtotal: 12800, tax: 0, total: 12800, amount_paid: 12800, status: 'Paid' });
    expect((invoice!.lines as { LineItemType: number; Amount: number }[]).map((l) => [l.LineItemType, l.Amount])).toEqual([[1, 7900], [2, 4900]]);
    const [payment] = await rows(sql`select amount, status, gateway, invoice_uid from payments where account_uid = ${answer.Account.Uid}`);
    expect(payment).toEqual({ amount: 12800, status: 'succeeded', gateway: 'sandbox', invoice_uid: answer.Invoice.Uid });
    const [card] = await rows(sql`select card_type, last_four_digits from payment_information where account_uid = ${answer.Account.Uid}`);
    expect(card).toEqual({ card_type: 'visa', last_four_digits: '4242' });
    expect(await intentStatus(intent.ClientSecret)).toBe('succeeded');
  });

  it('a plan that requires payment information needs a completed intent even when nothing is due now (Starter\'s trial)', async () => {
    const starter = { Plan: { Uid: 'plan-starter' }, Quantity: 1, BillingRenewalTerm: 'Monthly' };
    const missing = await expectRefusedWithoutWrites(t, async () => register(t, registrationBody({ Nonce: await nonce(t), Subscription: starter })), 400, 'Errors.PaymentInformationRequired');
    expect(missing.FieldErrors[0]!.Field).toBe('PaymentInformation');
    const setup = await signupIntent(t, { Subscription: { ...starter, Account: { BillingAddress: address } } });
    expect(setup.IsSetupIntent).toBe(true);
    await pay(t, setup.ClientSecret);
    const res = await register(t, registrationBody({ Nonce: await nonce(t), Subscription: starter, PaymentInformation: { SetupIntent: setup.ClientSecret } }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ Invoice: null, Subscription: { Plan: { Uid: 'plan-starter' } } });
    expect(await rows(sql`select 1 from payment_information where account_uid = ${res.json().Account.Uid}`)).toHaveLength(1);
    expect(await rows(sql`select 1 from payments where account_uid = ${res.json().Account.Uid}`)).toHaveLength(0);
  });
});

describe('refused payments leave nothing behind', () => {
  it('a declined card: a clear error, no account, no subscription, and the intent cancelled', async () => {
    const intent = await paidIntent(CARDS.declined);
    const refused = await expectRefusedWithoutWrites(t, async () => register(t, registrationBody({
      Nonce: await nonce(t), Subscription: proSubscription, PaymentInformation: { PaymentClientSecret: intent.ClientSecret },
    })), 400, 'Errors.PaymentInformationSetupFailed');
    expect(refused.Message).toBe('Your card was declined.');
    expect(await intentStatus(intent.ClientSecret)).toBe('canceled');
  });

  it('a registration failing after the payment was checked releases the authorization (no money taken)', async () => {
    const intent = await paidIntent();
    const value = await nonce(t);
    expect((await register(t, registrationBody({ Nonce: value }))).statusCode).toBe(201); // the nonce is now used
    await expectRefusedWithoutWrites(t, () => register(t, registrationBody({ Nonce: value, Subscription: proSubscription, PaymentInformation: { PaymentClientSecret: intent.ClientSecret } })), 400, 'Errors.InvalidNonce');
    expect(await intentStatus(intent.ClientSecret)).toBe('canceled');
    expect(await rows(sql`select status from sandbox_charges where intent_id = ${intent.ClientSecret.split('_secret_')[0]}`)).toEqual([{ status: 'canceled' }]);
  });

  it('an amount that changed since the intent was made, or an intent already used, is refused without writes', async () => {
    const intent = await paidIntent();
    await expectRefusedWithoutWrites(t, async () => register(t, registrationBody({
      Nonce: await nonce(t), Subscription: { ...proSubscription, SubscriptionAddOns: [{ AddOn: { Uid: 'addon-priority-support' }, Quantity: 1 }] },
      PaymentInformation: { PaymentClientSecret: intent.ClientSecret },
    })), 409, 'Errors.PaymentAmountChanged');
    const used = await register(t, registrationBody({ Nonce: await nonce(t), Subscription: proSubscription, PaymentInformation: { PaymentClientSecret: intent.ClientSecret } }));
    expect(used.statusCode, used.body).toBe(201);
    await expectRefusedWithoutWrites(t, async () => register(t, registrationBody({
      Nonce: await nonce(t), Subscription: proSubscription, PaymentInformation: { PaymentClientSecret: intent.ClientSecret },
    })), 409, 'Errors.PaymentIntentUsed');
  });
});

describe('a double-clicked paid sign-up charges once', () => {
  it('concurrent identical submits with one Idempotency-Key: one account, one payment, one capture, the same answer twice', async () => {
    const intent = await paidIntent();
    const body = registrationBody({ Nonce: await nonce(t), Subscription: proSubscription, PaymentInformation: { PaymentClientSecret: intent.ClientSecret } });
    const before = await counts(t);
    const [a, b] = await Promise.all([register(t, body, { key: body.Nonce }), register(t, body, { key: body.Nonce })]);
    expect([a.statusCode, b.statusCode], a.body + b.body).toEqual([201, 201]);
    expect(a.json().Account.Uid).toBe(b.json().Account.Uid);
    const after = await counts(t);
    expect(after.accounts).toBe(before.accounts! + 1);
    expect(after.payments).toBe(before.payments! + 1);
    expect(await rows(sql`select status from sandbox_charges where intent_id = ${intent.ClientSecret.split('_secret_')[0]}`)).toEqual([{ status: 'succeeded' }]);
    expect(await intentStatus(intent.ClientSecret)).toBe('succeeded');
  });

  it('the same twins without a key: one account, the authorization captured once and not cancelled by the loser', async () => {
    const intent = await paidIntent();
    const body = registrationBody({ Nonce: await nonce(t), Subscription: proSubscription, PaymentInformation: { PaymentClientSecret: intent.ClientSecret } });
    const twins = await Promise.all([register(t, body), register(t, body)]);
    expect(twins.filter((r) => r.statusCode === 201), twins.map((r) => r.body).join('\n')).toHaveLength(1);
    expect(await rows(sql`select status from sandbox_charges where intent_id = ${intent.ClientSecret.split('_secret_')[0]}`)).toEqual([{ status: 'succeeded' }]);
  });
});
