import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { auditBothThemes } from './support/axe.ts';
import { apiCalls } from './support/api-calls.ts';
import { openBilling, payingCustomer, pdfText, saveCardOverApi } from './support/billing-customers.ts';
import { browserPerFile, newContext } from './support/browser.ts';
import { HARNESS } from './support/demo-page.ts';
import { decodedMail, mailboxPerFile, mailedResetLink, type Mail } from './support/mailbox.ts';
import { companyConfigPerFile, logIn } from './support/members-site.ts';
import { acceptTerms, fillCard, medium, openHarness, serverPerFile, uniqueEmail, usd } from './support/signup.ts';
import { setHarnessToken, signedInImportedOwner, todayStart, type ImportedOwner } from './support/team-owner.ts';

/**
 * Issue 17 'Must show', native billing, the admin clock moved past the period end (never waited for):
 * a paying customer's renewal invoice appears in Billing and its receipt arrives over SMTP with the PDF;
 * a soft decline (…9979) mails 'payment failed', the mail's link and the owner's login lead to
 * updatePaymentInformation while a team member's login lands on accountActionRequired, and the new card
 * pays the open invoice at once; a hard decline (…9987) is never retried while a soft one beside it is,
 * day 1, 3 and 7; a charge the bank wants authenticated mails the link to 'Authenticate your payment'; a downgrade
 * scheduled in the widget takes effect at the renewal, at the cheaper price.
 * In Chromium by role and label; axe and screenshots of the past-due screens in light and dark, 1280 and 390 px.
 */
const ADMIN_KEY = 'e2e-renewals-admin-key-0123456789';
const PASSWORD = 'Correct Horse Battery 42!';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const CARDS = { visa: '4242 4242 4242 4242', insufficientFunds: '4000000000009979', lostCard: '4000000000009987', authenticate: '4000002500003155' };
const env: Record<string, string> = { PORTICO_ADMIN_KEY: ADMIN_KEY };
const mails = mailboxPerFile(env);
// The demo company (its post-login page, the Northwind site, is where mailed links open) without the captcha and
// the confirmation mail: the customers are made over the API.
companyConfigPerFile(env, 'renewals', (demo) => {
  const config = demo.replace('requireEmailConfirmation: true', 'requireEmailConfirmation: false').replace('captcha:\n  provider: altcha', 'captcha:\n  provider: none');
  expect(config).toContain('requireEmailConfirmation: false');
  expect(config).toContain('provider: none');
  return config;
});
const session = browserPerFile();
const server = serverPerFile(env);
const api = apiCalls(() => server.url, ADMIN_KEY);
type PorticoWindow = { Portico: { open(s: string): Promise<void> } };

interface AdminInvoice {
  Uid: string; InvoiceNumber: number; Kind: string; Status: string; InvoiceDate: string; PeriodStart: string | null; Total: number;
  AttemptCount: number; AttemptInFlight: number | null; NextAttemptAt: string | null; DunningStatus: string | null; LastFailureCode: string | null;
}
interface AdminBilling { AccountStage: string | null; Invoices: AdminInvoice[]; Payments: { InvoiceUid: string | null; Status: string; Amount: number }[] }

/** The operator's view of an account's billing (GET /admin/accounts/{Uid}/billing). */
async function adminBilling(accountUid: string): Promise<AdminBilling> {
  const res = await api('GET', `/api/v1/admin/accounts/${accountUid}/billing`, { admin: true });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json as AdminBilling;
}
const renewalOf = async (accountUid: string) => (await adminBilling(accountUid)).Invoices.find((i) => i.Kind === 'renewal') ?? null;

/** Pins the server clock; moving it in development runs what became due (renewals, collection) within seconds. */
async function moveClock(at: number): Promise<void> {
  const res = await api('PUT', '/api/v1/admin/clock', { admin: true, body: { Now: new Date(at).toISOString() } });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
}
const resetClock = () => api('PUT', '/api/v1/admin/clock', { admin: true, body: { Reset: true } });

/** A fresh access token (tokens expire by the server clock, which the tests move a month on). */
async function signIn(email: string): Promise<string> {
  const res = await api('POST', '/api/v1/tokens', { form: { username: email, password: PASSWORD } });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.access_token as string;
}
const accountUidOf = async (token: string) => (await api('GET', '/api/v1/profile/account', { token })).json.Uid as string;

