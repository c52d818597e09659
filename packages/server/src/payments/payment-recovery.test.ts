import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCustomer } from '../billing/billing-test-helpers.ts';
import { invoicesRepository } from '../billing/invoices.repository.ts';
import { invoices, outbox, paymentIntents, payments } from '../db/schema.ts';
import type { JobContext } from '../jobs/job-types.ts';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';
import { unitOfWork } from '../unit-of-work.ts';
import { consumeSignupPayment, settleSignupPayment, verifySignupPayment, type ConsumedSignupPayment } from './consume-signup-payment.ts';
import { handleGatewayEvent } from './handle-gateway-event.ts';
import type { PaymentGateway } from './payment-gateway.ts';
import { CAPTURE_GRACE_MS, paymentRecoveryJob, RELEASE_MIN_AGE_MS } from './payment-recovery.ts';
import { dueNow, pay, proDraft, signupIntent } from './payments-test-helpers.ts';
import { sandboxGateway } from './sandbox/sandbox-gateway.ts';
import { sandboxRepository } from './sandbox/sandbox.repository.ts';
import { SIGNUP_INTENT_LIFETIME_MS } from './signup-intent-lifetime.ts';
import { startRecordedStripe } from './stripe/recorded-stripe.ts';
import { stripeGateway } from './stripe/stripe-gateway.ts';

/**
 * Payment recovery (payment-recovery.ts) on the real database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL), its job run directly with a clock the test sets: what a crash between a paid
 * sign-up's commit and its capture leaves is captured and booked once, however many runs (and a late
 * request) race; an authorization no sign-up committed is released after the minimum age, never before.
 * The kill test (payment-recovery.kill.test.ts) does the crash for real.
 */
let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const MINUTE = 60_000;
const store = () => unitOfWork(t.database.db);
const sandbox = () => sandboxGateway(sandboxRepository(t.database.db), { companyUid: t.config.company.uid });
const deps = (gateway: PaymentGateway = sandbox()) => ({ gateway, store: store() });

/** A job context whose clock stands at `at`; what the job logs is kept. */
function context(at: Date) {
  const logged: { level: string; msg: string; obj: object }[] = [];
  const log = (level: string) => (obj: object, msg: string) => { logged.push({ level, msg, obj }); };
  const ctx: JobContext = { now: () => at, signal: new AbortController().signal, log: { info: log('info'), warn: log('warn'), error: log('error') } };
  return { ctx, logged };
}
const later = (from: Date, ms: number) => new Date(from.getTime() + ms);

/** A sign-up intent the customer authorized in the browser (the sandbox holds the money). */
async function authorizedIntent() {
  const draft = proDraft();
  const intent = await signupIntent(t, { Subscription: draft });
  await pay(t, intent.ClientSecret);
  const amount = Math.round((await dueNow(t, draft)) * 100);
  const id = intent.ClientSecret.split('_secret_')[0]!;
  const [row] = await t.database.db.select().from(paymentIntents).where(eq(paymentIntents.gatewayIntentId, id));
  return { clientSecret: intent.ClientSecret, id, amount, made: row!.created };
}

/**
 * What a server killed between a paid sign-up's commit and its capture leaves: the registration's
 * transaction committed (account, open invoice, payment 'authorized' with its receipt message to
 * write once paid), and nothing after it ran.
 */
async function committedUncapturedSignup() {
  const intent = await authorizedIntent();
  const verified = await verifySignupPayment(deps(), { clientSecret: intent.clientSecret, expectedAmountMinor: intent.amount, currency: 'USD' });
  const account = await importCustomer(t);
  const invoiceUid = `inv-${account.Uid}`;
  const at = t.clock.now();
  const receipt = { personUid: `person-of-${account.Uid}`, receipt: { number: 1 } };
  await invoicesRepository(t.database.db).insert({ uid: invoiceUid, accountUid: account.Uid, subscriptionUid: null, invoiceDate: at, currency: 'USD', subtotal: intent.amount, tax: 0, total: intent.amount, status: 'Open', taxBehavior: null, lines: [] });
  const consumed = await store().transaction((repos) =>
    consumeSignupPayment(repos, verified, { accountUid: account.Uid, invoiceUid, at, onPaid: [{ topic: 'mail.receipt', payload: receipt }] }));
  return { ...intent, consumed, accountUid: account.Uid, invoiceUid, at, receipt };
}

