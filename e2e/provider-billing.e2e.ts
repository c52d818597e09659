import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { apiCalls } from './support/api-calls.ts';
import { auditBothThemes, expectNoSeriousViolations, POPUP_HOST as POPUP } from './support/axe.ts';
import { browserPerFile } from './support/browser.ts';
import { describeFocus, screenshotPath } from './support/demo-page.ts';
import { mailboxPerFile } from './support/mailbox.ts';
import { companyConfigPerFile } from './support/members-site.ts';
import { medium, openHarness, SANDBOX, serverPerFile } from './support/signup.ts';
import { setHarnessTheme, setHarnessToken, signedInTeamOwner } from './support/team-owner.ts';

/**
 * Issue 16 "Card-provider variant" on the sandbox as the provider (docs/payments.md "Provider billing"):
 * a company whose billing is the provider's (billing.system Stripe) with the sandbox gateway. The owner
 * has a card saved (their customer at the provider) and a subscription made with the sandbox's dashboard
 * call, four months old, so four invoices. The billing screen lists the subscription and the invoices
 * (3, then 'View more'); an invoice link opens the sandbox's printable invoice; 'Manage subscriptions'
 * opens the sandbox's portal page, where cancelling at the period's end and returning shows the
 * subscription ending and no longer renewing. Light and dark, desktop and phone, axe on the widget and the pages.
 */
const ADMIN_KEY = 'e2e-provider-billing-admin-key-0123';
const PASSWORD = 'Correct Horse Battery 42!';
const COMPANY = 'Northwind Analytics';
const env: Record<string, string> = { PORTICO_ADMIN_KEY: ADMIN_KEY };
companyConfigPerFile(env, 'provider-billing', (demo) => {
  const config = demo.replace('billing:\n  system: Native', 'billing:\n  system: Stripe');
  expect(config).toContain('system: Stripe');
  return config;
});
const mails = mailboxPerFile(env);
const session = browserPerFile();
const server = serverPerFile(env);
const api = apiCalls(() => server.url, ADMIN_KEY);

/** The owner saves a card, as the widget's card form does: the account's customer at the sandbox. */
async function saveCard(token: string, accountUid: string): Promise<string> {
  const base = '/api/v1/billing/paymentinformation';
  const setup = await api('POST', `${base}/stripe/setup-intent?accountUid=${accountUid}`, { token, body: {} });
  expect(setup.status, JSON.stringify(setup.json)).toBe(200);
  const config = await api('GET', `${base}/configuration`);
  const card = await api('POST', '/sandbox/v1/tokens', {
    body: { api_login_id: config.json.PublishableKey, card_number: SANDBOX.ok, expire_month: '12', expire_year: '2034', cvv: '123', name_on_card: 'Ada Lovelace' },
  });
  expect(card.status, JSON.stringify(card.json)).toBe(201);
  expect((await api('POST', '/sandbox/v1/intents/confirm', { body: { client_secret: setup.json.ClientSecret, payment_method: card.json.onetime_token } })).status).toBe(200);
  const saved = await api('POST', base, {
    token, body: { CustomerToken: setup.json.CustomerToken, PaymentClientSecret: setup.json.ClientSecret, PaymentToken: card.json.onetime_token, mode: 'enter', Account: { Uid: accountUid } },
  });
  expect(saved.status, JSON.stringify(saved.json)).toBe(200);
  return setup.json.CustomerToken as string;
}

async function openBilling(page: Page) {
  await page.evaluate(() => (window as unknown as { Portico: { open(s: string): Promise<void> } }).Portico.open('billing'));
  const dialog = page.getByRole('dialog', { name: 'Billing' });
  await dialog.getByRole('table').first().waitFor();
  return dialog;
}