/** The current subscription's renewal date (the end of its period, 00:00 UTC) and plan. */
async function currentSubscription(token: string, accountUid: string): Promise<{ RenewalDate: string; Plan: { Uid: string; Name: string } }> {
  const res = await api('GET', `/api/v1/billing/subscriptions?Account.Uid=${accountUid}&current=1`, { token });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.items[0];
}

/** An imported Pro account (no trial, no billing address so no tax: $79.00 a month) whose owner saved `card`. */
async function proOwnerWithCard(tag: string, card: string): Promise<ImportedOwner> {
  const owner = await signedInImportedOwner(api, server.url, mails, {
    tag, password: PASSWORD, subscription: { StartDate: todayStart(), Plan: { Uid: 'plan-pro' }, Quantity: 1, BillingRenewalTerm: 'Monthly' },
  });
  await saveCardOverApi(api, server.url, owner, card);
  return owner;
}

/** The newest mail to `to` whose subject starts with `subject`, waited for (the outbox delivers within a second or two). */
async function mailTo(to: string, subject: string): Promise<string> {
  const find = () => mails.filter((m: Mail) => m.to.includes(to) && m.raw.includes(`Subject: ${subject}`)).at(-1);
  await expect.poll(() => find() !== undefined, { timeout: 20_000, interval: 200 }).toBe(true);
  return find()!.raw;
}