async function state(s: { id: string; accountUid: string; invoiceUid: string; receipt?: { personUid: string } }) {
  const db = t.database.db;
  const [payment] = await db.select().from(payments).where(eq(payments.accountUid, s.accountUid));
  const [invoice] = await db.select().from(invoices).where(eq(invoices.uid, s.invoiceUid));
  const receipts = s.receipt
    ? await db.select().from(outbox).where(and(eq(outbox.topic, 'mail.receipt'), sql`${outbox.payload}->>'personUid' = ${s.receipt.personUid}`))
    : [];
  return {
    payment: payment?.status, invoice: { status: invoice?.status, amountPaid: invoice?.amountPaid },
    atGateway: (await sandbox().retrieveIntent(s.id)).status,
    charges: (await sandboxRepository(db).charges(s.id)).map((c) => c.status),
    receipts: receipts.length,
  };
}

describe('a paid sign-up whose capture never happened (the server died after the commit)', () => {
  it('is left to its own request within the grace, then captured and booked exactly once by two runs at once, and a late request changes nothing', async () => {
    const s = await committedUncapturedSignup();
    const job = paymentRecoveryJob(deps());
    expect(await job.run(context(later(s.at, CAPTURE_GRACE_MS - MINUTE)).ctx)).toBe(0);
    expect(await state(s)).toMatchObject({ payment: 'authorized', invoice: { status: 'Open', amountPaid: 0 }, atGateway: 'requires_capture', charges: ['authorized'], receipts: 0 });

    const at = later(s.at, CAPTURE_GRACE_MS + MINUTE);
    // Two runs at once (two nodes, or a run taken over after its lease ended).
    const [a, b] = await Promise.all([job.run(context(at).ctx), paymentRecoveryJob(deps()).run(context(at).ctx)]);
    expect([a, b].sort()).toEqual([0, 1]);
    const once = { payment: 'succeeded', invoice: { status: 'Paid', amountPaid: s.amount }, atGateway: 'succeeded', charges: ['succeeded'], receipts: 1 };
    expect(await state(s)).toEqual(once);
    // The request that was slow, not dead, settles after all: captured already, booked already.
    await settleSignupPayment(deps(), s.consumed as ConsumedSignupPayment);
    expect(await state(s)).toEqual(once);

    // Later runs find nothing more to do; the booked payment and its consumed intent are never released.
    expect(await job.run(context(later(s.at, RELEASE_MIN_AGE_MS * 3)).ctx)).toBe(0);
    expect(await state(s)).toEqual({ payment: 'succeeded', invoice: { status: 'Paid', amountPaid: s.amount }, atGateway: 'succeeded', charges: ['succeeded'], receipts: 1 });
  });

  it('two runs and the request\'s own settle all at once: whichever moves the payment books it, once', async () => {
    const s = await committedUncapturedSignup();
    const at = later(s.at, CAPTURE_GRACE_MS + MINUTE);
    await Promise.all([
      paymentRecoveryJob(deps()).run(context(at).ctx), paymentRecoveryJob(deps()).run(context(at).ctx),
      settleSignupPayment(deps(), s.consumed as ConsumedSignupPayment),
    ]);
    expect(await state(s)).toEqual({ payment: 'succeeded', invoice: { status: 'Paid', amountPaid: s.amount }, atGateway: 'succeeded', charges: ['succeeded'], receipts: 1 });
  });

  it('the capture reached the provider but the booking did not: the provider\'s webhook or recovery books it, once', async () => {
    const s = await committedUncapturedSignup();
    await sandbox().captureIntent(s.id); // the dying process's capture; its booking never ran
    const event = { id: 'evt_1', type: 'payment_intent.succeeded', intent: { id: s.id, kind: 'payment' as const, status: 'succeeded' as const, lastError: null } };
    await handleGatewayEvent({ ...deps(), clock: t.clock }, event);
    await handleGatewayEvent({ ...deps(), clock: t.clock }, event); // providers deliver at least once
    expect(await paymentRecoveryJob(deps()).run(context(later(s.at, CAPTURE_GRACE_MS + MINUTE)).ctx)).toBe(0);
    expect(await state(s)).toEqual({ payment: 'succeeded', invoice: { status: 'Paid', amountPaid: s.amount }, atGateway: 'succeeded', charges: ['succeeded'], receipts: 1 });
  });

  it('a capture the gateway refuses for good (the authorization lapsed) leaves the payment failed, the invoice open and no receipt', async () => {
    const s = await committedUncapturedSignup();
    await sandbox().cancelIntent(s.id); // the provider let the authorization go
    const { ctx, logged } = context(later(s.at, CAPTURE_GRACE_MS + MINUTE));
    expect(await paymentRecoveryJob(deps()).run(ctx)).toBe(0);
    expect(await state(s)).toMatchObject({ payment: 'failed', invoice: { status: 'Open', amountPaid: 0 }, receipts: 0 });
    expect(logged.map((l) => l.level)).toEqual(['error']);
  });

  it('Stripe refusing a second capture (payment_intent_unexpected_state) counts as captured: the money is booked once', async () => {
    const stripe = await startRecordedStripe();
    try {
      const gateway = stripeGateway({ secretKey: 'sk_test_Recorded', webhookSecret: 'whsec_Recorded', publishableKey: 'pk_test_Recorded', currency: 'USD', api: stripe.api });
      const intent = await gateway.createIntent({ kind: 'payment', amountMinor: 12800, currency: 'USD', customerToken: 'cus_X', idempotencyKey: 'recovery-1', captureManually: true });
      stripe.update(intent.id, { status: 'requires_capture', payment_method: 'pm_RecordedCard4444', amount_capturable: 12800 });
      const account = await importCustomer(t);
      const at = t.clock.now();
      await invoicesRepository(t.database.db).insert({ uid: `inv-${account.Uid}`, accountUid: account.Uid, invoiceDate: at, currency: 'USD', subtotal: 12800, tax: 0, total: 12800, subscriptionUid: null, taxBehavior: null, status: 'Open', lines: [] });
      await t.database.db.insert(payments).values({ uid: `pay-${account.Uid}`, accountUid: account.Uid, invoiceUid: `inv-${account.Uid}`, gateway: 'stripe', gatewayReference: intent.id, amount: 12800, currency: 'USD', status: 'authorized', created: at });
      // The dying process's capture reached Stripe; its booking never ran.
      expect((await gateway.captureIntent(intent.id)).status).toBe('succeeded');
      const captures = () => stripe.requests.filter((r) => r.path === `/v1/payment_intents/${intent.id}/capture`).length;
      expect(await paymentRecoveryJob(deps(gateway)).run(context(later(at, CAPTURE_GRACE_MS + MINUTE)).ctx)).toBe(1);
      expect(captures()).toBe(2); // asked again, refused by Stripe as already captured, then booked
      const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.uid, `inv-${account.Uid}`));
      expect(invoice).toMatchObject({ status: 'Paid', amountPaid: 12800 });
      const [payment] = await t.database.db.select().from(payments).where(eq(payments.uid, `pay-${account.Uid}`));
      expect(payment!.status).toBe('succeeded');
    } finally {
      await stripe.close();
    }
  });
});

