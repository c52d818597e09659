import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../team/team-test-helpers.ts';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';
import {
  authenticate, collect, COLLECTION_CARDS as CARDS, deliverCharges, invoiceRow, openRenewalInvoice, ownerWithCard, rows, saveCard,
} from './collection-test-helpers.ts';

/**
 * The invoice authentication (the bank asks for SCA on an off-session renewal charge) and the
 * operator's billing read, retry and void (docs/billing.md "Collection and dunning").
 */
let t: TestApp;
beforeAll(async () => { t = await createTestApp({ clock: '2026-03-15T12:00:00Z' }); });
afterAll(async () => { await t.close(); });

const paymentUrl = (uid: string) => `/api/v1/profile/account/invoices/${uid}/payment`;

describe('GET/POST /profile/account/invoices/{Uid}/payment: the bank asks the customer to authenticate', () => {
  it('leaves the invoice action_required with the intent\'s secret, mails the pay-invoice link, and books the authenticated charge exactly once', async () => {
    const o = await ownerWithCard(t, CARDS.authenticate);
    const uid = await openRenewalInvoice(t, o);
    await collect(t);
    const row = await invoiceRow(t, uid);
    expect(row).toMatchObject({ status: 'Open', dunning_status: 'action_required', next_attempt_at: null, last_failure_code: 'authentication_required' });
    expect(row.pending_intent_id).toMatch(/^pi_sbx_off/);
    const [mail] = await rows(t, sql`select payload from outbox where topic = 'mail.payment-failed' and payload->>'invoiceUid' = ${uid}`);
    expect(mail!.payload).toMatchObject({ reason: 'authentication_required' });

    const shown = await t.request({ method: 'GET', url: paymentUrl(uid), headers: bearer(o.token) });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toMatchObject({ InvoiceUid: uid, Amount: 29, Currency: 'USD', Status: 'Open', DunningStatus: 'action_required', ClientSecret: expect.stringMatching(/_secret_/) });
    const secret = shown.json().ClientSecret as string;

    // Not yet authenticated: 402 with the secret; a forged secret: 404.
    const early = await t.request({ method: 'POST', url: paymentUrl(uid), headers: bearer(o.token), payload: { PaymentClientSecret: secret } });
    expect(early.statusCode, early.body).toBe(402);
    expect(early.json().ErrorCode).toBe('Errors.PaymentAuthenticationRequired');
    const forged = await t.request({ method: 'POST', url: paymentUrl(uid), headers: bearer(o.token), payload: { PaymentClientSecret: `${secret.slice(0, -2)}xx` } });
    expect(forged.statusCode).toBe(404);

    await authenticate(t, secret);
    const headers = { ...bearer(o.token), 'idempotency-key': 'pay-invoice-0001' };
    const [a, b] = await Promise.all([
      t.request({ method: 'POST', url: paymentUrl(uid), headers, payload: { PaymentClientSecret: secret } }),
      t.request({ method: 'POST', url: paymentUrl(uid), headers: bearer(o.token), payload: { PaymentClientSecret: secret } }),
    ]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses[0], a.body + b.body).toBe(200);
    expect(a.statusCode === 200 ? a.json() : b.json()).toMatchObject({ Status: 'Paid', DunningStatus: null, ClientSecret: null });
    expect(await invoiceRow(t, uid)).toMatchObject({ status: 'Paid', pending_intent_id: null });
    expect(await rows(t, sql`select status from payments where invoice_uid = ${uid} and status = 'succeeded'`)).toHaveLength(1);
    expect(await rows(t, sql`select 1 from outbox where topic = 'mail.receipt' and payload->>'invoiceUid' = ${uid}`)).toHaveLength(1);
    const replay = await t.request({ method: 'POST', url: paymentUrl(uid), headers, payload: { PaymentClientSecret: secret } });
    expect(replay.statusCode).toBe(200);
    const after = await t.request({ method: 'POST', url: paymentUrl(uid), headers: bearer(o.token), payload: { PaymentClientSecret: secret } });
    expect(after.statusCode).toBe(409);
    expect(after.json().ErrorCode).toBe('Errors.InvoiceNotOpen');
  });
});

