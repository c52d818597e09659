import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, openTestDatabase, type TestApp } from '../testing/create-test-app.ts';
import { mailText, startSmtpInbox, type Received, type SmtpInbox } from '../testing/smtp-inbox.ts';
import { CARDS, cardToken, confirm, signupIntent } from '../payments/payments-test-helpers.ts';
import { sandboxGateway } from '../payments/sandbox/sandbox-gateway.ts';
import { sandboxRepository } from '../payments/sandbox/sandbox.repository.ts';
import { nonce, register, registrationBody, registrationConfig } from '../registration/registration-test-helpers.ts';
import { receiptMessage, type SignupReceipt } from './receipt-mail.ts';

/**
 * The receipt of a paid sign-up (issue 13 section 3 item 4), over real SMTP: it states what the
 * confirmation screen states, goes out once the capture booked the money, exactly once however
 * often the registration is sent, and never when nothing was charged.
 */
let smtp: SmtpInbox;
const inbox: Received[] = [];
beforeAll(async () => { smtp = await startSmtpInbox(inbox); });
afterAll(async () => { await smtp.close(); });

const TODAY = '2026-03-15T12:00:00Z';
const CA = { AddressLine1: '1 Market St', City: 'San Francisco', State: 'CA', PostalCode: '94105', Country: 'US' };
const pro = (over: Record<string, unknown> = {}) => ({ Plan: { Uid: 'plan-pro' }, Quantity: 1, BillingRenewalTerm: 'Monthly', ...over });
const welcome = { DiscountCouponSubscriptions: [{ DiscountCoupon: { UniqueIdentifier: 'WELCOME20' } }] };

/** The mail as a person reads it: quoted-printable undone and its UTF-8 read back (the discount's minus sign). */
const readable = (raw: string) => Buffer.from(mailText(raw), 'latin1').toString('utf8');
const receiptsTo = (email: string) => inbox.filter((m) => m.to.includes(email) && /^Subject: Your receipt from /m.test(m.raw));

/** Delivers everything the outbox holds (the worker's rounds, run here by hand). */
async function drain(t: TestApp): Promise<void> {
  while (await t.app.jobs.deliverDue() > 0) { /* next round */ }
}

/** A registration of `subscription` at a California address, paid (or set up) with the card in the sandbox first. */
async function paidBody(t: TestApp, subscription: Record<string, unknown>, card: string = CARDS.visa) {
  const intent = await signupIntent(t, { Subscription: { ...subscription, Account: { BillingAddress: CA } } });
  const confirmed = await confirm(t, intent.ClientSecret, await cardToken(t, card));
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const base = registrationBody({ Nonce: await nonce(t), Subscription: subscription });
  return {
    ...base, Account: { ...base.Account, BillingAddress: CA },
    PaymentInformation: intent.IsSetupIntent ? { SetupIntent: intent.ClientSecret } : { PaymentClientSecret: intent.ClientSecret },
  };
}