describe('payment-provider billing with the sandbox as the provider', () => {
  test('subscriptions, invoices with View more and their printable page, the portal: cancel there and come back', async () => {
    const { email, token } = await signedInTeamOwner(api, server.url, mails, 'provider', PASSWORD);
    const me = await api('GET', '/api/v1/auth/session', { token });
    const accountUid = me.json.AccountUid as string;
    expect(email).toContain('@');
    const customer = await saveCard(token, accountUid);
    const made = await api('POST', '/sandbox/v1/subscriptions', {
      admin: true,
      body: {
        customer, periods: 4,
        items: [
          { product_name: 'Team', unit_amount: 4900, currency: 'usd', interval: 'month', quantity: 1 },
          { product_name: 'Extra seats', unit_amount: 500, currency: 'usd', interval: 'month', quantity: 3 },
        ],
      },
    });
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    const start = medium(made.json.start_date as string);
    const renews = medium(made.json.current_period_end as string);

    // The billing screen at desktop width.
    const page = await openHarness(session.context, server.url);
    await page.setViewportSize({ width: 1280, height: 900 });
    await setHarnessToken(page, token);
    let billing = await openBilling(page);
    const subs = billing.getByRole('region', { name: 'Subscriptions' }).getByRole('table');
    await subs.getByRole('columnheader', { name: 'Renewal Date' }).waitFor();
    const row = subs.getByRole('row').nth(1);
    await row.getByRole('rowheader', { name: 'Team Extra seats × 3' }).waitFor();
    expect(await row.getByRole('cell').allInnerTexts()).toEqual(['Active', `Since ${start}`, renews]);

    const invoices = billing.getByRole('region', { name: 'Invoices' }).getByRole('table');
    await expect.poll(() => invoices.getByRole('link', { name: /^Download PDF: invoice of / }).count()).toBe(3);
    expect(await invoices.getByRole('row').nth(1).getByRole('cell').allInnerTexts()).toEqual([expect.any(String), '$64.00', 'Paid', 'Download PDF']);
    await auditBothThemes(page, page.getByRole('dialog', { name: 'Billing' }), 'provider-billing-desktop');
    await billing.getByRole('button', { name: 'View more' }).click();
    await expect.poll(() => invoices.getByRole('link', { name: /^Download PDF: invoice of / }).count()).toBe(4);
    expect(await billing.getByRole('button', { name: 'View more' }).count()).toBe(0);
    // The focus moved to the first invoice 'View more' added, not lost with the button.
    expect(await describeFocus(page)).toBe(`<td> ${start}`);
    const dates = await invoices.locator('tbody tr td:first-child').allInnerTexts();
    expect(dates.map((d) => Date.parse(d))).toEqual([...dates.map((d) => Date.parse(d))].sort((a, b) => b - a));
    expect(dates.at(-1)).toBe(start);

    // The newest invoice's link opens the sandbox's printable invoice in a new tab.
    const link = invoices.getByRole('link', { name: /^Download PDF: invoice of / }).first();
    expect(await link.getAttribute('target')).toBe('_blank');
    const [invoiceTab] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
    await invoiceTab.waitForLoadState();
    await invoiceTab.getByRole('heading', { name: /^Invoice SBX-/ }).waitFor();
    await invoiceTab.getByRole('cell', { name: 'Extra seats' }).waitFor();
    expect(await invoiceTab.locator('tfoot').innerText()).toContain('$64.00');
    for (const scheme of ['light', 'dark'] as const) {
      await invoiceTab.emulateMedia({ colorScheme: scheme });
      await expectNoSeriousViolations(invoiceTab);
      await invoiceTab.screenshot({ path: screenshotPath(`provider-billing-invoice-${scheme}`), fullPage: true });
    }
    await invoiceTab.close();

    // Phone width: the same screen, axe clean.
    await page.setViewportSize({ width: 390, height: 844 });
    await auditBothThemes(page, page.getByRole('dialog', { name: 'Billing' }), 'provider-billing-phone');
    await page.setViewportSize({ width: 1280, height: 900 });
    await setHarnessTheme(page, 'light');

    // 'Manage subscriptions' goes to the sandbox's portal page for this customer.
    await billing.getByRole('button', { name: 'Manage subscriptions' }).click();
    await page.waitForURL(/\/sandbox\/v1\/portal\/bps_sbx_/);
    await page.getByRole('heading', { name: 'Billing', level: 1 }).waitFor();
    await page.getByText(`Renews on ${renews}: the next charge is $64.00.`).waitFor();
    await page.getByText('Visa ending in 4242').waitFor();
    expect(await page.getByRole('link', { name: /^View invoice SBX-/ }).count()).toBe(4);
    for (const [scheme, width] of [['light', 1280], ['dark', 1280], ['light', 390], ['dark', 390]] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width, height: 900 });
      await expectNoSeriousViolations(page);
      await page.screenshot({ path: screenshotPath(`provider-billing-portal-${width}-${scheme}`), fullPage: true });
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await page.getByText(`Cancels on ${renews}. Nothing more is charged.`).waitFor();
    await page.getByRole('button', { name: 'Renew subscription' }).waitFor();
    await page.screenshot({ path: screenshotPath('provider-billing-portal-cancelled-light'), fullPage: true });
    await page.getByRole('link', { name: `Return to ${COMPANY}` }).click();
    await page.waitForURL((u) => u.pathname === '/harness.html');
    await page.waitForFunction(() => 'Portico' in window);

    // Back on the site: the subscription now ends with its period and no longer renews.
    await setHarnessToken(page, token);
    billing = await openBilling(page);
    const after = billing.getByRole('region', { name: 'Subscriptions' }).getByRole('table').getByRole('row').nth(1);
    await expect.poll(() => after.getByRole('cell').allInnerTexts()).toEqual(['Active', `${start} – ${renews}`, 'Does not renew']);
    expect(await billing.getByText(/scheduled to end/).count()).toBe(0);

    // The account is Cancelling (what Stripe's webhook would record; the sandbox sends none, so the operator's
    // stage call stands in): the notice names the end, the latest CancelAt, in long style.
    const stage = await api('PUT', `/api/v1/admin/accounts/${accountUid}/stage`, { admin: true, body: { AccountStage: 'Cancelling' } });
    expect(stage.status, JSON.stringify(stage.json)).toBe(200);
    await page.reload();
    await page.waitForFunction(() => 'Portico' in window);
    await setHarnessToken(page, token);
    billing = await openBilling(page);
    const long = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(made.json.current_period_end as string));
    await billing.getByRole('status').getByText(`Your subscription is scheduled to end on ${long}`, { exact: true }).waitFor();
    await auditBothThemes(page, page.getByRole('dialog', { name: 'Billing' }), 'provider-billing-cancelled');
  });

  test('an account with nothing at the provider yet: no subscriptions, no invoices', async () => {
    const { token } = await signedInTeamOwner(api, server.url, mails, 'fresh', PASSWORD);
    const page = await openHarness(session.context, server.url);
    await setHarnessToken(page, token);
    await page.evaluate(() => (window as unknown as { Portico: { open(s: string): Promise<void> } }).Portico.open('billing'));
    const billing = page.getByRole('dialog', { name: 'Billing' });
    await billing.getByText('You have no subscriptions yet.').waitFor();
    await billing.getByText('No invoices yet.').waitFor();
    // Nothing to manage yet: no portal button (the account has no customer at the provider).
    expect(await billing.getByRole('button', { name: 'Manage subscriptions' }).count()).toBe(0);
    await setHarnessTheme(page, 'dark');
    await expectNoSeriousViolations(page, POPUP);
    await billing.screenshot({ path: screenshotPath('provider-billing-empty-dark') });
  });
});