describe('a card saved while the bank waits for the customer', () => {
  it('an intent the customer authenticated meanwhile is booked by the new attempt, never charged twice', async () => {
    const o = await ownerWithCard(t, CARDS.authenticate);
    const uid = await openRenewalInvoice(t, o);
    await collect(t);
    const pending = (await invoiceRow(t, uid)).pending_intent_id as string;
    const secret = (await t.request({ method: 'GET', url: paymentUrl(uid), headers: bearer(o.token) })).json().ClientSecret as string;
    await authenticate(t, secret);
    const saved = await saveCard(t, o, CARDS.visa);
    expect(saved.statusCode, saved.body).toBe(200);
    await deliverCharges(t);
    expect(await invoiceRow(t, uid)).toMatchObject({ status: 'Paid', attempt_count: 2, pending_intent_id: null });
    expect(await rows(t, sql`select gateway_reference from payments where invoice_uid = ${uid} and status = 'succeeded'`)).toEqual([{ gateway_reference: pending }]);
    const late = await t.request({ method: 'POST', url: paymentUrl(uid), headers: bearer(o.token), payload: { PaymentClientSecret: secret } });
    expect(late.statusCode).toBe(409);
  });

  it('an intent still waiting is cancelled before the new card is charged', async () => {
    const o = await ownerWithCard(t, CARDS.authenticate);
    const uid = await openRenewalInvoice(t, o);
    await collect(t);
    const pending = (await invoiceRow(t, uid)).pending_intent_id as string;
    expect((await saveCard(t, o, CARDS.visa)).statusCode).toBe(200);
    await deliverCharges(t);
    expect(await invoiceRow(t, uid)).toMatchObject({ status: 'Paid', attempt_count: 2 });
    expect((await t.app.payments.gateway.retrieveIntent(pending)).status).toBe('canceled');
    expect(await rows(t, sql`select 1 from payments where invoice_uid = ${uid} and status = 'succeeded'`)).toHaveLength(1);
  });
});

describe('admin: billing read, retry, void', () => {
  it('reads invoices with their dunning state and payments; retries now (409 while in flight); voids (409 once paid)', async () => {
    const o = await ownerWithCard(t, CARDS.declinesCharges);
    const uid = await openRenewalInvoice(t, o);
    await collect(t);
    const billing = await t.admin({ method: 'GET', url: `/api/v1/admin/accounts/${o.accountUid}/billing` });
    expect(billing.statusCode, billing.body).toBe(200);
    const body = billing.json();
    expect(body).toMatchObject({ AccountUid: o.accountUid, AccountStage: 'PastDue', NextAttemptAt: expect.any(String) });
    expect(body.Invoices.find((i: { Uid: string }) => i.Uid === uid)).toMatchObject({ Status: 'Open', AttemptCount: 1, DunningStatus: 'retrying', LastFailureCode: 'card_declined' });
    expect(body.Payments).toEqual([expect.objectContaining({ InvoiceUid: uid, Status: 'failed', Amount: 29 })]);
    expect((await t.admin({ method: 'GET', url: '/api/v1/admin/accounts/no-such-account/billing' })).statusCode).toBe(404);

    const retry = await t.admin({ method: 'POST', url: `/api/v1/admin/invoices/${uid}/retry`, headers: { 'idempotency-key': 'retry-key-0001' } });
    expect(retry.statusCode, retry.body).toBe(202);
    expect(retry.json()).toMatchObject({ Attempt: 2, Invoice: { AttemptInFlight: 2 } });
    const replayed = await t.admin({ method: 'POST', url: `/api/v1/admin/invoices/${uid}/retry`, headers: { 'idempotency-key': 'retry-key-0001' } });
    expect(replayed.statusCode).toBe(202);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    const twice = await t.admin({ method: 'POST', url: `/api/v1/admin/invoices/${uid}/retry` });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().ErrorCode).toBe('Errors.InvoiceAttemptInFlight');
    const voidInFlight = await t.admin({ method: 'POST', url: `/api/v1/admin/invoices/${uid}/void` });
    expect(voidInFlight.json().ErrorCode).toBe('Errors.InvoiceAttemptInFlight');
    await deliverCharges(t);
    expect(await invoiceRow(t, uid)).toMatchObject({ attempt_count: 2, attempt_in_flight: null });

    const voided = await t.admin({ method: 'POST', url: `/api/v1/admin/invoices/${uid}/void`, headers: { 'idempotency-key': 'void-key-0001' } });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json()).toMatchObject({ Status: 'Void', NextAttemptAt: null, VoidedAt: expect.any(String) });
    const retryVoid = await t.admin({ method: 'POST', url: `/api/v1/admin/invoices/${uid}/retry` });
    expect(retryVoid.statusCode).toBe(409);
    expect(retryVoid.json().ErrorCode).toBe('Errors.InvoiceNotOpen');
    t.clock.set(new Date(t.clock.now().getTime() + 30 * 86_400_000));
    await collect(t);
    expect(await invoiceRow(t, uid)).toMatchObject({ status: 'Void', attempt_count: 2 });
  });

  it('void of a Paid invoice is 409 InvoiceNotOpen; unknown invoices 404; the member routes refuse the admin key', async () => {
    const o = await ownerWithCard(t, CARDS.visa);
    const uid = await openRenewalInvoice(t, o);
    await collect(t);
    const res = await t.admin({ method: 'POST', url: `/api/v1/admin/invoices/${uid}/void` });
    expect(res.statusCode).toBe(409);
    expect(res.json().ErrorCode).toBe('Errors.InvoiceNotOpen');
    expect((await t.admin({ method: 'POST', url: '/api/v1/admin/invoices/nope/retry' })).statusCode).toBe(404);
    expect((await t.request({ method: 'POST', url: `/api/v1/admin/invoices/${uid}/retry`, headers: bearer(o.token) })).statusCode).toBe(401);
  });
});
