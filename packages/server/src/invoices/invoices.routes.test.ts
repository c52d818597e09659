import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';
import { bearer, signedInCustomer, type TestCustomer } from '../testing/signed-in-test-helpers.ts';
import { pay } from '../payments/payments-test-helpers.ts';
import { unitOfWork } from '../unit-of-work.ts';
import { newUid } from '../ids/new-uid.ts';
import { invoiceRecipients } from './invoice-recipients.ts';
import { lineQuantity } from './invoice-document.ts';
import { createMailer } from '../mail/mailer.ts';
import { receiptMailHandler } from '../mail/receipt-mail.ts';
import { renderStoredInvoice } from './invoices.ts';

/**
 * Issue 16 "Invoice PDF" and native billing: a member's invoices newest first, 3 at a time; a
 * download link carrying a token for that one invoice; the PDF's text; another account's invoice
 * answered as unknown; a session's access token refused as a download token; 'Next payment'; and
 * the account's only card kept while the plan still has a payment to come.
 */
const TODAY = '2026-11-16T12:00:00Z';
let t: TestApp;
let a: TestCustomer;
let b: TestCustomer;
const invoiceUids: string[] = [];

async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false, verbosity: 0 }).promise;
  const parts: string[] = [];
  for (let p = 1; p <= pdf.numPages; p += 1) {
    const content = await (await pdf.getPage(p)).getTextContent();
    parts.push(content.items.map((i) => ('str' in i ? i.str : '')).join(' '));
  }
  return parts.join('\n');
}

/** An invoice of the account written the way billing writes one (the next gapless number). */
async function invoiceFor(accountUid: string, day: string, lines: unknown[], total: number, status: 'Open' | 'Paid' = 'Paid') {
  const uid = newUid();
  await unitOfWork(t.database.db).transaction(async (repos) => {
    await repos.invoices.insert({
      uid, accountUid, subscriptionUid: null, invoiceDate: new Date(`${day}T00:00:00Z`), currency: 'USD', subtotal: total, tax: 0, total,
      status, taxBehavior: 'exclusive', lines, kind: 'signup', paidAt: status === 'Paid' ? new Date(`${day}T00:00:00Z`) : null,
    });
  });
  return uid;
}

const plan = (amount: number) => ({ LineItemType: 1, LineItemEntityUid: 'plan-pro', Description: 'Pro', Amount: amount, Tax: 0, Total: amount, StartDate: '2026-10-01', EndDate: '2026-11-01' });

beforeAll(async () => {
  t = await createTestApp({ clock: TODAY });
  a = await signedInCustomer(t, { member: true, subscription: { Plan: { Uid: 'plan-pro' }, Quantity: 1, BillingRenewalTerm: 'Monthly' } });
  b = await signedInCustomer(t, { subscription: { Plan: { Uid: 'plan-pro' }, Quantity: 1, BillingRenewalTerm: 'Monthly' } });
  for (const [i, day] of ['2026-07-01', '2026-08-01', '2026-09-01', '2026-10-01', '2026-11-01'].entries()) {
    invoiceUids.push(await invoiceFor(a.accountUid, day, [plan(7900 + i), { LineItemType: 5, LineItemEntityUid: 'c', Description: 'WELCOME20', Amount: -1000, Tax: 0, Total: -1000, StartDate: null, EndDate: null }], 6900 + i));
  }
});
afterAll(async () => { await t.close(); });

const get = (token: string, url: string) => t.request({ method: 'GET', url, headers: bearer(token) });
const link = (token: string, uid: string) => t.request({ method: 'POST', url: `/api/v1/profile/account/invoices/${uid}/download`, headers: bearer(token) });

