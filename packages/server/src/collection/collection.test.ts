import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';
import { chargeInvoiceHandler } from './charge-invoice.ts';
import { collectionJob } from './collection-job.ts';
import {
  chargeMessages, collect, collectionDeps, COLLECTION_CARDS as CARDS, deliverCharges, invoiceRow, jobContext, openRenewalInvoice, ownerWithCard, rows, saveCard,
} from './collection-test-helpers.ts';

/**
 * Collection and dunning (issue 17; docs/billing.md "Collection and dunning"): each sandbox card's outcome,
 * replays and twin handlers charging once, the schedule by the admin clock, a hard decline never retried,
 * a saved card retrying at once, no card at all.
 */
let t: TestApp;
beforeAll(async () => { t = await createTestApp({ clock: '2026-03-15T12:00:00Z' }); });
afterAll(async () => { await t.close(); });

const DAY = 86_400_000;
/** A time written by the (ticking) server clock a few ms after `ms`. */
const near = (ms: number) => ({ asymmetricMatch: (v: unknown) => v !== null && Math.abs(new Date(v as string).getTime() - ms) < 5_000, toString: () => `near ${new Date(ms).toISOString()}` });
const stage = async (accountUid: string) => (await rows(t, sql`select account_stage from accounts where uid = ${accountUid}`))[0]!.account_stage;
const sandboxCharges = async (invoiceUid: string) => rows(t, sql`select c.status from sandbox_charges c join payments p on p.gateway_reference = c.intent_id where p.invoice_uid = ${invoiceUid}`);
const paymentsOf = async (invoiceUid: string) => rows(t, sql`select status, amount, gateway_reference from payments where invoice_uid = ${invoiceUid} order by created`);
const outboxOf = async (topic: string, invoiceUid: string) => rows(t, sql`select payload from outbox where topic = ${topic} and (payload->>'invoiceUid' = ${invoiceUid} or payload->'data'->>'InvoiceUid' = ${invoiceUid} or payload->'data'->'Invoice'->>'Uid' = ${invoiceUid})`);

describe('a successful charge', () => {
  it('pays the invoice once: payment row, receipt with the PDF, invoice.paid, PastDue back to Subscribed; a replayed message charges nothing more', async () => {
    const o = await ownerWithCard(t, CARDS.visa);
    await t.database.db.execute(sql`update accounts set account_stage = 'PastDue' where uid = ${o.accountUid}`);
    const uid = await openRenewalInvoice(t, o);
    await collect(t);
    expect(await invoiceRow(t, uid)).toMatchObject({ status: 'Paid', amount_paid: 2900, attempt_count: 1, attempt_in_flight: null, next_attempt_at: null, dunning_status: null });
    expect(await paymentsOf(uid)).toEqual([{ status: 'succeeded', amount: 2900, gateway_reference: expect.stringMatching(/^pi_sbx_off/) }]);
    expect(await sandboxCharges(uid)).toEqual([{ status: 'succeeded' }]);
    const receipts = await outboxOf('mail.receipt', uid);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.payload).toMatchObject({ accountUid: o.accountUid, invoiceUid: uid, receipt: { amountPaid: 2900, plan: 'Starter' } });
    expect(await outboxOf('webhook.activity', uid)).toEqual([{ payload: expect.objectContaining({ type: 'invoice.paid' }) }]);
    expect(await stage(o.accountUid)).toBe('Subscribed');

    // The same message again (the outbox delivers at least once): nothing more anywhere.
    await chargeInvoiceHandler(collectionDeps(t))({ payload: { invoiceUid: uid, attempt: 1 } });
    expect(await paymentsOf(uid)).toHaveLength(1);
    expect(await sandboxCharges(uid)).toHaveLength(1);
    expect(await outboxOf('mail.receipt', uid)).toHaveLength(1);
  });

  it('two handlers delivering the same attempt at once charge once and book once', async () => {
    const o = await ownerWithCard(t, CARDS.visa);
    const uid = await openRenewalInvoice(t, o);
    await collect(t);
    const uid2 = await openRenewalInvoice(t, o);
    await collectionJob({ uow: collectionDeps(t).uow, wakeOutbox: () => {} }).run(jobContext(t));
    const [m] = (await chargeMessages(t)).filter((x) => x.payload.invoiceUid === uid2);
    expect(m!.payload.attempt).toBe(1);
    await Promise.all([chargeInvoiceHandler(collectionDeps(t))({ payload: m!.payload }), chargeInvoiceHandler(collectionDeps(t))({ payload: m!.payload })]);
    await deliverCharges(t);
    expect(await paymentsOf(uid2)).toHaveLength(1);
    expect(await sandboxCharges(uid2)).toEqual([{ status: 'succeeded' }]);
    expect(await outboxOf('mail.receipt', uid2)).toHaveLength(1);
    expect((await invoiceRow(t, uid)).status).toBe('Paid');
  });
});