/** The PDF attached to a raw MIME mail, with its file name. */
function pdfAttachment(raw: string): { filename: string; bytes: Buffer } {
  const part = /Content-Type: application\/pdf[^\r\n]*(?:\r?\n[ \t][^\r\n]*)*((?:\r?\n[^\r\n]+)*)\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(raw);
  expect(part, 'a PDF part').not.toBeNull();
  const headers = raw.slice(raw.lastIndexOf('\n--', part!.index), part!.index + part![0].length - part![2]!.length);
  const filename = /filename="?([^";\r\n]+)"?/.exec(headers)?.[1] ?? /name="?([^";\r\n]+)"?/.exec(headers)?.[1] ?? '';
  return { filename, bytes: Buffer.from(part![2]!.replace(/\s/g, ''), 'base64') };
}

/** One invoice's row of the Billing screen's list. */
const invoiceRow = (billing: Locator, number: number) =>
  billing.getByRole('list', { name: 'Invoices' }).getByRole('listitem').filter({ has: billing.page().getByText(`Invoice #${number}`, { exact: true }) });

/** The row's text once the screen is opened again (the list is read when the screen opens). */
async function reopenedRowText(page: Page, number: number): Promise<string> {
  const billing = await openBilling(page);
  const row = invoiceRow(billing, number);
  return (await row.count()) ? (await row.textContent()) ?? '' : '';
}

/** The harness signed in through the login screen (the post-login routing runs as for any visitor). */
async function loginOnHarness(context: BrowserContext, email: string): Promise<Page> {
  const page = await openHarness(context, server.url);
  await page.evaluate(() => (window as unknown as PorticoWindow).Portico.open('login'));
  await logIn(page.getByRole('dialog', { name: 'Log in' }), email, PASSWORD);
  return page;
}

/** A new paying customer on Pro, its account, its renewal date, and the harness signed in as its owner. */
async function payingCustomerInHarness() {
  const customer = await payingCustomer(api, server.url, PASSWORD);
  const accountUid = await accountUidOf(customer.token);
  const { RenewalDate } = await currentSubscription(customer.token, accountUid);
  const page = await openHarness(session.context, server.url);
  await setHarnessToken(page, customer.token);
  return { customer, accountUid, RenewalDate, page };
}

/** Opens a mailed link in a new tab; the widget asks to log in first, and this person does. */
async function followMailedLinkAndLogIn(link: string, email: string): Promise<Page> {
  const page = await session.context.newPage();
  await page.goto(link);
  const gate = page.getByRole('dialog');
  await gate.getByRole('button', { name: 'Log in' }).waitFor();
  await logIn(gate, email, PASSWORD);
  return page;
}

describe('renewals: the invoice and receipt, dunning by decline kind, a scheduled downgrade', () => {
  test('a paying customer past the period end: the renewal invoice is in Billing, Paid, and the receipt arrives with its PDF', async () => {
    const { customer, accountUid, RenewalDate, page } = await payingCustomerInHarness();
    const before = await openBilling(page);
    await expect.poll(() => before.getByRole('list', { name: 'Invoices' }).getByRole('listitem').count()).toBe(1);
    expect(await renewalOf(accountUid)).toBeNull();
    try {
      await moveClock(Date.parse(RenewalDate) + HOUR);
      await expect.poll(async () => (await renewalOf(accountUid))?.Status, { timeout: 20_000, interval: 250 }).toBe('Paid');
      const renewal = (await renewalOf(accountUid))!;
      // Pro $79.00 and CA tax (7.25 %) for the new period; no setup fee this time.
      expect(renewal).toMatchObject({ PeriodStart: RenewalDate, Total: 84.73, AttemptCount: 1 });

      // The Billing screen, signed in again at the new time: the renewal invoice, its date, Paid, its amount.
      const later = await openHarness(session.context, server.url);
      await setHarnessToken(later, await signIn(customer.email));
      const billing = await openBilling(later);
      const row = invoiceRow(billing, renewal.InvoiceNumber);
      await row.waitFor();
      expect((await row.textContent())!.replace(/\s+/g, ' ')).toContain(`${medium(RenewalDate)} · Paid`);
      expect(await row.textContent()).toContain(usd(84.73));
      expect(await billing.getByRole('list', { name: 'Invoices' }).getByRole('listitem').count()).toBe(2);

      // The receipt over SMTP, the invoice's PDF attached, holding its number and total.
      const receipt = await mailTo(customer.email, `Your receipt from Northwind Analytics: ${usd(84.73)} paid`);
      const pdf = pdfAttachment(receipt);
      expect(pdf.filename).toBe(`invoice-${renewal.InvoiceNumber}.pdf`);
      const text = await pdfText(pdf.bytes);
      for (const s of [`#${renewal.InvoiceNumber}`, 'Pro', usd(84.73), 'Paid on']) expect(text, s).toContain(s);
      expect(text).not.toContain('Pro setup fee');
    } finally {
      await resetClock();
    }
  });

  test('a soft decline: the mail links to updatePaymentInformation, the owner lands there at login and a member on accountActionRequired; the new card pays at once', async () => {
    const owner = await proOwnerWithCard('soft', CARDS.insufficientFunds);
    const memberEmail = uniqueEmail('grace');
    const harness = new URL(HARNESS, server.url).href;
    const invited = await api('POST', `/api/v1/profile/account/people?parentUrl=${encodeURIComponent(harness)}`, {
      token: owner.token, body: { Email: memberEmail, FirstName: 'Grace', LastName: 'Hopper' },
    });
    expect(invited.status, JSON.stringify(invited.json)).toBe(201);
    const resetToken = new URL(await mailedResetLink(mails, memberEmail)).searchParams.get('resetToken')!;
    expect((await api('POST', `/api/v1/crm/people/resetPassword/${resetToken}`, { body: { NewPassword: PASSWORD } })).status).toBe(200);
    const { RenewalDate } = await currentSubscription(owner.token, owner.accountUid);
    try {
      await moveClock(Date.parse(RenewalDate) + HOUR);
      await expect.poll(async () => (await renewalOf(owner.accountUid))?.DunningStatus, { timeout: 20_000, interval: 250 }).toBe('retrying');
      const failed = (await renewalOf(owner.accountUid))!;
      expect(failed).toMatchObject({ Status: 'Open', AttemptCount: 1, Total: 79, LastFailureCode: 'insufficient_funds' });
      expect((await adminBilling(owner.accountUid)).AccountStage).toBe('PastDue');

      // The 'payment failed' mail: what failed, the bank's words, and the link that opens updatePaymentInformation.
      const mail = decodedMail(await mailTo(owner.email, 'Your payment to Northwind Analytics failed'));
      expect(mail).toContain(`We could not collect ${usd(79)} for invoice #${failed.InvoiceNumber} to Northwind Analytics. Your bank said: Your card has insufficient funds.`);
      const link = /(http:\/\/[^\s"<]+portico_open=updatePaymentInformation)/.exec(mail)![1]!.replaceAll('&amp;', '&');
      expect(new URL(link).origin).toBe(server.url);

      // The owner follows it: the widget asks to log in first, then shows updatePaymentInformation.
      const page = await followMailedLinkAndLogIn(link, owner.email);
      const update = page.getByRole('dialog', { name: 'Update payment information' });
      await update.getByRole('textbox', { name: 'Card number' }).waitFor();

      // The owner's own login (no link) lands there too, saying why; at phone width, light and dark.
      const phone = await newContext(session.browser, { viewport: { width: 390, height: 844 } });
      try {
        const ownerPhone = await loginOnHarness(phone, owner.email);
        const phoneUpdate = ownerPhone.getByRole('dialog', { name: 'Update payment information' });
        await phoneUpdate.getByText('Payment information is required.').waitFor();
        await phoneUpdate.getByRole('textbox', { name: 'Card number' }).waitFor();
        await auditBothThemes(ownerPhone, phoneUpdate, 'renewal-update-payment-phone');
        // Billing lists the invoice as Unpaid, and 'Pay now' leads back to the card form.
        const billing = await openBilling(ownerPhone);
        const unpaid = invoiceRow(billing, failed.InvoiceNumber);
        await unpaid.getByText('· Unpaid', { exact: false }).waitFor();
        await unpaid.getByRole('button', { name: `Pay invoice #${failed.InvoiceNumber} now` }).click();
        await ownerPhone.getByRole('dialog', { name: 'Update payment information' }).getByRole('button', { name: 'Save and pay $79.00' }).waitFor();
        // The member of the same account is told who can fix it.
        const memberPhone = await loginOnHarness(phone, memberEmail);
        const phoneAction = memberPhone.getByRole('dialog', { name: 'Action required' });
        await phoneAction.getByText('Ada Lovelace is the account owner and must log in to fix it.').waitFor();
        await auditBothThemes(memberPhone, phoneAction, 'renewal-action-required-phone');
      } finally {
        await phone.close();
      }
      const desktop = await newContext(session.browser);
      try {
        const member = await loginOnHarness(desktop, memberEmail);
        const action = member.getByRole('dialog', { name: 'Action required' });
        await action.getByText('This account needs attention before you can continue.').waitFor();
        await action.getByText('Ada Lovelace is the account owner and must log in to fix it.').waitFor();
        expect(await member.getByRole('dialog', { name: 'Update payment information' }).count()).toBe(0);
        await auditBothThemes(member, action, 'renewal-action-required-desktop');
      } finally {
        await desktop.close();
      }
      await auditBothThemes(page, update, 'renewal-update-payment-desktop');

      // The owner saves a good card: the open invoice is charged at once (no clock moved) and shows Paid.
      // The form says what saving does (never 'Nothing is charged now' with an invoice open).
      await update.getByText(`Saving this card pays invoice #${failed.InvoiceNumber} ($79.00) now. The receipt follows by email.`).waitFor();
      expect(await update.getByText('Nothing is charged now', { exact: false }).count()).toBe(0);
      await fillCard(update, CARDS.visa);
      await acceptTerms(update);
      await update.getByRole('button', { name: 'Save and pay $79.00' }).click();
      await page.getByText('Your card was saved. We are charging it $79.00 now; the receipt follows by email.').waitFor();
      await expect.poll(() => reopenedRowText(page, failed.InvoiceNumber), { timeout: 20_000, interval: 500 }).toMatch(/ · Paid/);
      const settled = await adminBilling(owner.accountUid);
      expect(settled.Invoices.find((i) => i.Uid === failed.Uid)).toMatchObject({ Status: 'Paid', AttemptCount: 2 });
      expect(settled.AccountStage).toBe('Subscribed');
      expect(settled.Payments.filter((p) => p.InvoiceUid === failed.Uid).map((p) => p.Status).sort()).toEqual(['failed', 'succeeded']);
    } finally {
      await resetClock();
    }
  });

  test('a hard decline is never retried, while a soft one beside it is retried on day 1, 3 and 7', async () => {
    const hard = await proOwnerWithCard('hard', CARDS.lostCard);
    const soft = await proOwnerWithCard('retried', CARDS.insufficientFunds);
    const { RenewalDate } = await currentSubscription(hard.token, hard.accountUid);
    expect((await currentSubscription(soft.token, soft.accountUid)).RenewalDate).toBe(RenewalDate);
    try {
      await moveClock(Date.parse(RenewalDate) + HOUR);
      await expect.poll(async () => (await renewalOf(hard.accountUid))?.DunningStatus, { timeout: 20_000, interval: 250 }).toBe('hard_declined');
      await expect.poll(async () => (await renewalOf(soft.accountUid))?.DunningStatus, { timeout: 20_000, interval: 250 }).toBe('retrying');
      expect(await renewalOf(hard.accountUid)).toMatchObject({ Status: 'Open', AttemptCount: 1, NextAttemptAt: null, LastFailureCode: 'lost_card' });
      const mail = decodedMail(await mailTo(hard.email, 'Your payment to Northwind Analytics failed'));
      expect(mail).not.toContain('We will try again');

      // The clock moved past each retry day: the soft decline's attempt count shows the collector ran each time.
      const firstFailure = Date.parse((await renewalOf(soft.accountUid))!.NextAttemptAt!) - DAY;
      for (const [days, softAttempts] of [[1, 2], [3, 3], [8, 4]] as const) {
        await moveClock(firstFailure + days * DAY + HOUR);
        await expect.poll(async () => (await renewalOf(soft.accountUid))?.AttemptCount, { timeout: 20_000, interval: 250 }).toBe(softAttempts);
        const h = (await renewalOf(hard.accountUid))!;
        expect(h, `day ${days}`).toMatchObject({ Status: 'Open', AttemptCount: 1, AttemptInFlight: null, DunningStatus: 'hard_declined', NextAttemptAt: null });
      }
      const billing = await adminBilling(hard.accountUid);
      expect(billing.Payments.filter((p) => p.InvoiceUid !== null).map((p) => p.Status)).toEqual(['failed']);
      expect(billing.AccountStage).toBe('PastDue');
    } finally {
      await resetClock();
    }
  });

  test("a renewal the bank wants authenticated is not retried: the mail's link opens 'Authenticate your payment' for that invoice after login", async () => {
    const owner = await proOwnerWithCard('sca', CARDS.authenticate);
    const { RenewalDate } = await currentSubscription(owner.token, owner.accountUid);
    try {
      await moveClock(Date.parse(RenewalDate) + HOUR);
      await expect.poll(async () => (await renewalOf(owner.accountUid))?.DunningStatus, { timeout: 20_000, interval: 250 }).toBe('action_required');
      const waiting = (await renewalOf(owner.accountUid))!;
      expect(waiting).toMatchObject({ Status: 'Open', AttemptCount: 1, NextAttemptAt: null });
      const mail = decodedMail(await mailTo(owner.email, 'Confirm your payment to Northwind Analytics'));
      const link = /(http:\/\/[^\s"<]+portico_pay_invoice=[A-Za-z0-9_-]+)/.exec(mail)![1]!.replaceAll('&amp;', '&');
      expect(new URL(link).searchParams.get('portico_pay_invoice')).toBe(waiting.Uid);

      const page = await followMailedLinkAndLogIn(link, owner.email);
      const pay = page.getByRole('dialog', { name: 'Authenticate your payment' });
      await pay.getByRole('list', { name: 'Invoice' }).getByText(String(waiting.InvoiceNumber), { exact: true }).waitFor();
      await pay.getByRole('button', { name: 'Authenticate payment' }).waitFor();
      expect(await page.getByRole('dialog', { name: 'Update payment information' }).count()).toBe(0);
    } finally {
      await resetClock();
    }
  });

  test('a downgrade scheduled in the widget takes effect at the renewal: the Plan screen shows Starter and the renewal invoice has its price', async () => {
    const { customer, accountUid, RenewalDate, page } = await payingCustomerInHarness();
    await page.evaluate(() => (window as unknown as PorticoWindow).Portico.open('planChange'));
    await page.getByRole('dialog', { name: 'Change plan' }).getByRole('button', { name: 'Choose Starter' }).click();
    const options = page.getByRole('dialog', { name: 'Edit plan options' });
    await options.getByText(`Nothing is charged today. Your plan changes to Starter on ${medium(RenewalDate)}; until then you keep Pro.`).waitFor();
    await options.getByRole('button', { name: 'Confirm change' }).click();
    await page.getByRole('dialog', { name: 'Plan changed' }).getByText('Nothing was charged.', { exact: false }).waitFor();
    try {
      await moveClock(Date.parse(RenewalDate) + HOUR);
      await expect.poll(async () => (await renewalOf(accountUid))?.Status, { timeout: 20_000, interval: 250 }).toBe('Paid');
      const renewal = (await renewalOf(accountUid))!;
      // Starter $29.00 and CA tax (7.25 %): $31.10, not Pro's $84.73.
      expect(renewal).toMatchObject({ PeriodStart: RenewalDate, Total: 31.1 });

      const later = await openHarness(session.context, server.url);
      await setHarnessToken(later, await signIn(customer.email));
      await later.evaluate(() => (window as unknown as PorticoWindow).Portico.open('plan'));
      const plan = later.getByRole('dialog', { name: 'Plan' });
      await plan.getByRole('list', { name: 'Current plan' }).getByText('Starter', { exact: true }).waitFor();
      expect(await plan.getByText(/Your plan changes to/).count()).toBe(0);
      const billing = await openBilling(later);
      const row = invoiceRow(billing, renewal.InvoiceNumber);
      await row.waitFor();
      expect(await row.textContent()).toContain(usd(31.1));
      expect(await row.textContent()).toContain('Paid');
    } finally {
      await resetClock();
    }
  });
});