describe('GET /profile/account/invoices', () => {
  it('a member reads the account\'s invoices newest first, 3 at a time, with the total of all', async () => {
    const first = await get(a.member!.token, '/api/v1/profile/account/invoices?limit=3&offset=0&orderBy=InvoiceDate%20DESC');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().metadata).toEqual({ limit: 3, offset: 0, total: 5 });
    expect(first.json().items.map((i: { InvoiceDate: string }) => i.InvoiceDate)).toEqual(['2026-11-01', '2026-10-01', '2026-09-01']);
    expect(first.json().items[0]).toMatchObject({ BillingInvoiceStatus: 'Paid', Amount: 69.04, Currency: 'USD' });
    const more = await get(a.member!.token, '/api/v1/profile/account/invoices?limit=3&offset=3');
    expect(more.json().items.map((i: { InvoiceDate: string }) => i.InvoiceDate)).toEqual(['2026-08-01', '2026-07-01']);
  });

  it('another account sees only its own (none), and names of A\'s account never appear', async () => {
    const res = await get(b.primary.token, '/api/v1/profile/account/invoices');
    expect(res.json().metadata.total).toBe(0);
    expect((await get(b.primary.token, `/api/v1/profile/account/invoices?accountUid=${a.accountUid}`)).statusCode).toBe(404);
  });

  it('bad paging is a 400 in the one error shape, never a 500', async () => {
    for (const q of ['limit=1e308', 'offset=-1', 'orderBy=Amount', 'limit=%00', `accountUid=${'x'.repeat(5000)}`, '__proto__=1']) {
      const res = await get(a.primary.token, `/api/v1/profile/account/invoices?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().ErrorCode, q).toBeTruthy();
    }
  });
});

describe('the invoice PDF behind a short-lived download token', () => {
  it('a member\'s link downloads the PDF: company, customer, number, lines as quantity × unit price, discount, total, status, paid date', async () => {
    const res = await link(a.member!.token, invoiceUids[4]!);
    expect(res.statusCode, res.body).toBe(200);
    const { Url, ExpiresIn } = res.json();
    expect(Url).toMatch(new RegExp(`^/api/v1/billing/invoices/${invoiceUids[4]}/pdf\\?access_token=`));
    expect(ExpiresIn).toBe(300);
    expect(Url).not.toContain(a.member!.token);
    const pdf = await t.request({ method: 'GET', url: Url });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/^attachment; filename="invoice-\d+\.pdf"$/);
    const text = await pdfText(pdf.rawPayload);
    for (const s of ['Northwind Analytics', '100 Harbour Street', String(a.account.Name), 'Invoice', 'Pro', '1 × $79.04', '$79.04', 'Discount', '-$10.00', 'Total', '$69.04', 'Paid', 'Nov 1, 2026']) {
      expect(text, s).toContain(s);
    }
  });

  it('the token works for its one invoice only; a session access token, a forged or expired token are refused', async () => {
    const { Url } = (await link(a.primary.token, invoiceUids[0]!)).json();
    const token = new URL(Url, 'http://x').searchParams.get('access_token')!;
    expect((await t.request({ method: 'GET', url: `/api/v1/billing/invoices/${invoiceUids[1]}/pdf?access_token=${token}` })).statusCode).toBe(404);
    const session = await t.request({ method: 'GET', url: `/api/v1/billing/invoices/${invoiceUids[0]}/pdf?access_token=${a.primary.token}` });
    expect(session.statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: `/api/v1/billing/invoices/${invoiceUids[0]}/pdf?access_token=${token.slice(0, -4)}AAAA` })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: `/api/v1/billing/invoices/${invoiceUids[0]}/pdf` })).statusCode).toBe(400);
    // Five minutes on, the same link has expired.
    const at = t.clock.now();
    t.clock.set(new Date(at.getTime() + 6 * 60_000));
    try {
      expect((await t.request({ method: 'GET', url: Url })).statusCode).toBe(401);
    } finally {
      t.clock.set(at);
    }
  });

  it('another account\'s invoice: the link and the PDF answer 404 like an unknown uid, and say nothing of it', async () => {
    const other = await link(b.primary.token, invoiceUids[0]!);
    const unknown = await link(b.primary.token, 'no-such-invoice');
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(unknown.json());
    expect(other.body).not.toContain(a.accountUid);
  });
});

describe('next payment and the only card', () => {
  it('\'Next payment\' is the renewal summary of the current subscription', async () => {
    const res = await get(a.member!.token, '/api/v1/profile/account/next-payment');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().NextPayment).toMatchObject({ Total: 79, Currency: 'USD' });
    expect(res.json().NextPayment.InvoiceDate).toMatch(/^2026-12-\d\d$/);
  });

  it('removing the only card of a paying plan is refused with the reason; on a free plan it goes', async () => {
    const setup = await t.admin({ method: 'POST', url: `/api/v1/billing/paymentinformation/stripe/setup-intent?accountUid=${a.accountUid}`, payload: {} });
    await pay(t, setup.json().ClientSecret);
    const saved = await t.request({ method: 'POST', url: '/api/v1/billing/paymentinformation', headers: bearer(a.primary.token), payload: { PaymentClientSecret: setup.json().ClientSecret, mode: 'enter', Account: { Uid: a.accountUid } } });
    expect(saved.statusCode, saved.body).toBe(200);
    const refused = await t.request({ method: 'DELETE', url: `/api/v1/billing/paymentInformation/${saved.json().Uid}`, headers: bearer(a.primary.token) });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ ErrorCode: 'Errors.PaymentInformationInUse', Message: 'This card pays for your Pro plan. Add another card before removing it, or cancel the plan.' });
    const still = await t.request({ method: 'GET', url: `/api/v1/billing/paymentinformation?accountUid=${a.accountUid}`, headers: bearer(a.primary.token) });
    expect(still.json().items).toHaveLength(1);

    const free = await signedInCustomer(t, { subscription: { Plan: { Uid: 'plan-free' }, Quantity: 1, BillingRenewalTerm: 'Monthly' } });
    const s2 = await t.admin({ method: 'POST', url: `/api/v1/billing/paymentinformation/stripe/setup-intent?accountUid=${free.accountUid}`, payload: {} });
    await pay(t, s2.json().ClientSecret);
    const card = await t.request({ method: 'POST', url: '/api/v1/billing/paymentinformation', headers: bearer(free.primary.token), payload: { PaymentClientSecret: s2.json().ClientSecret, mode: 'enter', Account: { Uid: free.accountUid } } });
    const removed = await t.request({ method: 'DELETE', url: `/api/v1/billing/paymentInformation/${card.json().Uid}`, headers: bearer(free.primary.token) });
    expect(removed.statusCode, removed.body).toBe(204);
  });
});

describe('invoice recipients', () => {
  it('the marked people, and the owner when no one is marked', async () => {
    const repos = unitOfWork(t.database.db);
    expect(await invoiceRecipients(repos, a.accountUid)).toEqual([{ email: a.primary.email, firstName: a.primary.firstName }]);
    // The import marks the owner; with no one marked the owner still gets them.
    const owner = (await repos.team.page(a.accountUid, { isPrimary: true }, [], { limit: 1, offset: 0 })).items[0]!;
    await repos.team.setReceiveInvoices(owner.uid, false);
    expect(await invoiceRecipients(repos, a.accountUid)).toEqual([{ email: a.primary.email, firstName: a.primary.firstName }]);
    const res = await t.request({ method: 'PUT', url: `/api/v1/profile/account/people/${a.member!.linkUid}`, headers: bearer(a.primary.token), payload: { ReceiveInvoices: true } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await invoiceRecipients(repos, a.accountUid)).toEqual([{ email: a.member!.email, firstName: a.member!.firstName }]);
    await repos.team.setReceiveInvoices(owner.uid, true);
    expect((await invoiceRecipients(repos, a.accountUid)).map((p) => p.email)).toEqual([a.member!.email, a.primary.email]);
    const list = await get(a.member!.token, '/api/v1/profile/account/people?limit=25&orderBy=IsPrimary%20DESC,%20ReceiveInvoices%20DESC,%20LastName,%20FirstName,%20Email');
    expect(list.json().items.map((m: { Person: { Email: string } }) => m.Person.Email)).toEqual([a.primary.email, a.member!.email]);
  });
});

describe('the receipt: to the invoice recipients, with the PDF', () => {
  it('one message to the marked people, the invoice\'s PDF attached; without an account, to the payer as before', async () => {
    const uow = unitOfWork(t.database.db);
    const mailer = createMailer({ from: 'Northwind <billing@example.com>', production: false });
    const handler = receiptMailHandler({
      mailer, companyName: 'Northwind Analytics', people: uow.people,
      invoiceRecipients: (accountUid) => invoiceRecipients(uow, accountUid),
      invoicePdf: async (uid) => {
        const invoice = await uow.invoices.get(uid);
        return invoice ? { pdf: await renderStoredInvoice({ uow, config: t.config }, invoice), invoiceNumber: invoice.invoiceNumber } : null;
      },
    });
    const receipt = { invoiceNumber: 7, invoiceDate: '2026-11-01', currency: 'USD', amountPaid: 6904, tax: 0, discount: 1000, plan: 'Pro', term: 'Monthly' as const, card: null, next: null };
    await handler({ payload: { personUid: a.primary.uid, accountUid: a.accountUid, invoiceUid: invoiceUids[4], receipt } });
    const [mail] = mailer.sent();
    const marked = (await invoiceRecipients(uow, a.accountUid)).map((p) => p.email);
    expect(mail!.to).toBe(marked.join(', '));
    expect(mail!.attachments).toHaveLength(1);
    expect(mail!.attachments![0]).toMatchObject({ contentType: 'application/pdf', filename: expect.stringMatching(/^invoice-\d+\.pdf$/) });
    expect(await pdfText(mail!.attachments![0]!.content)).toContain('$69.04');
    await handler({ payload: { personUid: a.member!.uid, receipt } });
    expect(mailer.sent()[0]!.to).toBe(a.member!.email);
    expect(mailer.sent()[0]!.attachments).toBeUndefined();
  });
});

describe('bad input on the PDF route: one error shape, never a 500', () => {
  it('a NUL, a huge token, an odd uid', async () => {
    for (const url of [
      `/api/v1/billing/invoices/${invoiceUids[0]}/pdf?access_token=%00`,
      `/api/v1/billing/invoices/${invoiceUids[0]}/pdf?access_token=${'x'.repeat(5000)}`,
      `/api/v1/billing/invoices/${'%00'}/pdf?access_token=abc`,
      `/api/v1/billing/invoices/${invoiceUids[0]}/pdf?access_token=abc&__proto__=1`,
    ]) {
      const res = await t.request({ method: 'GET', url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.json().ErrorCode, url).toMatch(/^Errors\./);
    }
  });
});

describe('a line as quantity × unit price', () => {
  it('the subscription\'s quantity when the amount divides by it, else 1 × the amount charged', () => {
    expect(lineQuantity(2500, 5)).toEqual({ quantity: 5, unitPrice: 500 });
    expect(lineQuantity(2501, 5)).toEqual({ quantity: 1, unitPrice: 2501 });
    expect(lineQuantity(-677, undefined)).toEqual({ quantity: 1, unitPrice: -677 });
  });
});