describe('the sandbox\'s off-session charge is written whole and replays by its key', () => {
  it('two charges with one key at once: one intent, one charge; a replayed decline keeps its hard code', async () => {
    const o = await ownerWithCard(t, CARDS.hard);
    const [method] = await rows(t, sql`select customer_token, payment_token from payment_information where account_uid = ${o.accountUid}`);
    const gateway = t.app.payments.gateway;
    const charge = () => gateway.chargeSavedMethod({
      customerToken: method!.customer_token as string, paymentMethodToken: method!.payment_token as string, amountMinor: 500, currency: 'USD',
      idempotencyKey: `test:${o.accountUid}`, captureManually: false,
    }).then(() => 'charged', (e: { kind: string; providerCode: string }) => `${e.kind}:${e.providerCode}`);
    expect(await Promise.all([charge(), charge(), charge()])).toEqual(['declined:lost_card', 'declined:lost_card', 'declined:lost_card']);
    const charges = await rows(t, sql`select c.status from sandbox_charges c join sandbox_intents i on i.id = c.intent_id where i.customer_id = ${method!.customer_token as string} and i.off_session`);
    expect(charges).toEqual([{ status: 'failed' }]);
  });
});

describe('declines and the schedule', () => {
  it('0341 (soft): retried on days 1, 3 and 7 after the first failure by the server clock, then the subscription ends (afterLastAttempt cancel)', async () => {
    const o = await ownerWithCard(t, CARDS.declinesCharges);
    const uid = await openRenewalInvoice(t, o);
    const first = t.clock.now().getTime();
    await collect(t);
    expect(await invoiceRow(t, uid)).toMatchObject({ status: 'Open', attempt_count: 1, dunning_status: 'retrying', last_failure_code: 'card_declined', next_attempt_at: near(first + DAY) });
    expect(await stage(o.accountUid)).toBe('PastDue');
    const [mail] = await outboxOf('mail.payment-failed', uid);
    expect(mail!.payload).toMatchObject({ reason: 'declined', nextAttemptAt: near(first + DAY) });
    expect(await outboxOf('webhook.activity', uid)).toEqual([{ payload: expect.objectContaining({ type: 'payment.failed' }) }]);
    // Not due yet: nothing claimed.
    await collect(t);
    expect(await invoiceRow(t, uid)).toMatchObject({ attempt_count: 1 });
    for (const [day, attempt, next] of [[1, 2, 3], [3, 3, 7]] as const) {
      t.clock.set(new Date(first + day * DAY + 10_000));
      await collect(t);
      expect(await invoiceRow(t, uid)).toMatchObject({ attempt_count: attempt, dunning_status: 'retrying', next_attempt_at: near(first + next * DAY) });
    }
    t.clock.set(new Date(first + 7 * DAY + 10_000));
    await collect(t);
    expect(await invoiceRow(t, uid)).toMatchObject({ status: 'Open', attempt_count: 4, dunning_status: 'exhausted', next_attempt_at: null });
    expect(await stage(o.accountUid)).toBe('Cancelled');
    const [sub] = await rows(t, sql`select end_date from subscriptions where uid = ${o.subscriptionUid}`);
    expect(sub!.end_date).toEqual(near(first + 7 * DAY + 10_000));
    expect((await paymentsOf(uid)).map((p) => p.status)).toEqual(['failed', 'failed', 'failed', 'failed']);
    expect(await rows(t, sql`select 1 from outbox where topic = 'webhook.activity' and payload->>'type' = 'subscription.cancelled' and payload->'data'->>'AccountUid' = ${o.accountUid}`)).toHaveLength(1);
    t.clock.set(new Date(first + 30 * DAY));
    await collect(t);
    expect(await invoiceRow(t, uid)).toMatchObject({ attempt_count: 4 });
    t.clock.set(new Date(first));
  });

  it('the hard-decline card (9987, lost_card) is never retried; a new card retries it at once and pays', async () => {
    const o = await ownerWithCard(t, CARDS.hard);
    const uid = await openRenewalInvoice(t, o);
    const at = t.clock.now();
    await collect(t);
    expect(await invoiceRow(t, uid)).toMatchObject({ dunning_status: 'hard_declined', last_failure_code: 'lost_card', next_attempt_at: null, attempt_count: 1 });
    expect((await outboxOf('mail.payment-failed', uid))[0]!.payload).toMatchObject({ reason: 'hard_declined', nextAttemptAt: null });
    t.clock.set(new Date(at.getTime() + 20 * DAY));
    await collect(t);
    expect(await invoiceRow(t, uid)).toMatchObject({ attempt_count: 1 });
    t.clock.set(at); // (the session would have ended 20 days on)
    // Saving a new card claims an attempt in the save's transaction.
    const saved = await saveCard(t, o, CARDS.visa);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await invoiceRow(t, uid)).toMatchObject({ attempt_in_flight: 2 });
    await deliverCharges(t);
    expect(await invoiceRow(t, uid)).toMatchObject({ status: 'Paid', attempt_count: 2, dunning_status: null });
    expect(await stage(o.accountUid)).toBe('Subscribed');
    t.clock.set(at);
  });

  it('afterLastAttempt stayPastDue (a one-attempt schedule): exhausted at once, the subscription runs on, the account PastDue', async () => {
    const o = await ownerWithCard(t, CARDS.declinesCharges);
    const uid = await openRenewalInvoice(t, o);
    const deps = collectionDeps(t, { config: { ...t.config, billing: { ...t.config.billing, dunning: { retryDays: [0], afterLastAttempt: 'stayPastDue' } } } });
    await collect(t, deps);
    expect(await invoiceRow(t, uid)).toMatchObject({ status: 'Open', dunning_status: 'exhausted', next_attempt_at: null });
    expect(await stage(o.accountUid)).toBe('PastDue');
    expect((await rows(t, sql`select end_date from subscriptions where uid = ${o.subscriptionUid}`))[0]!.end_date).toBeNull();
  });

  it('the insufficient-funds card (9979) is a soft decline with its code', async () => {
    const o = await ownerWithCard(t, CARDS.insufficientFunds);
    const uid = await openRenewalInvoice(t, o);
    await collect(t);
    expect(await invoiceRow(t, uid)).toMatchObject({ dunning_status: 'retrying', last_failure_code: 'insufficient_funds', last_failure_message: 'Your card has insufficient funds.' });
  });

  it('a method gone at the provider: the attempt stays in flight (same attempt redelivered), then is recorded as failed after a few deliveries', async () => {
    const o = await ownerWithCard(t, CARDS.visa);
    const uid = await openRenewalInvoice(t, o);
    await t.database.db.execute(sql`update payment_information set payment_token = 'pm_gone' where account_uid = ${o.accountUid}`);
    await collectionJob({ uow: collectionDeps(t).uow, wakeOutbox: () => {} }).run(jobContext(t));
    const [m] = (await chargeMessages(t)).filter((x) => x.payload.invoiceUid === uid);
    const handler = chargeInvoiceHandler(collectionDeps(t));
    await expect(handler({ payload: m!.payload, attempts: 1 })).rejects.toThrow(/No such PaymentMethod/);
    expect(await invoiceRow(t, uid)).toMatchObject({ attempt_in_flight: 1, attempt_count: 0 });
    await handler({ payload: m!.payload, attempts: 3 });
    expect(await invoiceRow(t, uid)).toMatchObject({ attempt_in_flight: null, attempt_count: 1, dunning_status: 'retrying', last_failure_code: 'resource_missing' });
    await deliverCharges(t); // the message itself, delivered again: nothing more
    expect(await invoiceRow(t, uid)).toMatchObject({ attempt_count: 1 });
  });

  it('no saved card: a soft failure whose mail asks for a card', async () => {
    const o = await ownerWithCard(t, null);
    const uid = await openRenewalInvoice(t, o);
    await collect(t);
    expect(await invoiceRow(t, uid)).toMatchObject({ dunning_status: 'retrying', last_failure_code: 'no_payment_method', attempt_count: 1 });
    expect((await outboxOf('mail.payment-failed', uid))[0]!.payload).toMatchObject({ reason: 'no_payment_method', providerMessage: null });
  });
});
