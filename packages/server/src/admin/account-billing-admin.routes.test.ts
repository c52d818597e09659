import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';
import { importCustomer } from '../billing/billing-test-helpers.ts';
import { unitOfWork } from '../unit-of-work.ts';
import { newUid } from '../ids/new-uid.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp({ clock: '2026-03-15T12:00:00Z' }); });
afterAll(async () => { await t.close(); });

const read = (uid: string, query = '') => t.admin({ method: 'GET', url: `/api/v1/admin/accounts/${uid}/billing${query}` });

describe('GET /api/v1/admin/accounts/{Uid}/billing (issue 17 operator controls)', () => {
  it('answers the stage, the invoices with their collection state and the payments, newest first, amounts in major units', async () => {
    const a = await importCustomer(t);
    const other = await importCustomer(t);
    const empty = await read(a.Uid);
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json()).toEqual({ AccountUid: a.Uid, AccountStage: null, Invoices: [], Payments: [] });

    const uow = unitOfWork(t.database.db);
    const invoiceUid = newUid();
    await uow.invoices.insert({
      uid: invoiceUid, accountUid: a.Uid, subscriptionUid: null, invoiceDate: new Date('2026-03-10T00:00:00Z'), currency: 'USD',
      subtotal: 2900, tax: 0, total: 2900, status: 'Open', taxBehavior: null, lines: [], kind: 'renewal',
      periodStart: new Date('2026-02-10T00:00:00Z'), periodEnd: new Date('2026-03-10T00:00:00Z'),
    });
    await uow.invoices.insert({
      uid: newUid(), accountUid: other.Uid, subscriptionUid: null, invoiceDate: new Date('2026-03-10T00:00:00Z'), currency: 'USD',
      subtotal: 100, tax: 0, total: 100, status: 'Open', taxBehavior: null, lines: [],
    });
    await uow.payments.insertPayment({
      uid: newUid(), accountUid: a.Uid, invoiceUid, gateway: 'sandbox', gatewayReference: `pi_${newUid()}`, amount: 2900, currency: 'USD',
      status: 'failed', failureMessage: 'Your card has insufficient funds.',
    });
    const res = await read(a.Uid);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.Invoices).toHaveLength(1); // not the other account's
    expect(body.Invoices[0]).toMatchObject({
      Uid: invoiceUid, Kind: 'renewal', Status: 'Open', Total: 29, AmountPaid: 0, Currency: 'USD',
      PeriodStart: '2026-02-10T00:00:00.000Z', PeriodEnd: '2026-03-10T00:00:00.000Z',
      AttemptCount: 0, AttemptInFlight: null, NextAttemptAt: null, DunningStatus: null, LastFailureCode: null, VoidedAt: null,
    });
    expect(body.Payments).toEqual([expect.objectContaining({ InvoiceUid: invoiceUid, Amount: 29, Status: 'failed', FailureMessage: 'Your card has insufficient funds.' })]);
  });

  it('refuses an unknown account, a bad limit and a call without the admin key', async () => {
    const a = await importCustomer(t);
    expect((await read('no-such-account')).statusCode).toBe(404);
    for (const q of ['?limit=0', '?limit=1e308', '?limit=x', '?limit=501']) expect((await read(a.Uid, q)).statusCode, q).toBe(400);
    expect((await read(a.Uid, '?limit=1')).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: `/api/v1/admin/accounts/${a.Uid}/billing` })).statusCode).toBe(401);
  });
});