describe('a paid sign-up: the answer states the payment, and one receipt mail says the same', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp({ config: registrationConfig(), clock: TODAY, app: { mailer: smtp.mailer } }); });
  afterAll(async () => { await t.close(); });

  it('Pro with WELCOME20 in California: charged $109.82 (discount $25.60, tax $7.42) on a Visa ending in 4242, next $84.73 on Apr 15', async () => {
    const body = await paidBody(t, pro(welcome));
    const res = await register(t, body, { key: body.Nonce });
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json();
    // Core's charge summary: 79.00 + 49.00 setup, 20 % off (25.60), CA 7.25 % per line (5.73 + 3.55 − 1.86); the renewal drops the once-only coupon.
    expect(answer.Invoice).toMatchObject({ Total: 109.82, AmountPaid: 109.82, Tax: 7.42, Discount: 25.6, Status: 'Paid', InvoiceDate: '2026-03-15' });
    expect(answer.PaymentMethod).toEqual({ Brand: 'Visa', Last4: '4242' });
    expect(answer.NextRenewal).toEqual({ Date: '2026-04-15', Amount: 84.73, EndsTrial: false, ChargedAutomatically: true });

    await drain(t);
    const receipts = receiptsTo(body.Person.Email);
    expect(receipts).toHaveLength(1);
    const mail = readable(receipts[0]!.raw);
    expect(mail).toMatch(/^Subject: Your receipt from Northwind Analytics: \$109\.82 paid/m);
    expect(mail).toMatch(/^Content-Type: text\/plain/m);
    expect(mail).toMatch(/^Content-Type: text\/html/m);
    for (const line of [
      'Hello Ada,', 'Thank you for your payment to Northwind Analytics.', 'Amount paid: $109.82', 'Date: Mar 15, 2026',
      `Invoice number: #${answer.Invoice.InvoiceNumber}`, 'Plan: Pro, billed monthly', 'Paid with: Visa ending in 4242',
      // Issue 15: the customer's tax id with its type's name from the company's list, not '(us_ein)'.
      'Tax ID: 12-3456789 (US EIN)',
      'Discount: −$25.60', 'Tax: $7.42', 'Your next charge is $84.73 on Apr 15, 2026.',
    ]) expect(mail).toContain(line);
    expect(mail).toContain('<td style="padding:4px 0">Visa ending in 4242</td>');
    // Issue 16: the invoice's PDF rides along, named by its number.
    expect(mail).toMatch(new RegExp(`Content-Type: application/pdf; name=invoice-${answer.Invoice.InvoiceNumber}\\.pdf`));
    expect(mail).toMatch(/Content-Disposition: attachment; filename=invoice-\d+\.pdf/);

    // A retry of the same request replays the answer; nothing more is sent.
    const replay = await register(t, body, { key: body.Nonce });
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(answer);
    await drain(t);
    expect(receiptsTo(body.Person.Email)).toHaveLength(1);
  });

  it('two identical requests at once (a double click), with and without an Idempotency-Key: one account, one receipt', async () => {
    for (const withKey of [true, false]) {
      const body = await paidBody(t, pro());
      const twins = await Promise.all([0, 1].map(() => register(t, body, withKey ? { key: body.Nonce } : {})));
      expect(twins.filter((r) => r.statusCode === 201).length, twins.map((r) => r.body).join('\n')).toBeGreaterThanOrEqual(1);
      const accounts = new Set(twins.filter((r) => r.statusCode === 201).map((r) => r.json().Account.Uid));
      expect(accounts.size).toBe(1);
      await drain(t);
      const receipts = receiptsTo(body.Person.Email);
      expect(receipts, `withKey ${withKey}`).toHaveLength(1);
      expect(readable(receipts[0]!.raw)).toContain('Amount paid: $137.28');
    }
  });

  it('nothing charged, no receipt: a declined card, a free plan, a trial that only saves the card', async () => {
    // A declined card: the sandbox refuses it at confirm, and a registration sent with its intent anyway is refused.
    const intent = await signupIntent(t, { Subscription: { ...pro(), Account: { BillingAddress: CA } } });
    expect((await confirm(t, intent.ClientSecret, await cardToken(t, CARDS.declined))).statusCode).toBe(402);
    const base = registrationBody({ Nonce: await nonce(t), Subscription: pro() });
    const declined = { ...base, Account: { ...base.Account, BillingAddress: CA }, PaymentInformation: { PaymentClientSecret: intent.ClientSecret } };
    const refused = await register(t, declined);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().Message).toBe('Your card was declined.');

    const free = registrationBody({ Nonce: await nonce(t), Subscription: { Plan: { Uid: 'plan-free' }, Quantity: 1, BillingRenewalTerm: 'Monthly' } });
    const freeAnswer = await register(t, free);
    expect(freeAnswer.statusCode, freeAnswer.body).toBe(201);
    expect(freeAnswer.json()).toMatchObject({ Invoice: null, PaymentMethod: null, NextRenewal: { Amount: 0, ChargedAutomatically: false } });

    const starter = await paidBody(t, { Plan: { Uid: 'plan-starter' }, Quantity: 1, BillingRenewalTerm: 'Monthly' });
    const trial = await register(t, starter);
    expect(trial.statusCode, trial.body).toBe(201);
    // 14 days free, then 29.00 + CA tax charged to the saved card.
    expect(trial.json()).toMatchObject({
      Invoice: null, PaymentMethod: { Brand: 'Visa', Last4: '4242' },
      NextRenewal: { Date: '2026-03-29', Amount: 31.1, EndsTrial: true, ChargedAutomatically: true },
    });

    await drain(t);
    expect([declined, free, starter].flatMap((b) => receiptsTo(b.Person.Email))).toEqual([]);
    expect(await t.database.db.execute(sql`select 1 from outbox where topic = 'mail.receipt' and delivered is null`).then((r) => (r as unknown as { rows: unknown[] }).rows)).toEqual([]);
  });
});