describe('an authorization no committed sign-up owns', () => {
  const ours = async (id: string) => (await t.database.db.select().from(paymentIntents).where(eq(paymentIntents.gatewayIntentId, id)))[0]!;

  it('is left alone while younger than the minimum age, released once older, and only once', async () => {
    const intent = await authorizedIntent();
    const job = paymentRecoveryJob(deps());
    expect(await job.run(context(later(intent.made, RELEASE_MIN_AGE_MS - MINUTE)).ctx)).toBe(0);
    expect(await sandbox().retrieveIntent(intent.id)).toMatchObject({ status: 'requires_capture' });
    expect(await ours(intent.id)).toMatchObject({ consumed: null });

    const { ctx, logged } = context(later(intent.made, RELEASE_MIN_AGE_MS + MINUTE));
    expect(await job.run(ctx)).toBe(1);
    expect(await sandbox().retrieveIntent(intent.id)).toMatchObject({ status: 'canceled' });
    expect((await sandboxRepository(t.database.db).charges(intent.id)).map((c) => c.status)).toEqual(['canceled']);
    expect(await ours(intent.id)).toMatchObject({ status: 'canceled', accountUid: null });
    expect(logged.filter((l) => l.msg.includes('released an authorization'))).toHaveLength(1);
    expect(await job.run(context(later(intent.made, RELEASE_MIN_AGE_MS * 2)).ctx)).toBe(0);
  });

  it('a sign-up in progress is never released: within the intent\'s lifetime it commits and is captured; past it the registration is refused, not the money taken', async () => {
    const job = paymentRecoveryJob(deps());
    // In progress: verified, the recovery runs just inside the minimum age, then the registration commits.
    const inProgress = await authorizedIntent();
    const verified = await verifySignupPayment(deps(), { clientSecret: inProgress.clientSecret, expectedAmountMinor: inProgress.amount, currency: 'USD' });
    expect(await job.run(context(later(inProgress.made, RELEASE_MIN_AGE_MS - MINUTE)).ctx)).toBe(0);
    const account = await importCustomer(t);
    const at = later(inProgress.made, SIGNUP_INTENT_LIFETIME_MS - MINUTE);
    const consumed = await store().transaction((repos) => consumeSignupPayment(repos, verified, { accountUid: account.Uid, invoiceUid: null, at }));
    await settleSignupPayment(deps(), consumed);
    expect(await sandbox().retrieveIntent(inProgress.id)).toMatchObject({ status: 'succeeded' });
    expect(await job.run(context(later(inProgress.made, RELEASE_MIN_AGE_MS * 2)).ctx)).toBe(0);

    // A registration reaching its transaction after the intent's lifetime is refused (the widget asks for a new intent).
    const stale = await authorizedIntent();
    const staleVerified = await verifySignupPayment(deps(), { clientSecret: stale.clientSecret, expectedAmountMinor: stale.amount, currency: 'USD' });
    await expect(store().transaction((repos) => consumeSignupPayment(repos, staleVerified, {
      accountUid: account.Uid, invoiceUid: null, at: later(stale.made, SIGNUP_INTENT_LIFETIME_MS),
    }))).rejects.toMatchObject({ code: 'Errors.PaymentIntentNotFound' });
  });

  it('once recovery has taken an intent, a registration still holding it fails instead of committing unpaid work', async () => {
    const intent = await authorizedIntent();
    const verified = await verifySignupPayment(deps(), { clientSecret: intent.clientSecret, expectedAmountMinor: intent.amount, currency: 'USD' });
    // This node's clock says the intent is old enough (another node's may lag): recovery takes and releases it ...
    await paymentRecoveryJob(deps()).run(context(later(intent.made, RELEASE_MIN_AGE_MS + MINUTE)).ctx);
    expect(await sandbox().retrieveIntent(intent.id)).toMatchObject({ status: 'canceled' });
    // ... and the registration, judged by a clock still inside the lifetime, cannot consume it.
    const account = await importCustomer(t);
    await expect(store().transaction((repos) => consumeSignupPayment(repos, verified, { accountUid: account.Uid, invoiceUid: null, at: later(intent.made, MINUTE) })))
      .rejects.toMatchObject({ code: 'Errors.PaymentIntentUsed' });
    expect(await t.database.db.select().from(payments).where(eq(payments.accountUid, account.Uid))).toEqual([]);
  });

  it('the widget still holding an intent past its lifetime gets a new one when it asks again (the old one is cancelled)', async () => {
    const draft = proDraft();
    const first = await signupIntent(t, { Subscription: draft });
    expect((await signupIntent(t, { Subscription: draft, ClientSecret: first.ClientSecret })).ClientSecret).toBe(first.ClientSecret);
    t.clock.set(later(t.clock.now(), SIGNUP_INTENT_LIFETIME_MS));
    try {
      const next = await signupIntent(t, { Subscription: draft, ClientSecret: first.ClientSecret });
      expect(next.ClientSecret).not.toBe(first.ClientSecret);
      expect(await sandbox().retrieveIntent(first.ClientSecret.split('_secret_')[0]!)).toMatchObject({ status: 'canceled' });
    } finally {
      t.clock.reset();
    }
  });

  it('an intent never confirmed is closed too once past the minimum age, so a late confirmation cannot authorize it', async () => {
    const intent = await signupIntent(t, { Subscription: proDraft() });
    const id = intent.ClientSecret.split('_secret_')[0]!;
    const made = (await ours(id)).created;
    expect(await paymentRecoveryJob(deps()).run(context(later(made, RELEASE_MIN_AGE_MS + MINUTE)).ctx)).toBe(1);
    expect(await sandbox().retrieveIntent(id)).toMatchObject({ status: 'canceled' });
    expect(await ours(id)).toMatchObject({ status: 'canceled' });
  });
});