describe('no receipt when the money is not booked: a capture the provider refuses (the authorization lapsed)', () => {
  let t: TestApp;
  beforeAll(async () => {
    const database = await openTestDatabase();
    const sandbox = sandboxGateway(sandboxRepository(database.db), { companyUid: registrationConfig().company.uid });
    // The provider's side of a lapsed authorization: by the time Portico captures, the provider has released it.
    const lapsing = { ...sandbox, captureIntent: async (id: string) => { await sandbox.cancelIntent(id); return sandbox.captureIntent(id); } };
    t = await createTestApp({ config: registrationConfig(), clock: TODAY, database, app: { mailer: smtp.mailer, paymentGateway: lapsing } });
  });
  afterAll(async () => { await t.close(); });

  it('the account exists, its payment is failed, its invoice stays Open, and no receipt goes out', async () => {
    const body = await paidBody(t, pro());
    const res = await register(t, body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().Invoice).toMatchObject({ Status: 'Open', AmountPaid: 0, Total: 137.28 });
    const [payment] = (await t.database.db.execute(sql`select status from payments where account_uid = ${res.json().Account.Uid}`) as unknown as { rows: { status: string }[] }).rows;
    expect(payment!.status).toBe('failed');
    await drain(t);
    expect(receiptsTo(body.Person.Email)).toEqual([]);
  });
});

describe('no receipt when the money is not booked: payments mode manual', () => {
  let t: TestApp;
  beforeAll(async () => {
    const config = registrationConfig();
    t = await createTestApp({ config: { ...config, billing: { ...config.billing, paymentsMode: 'manual' } }, clock: TODAY, app: { mailer: smtp.mailer } });
  });
  afterAll(async () => { await t.close(); });

  it('the card is saved, nothing is charged, the invoice waits Open, the next renewal is an invoice, and no receipt goes out', async () => {
    const body = await paidBody(t, pro());
    expect(body.PaymentInformation).toHaveProperty('SetupIntent');
    const res = await register(t, body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      Invoice: { Status: 'Open', AmountPaid: 0, Total: 137.28 }, PaymentMethod: { Brand: 'Visa', Last4: '4242' },
      NextRenewal: { Date: '2026-04-15', Amount: 84.73, ChargedAutomatically: false },
    });
    await drain(t);
    expect(receiptsTo(body.Person.Email)).toEqual([]);
  });
});

describe('receiptMessage', () => {
  const receipt: SignupReceipt = {
    invoiceNumber: 7, invoiceDate: '2026-01-31', currency: 'USD', amountPaid: 94800, tax: 0, discount: 0,
    plan: 'Pro <Annual>', term: 'Yearly', card: { brand: null, last4: '0005' }, next: { date: '2027-01-31', amount: 94800, endsTrial: false, chargedAutomatically: true },
  };

  it('words the term, a card of an unnamed brand and what follows; the HTML part escapes every value', () => {
    const m = receiptMessage({ email: 'a@example.com', firstName: '<b>Ada</b>' }, 'Acme & Co', receipt);
    expect(m.subject).toBe('Your receipt from Acme & Co: $948.00 paid');
    expect(m.text).toContain('Plan: Pro <Annual>, billed yearly');
    expect(m.text).toContain('Paid with: Card ending in 0005');
    expect(m.text).toContain('Your next charge is $948.00 on Jan 31, 2027.');
    expect(m.text).not.toContain('Tax:');
    expect(m.html).toContain('Pro &#60;Annual&#62;, billed yearly');
    expect(m.html).toContain('Hello &#60;b&#62;Ada&#60;/b&#62;,');
    expect(m.html).toContain('Acme &#38; Co');
    expect(m.html).not.toMatch(/<b>|<Annual>/);
  });

  it('what follows: nothing for a one-time purchase, the end of a trial, an invoice when payments are manual, a renewal with nothing to pay', () => {
    const follows = (next: SignupReceipt['next'], term: SignupReceipt['term'] = 'Monthly') => receiptMessage({ email: 'a@example.com', firstName: null }, 'Acme', { ...receipt, term, next }).text;
    expect(follows(null, 'OneTime')).toContain('Plan: Pro <Annual>, one-time purchase');
    expect(follows(null, 'OneTime')).toContain('Nothing more is charged after today.');
    expect(follows({ date: '2026-02-14', amount: 2900, endsTrial: true, chargedAutomatically: true })).toContain('Your free trial ends on Feb 14, 2026; then $29.00 is charged to your card.');
    expect(follows({ date: '2026-02-28', amount: 2900, endsTrial: false, chargedAutomatically: false })).toContain('Your next invoice, for $29.00, is dated Feb 28, 2026.');
    expect(follows({ date: '2026-02-28', amount: 0, endsTrial: false, chargedAutomatically: true })).toContain('Your subscription renews on Feb 28, 2026 with nothing to pay.');
    expect(follows(null)).toMatch(/^Hello,$/m);
  });
});
