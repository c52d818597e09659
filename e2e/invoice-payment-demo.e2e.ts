import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { expectNoSeriousViolations } from './support/axe.ts';
import { browserPerFile, newContext } from './support/browser.ts';
import { HARNESS, openDemoPage, screenshotPath } from './support/demo-page.ts';
import { setHarnessTheme } from './support/team-owner.ts';

/**
 * Issue 17: 'Authenticate your payment' for one invoice, opened from the renewal mail's link
 * (`?portico_pay_invoice=<uid>`) in demo mode (the demo transport answers the invoice's payment, the
 * demo sandbox confirms with no bank step). By role and label, axe in light and dark, desktop and phone.
 */
const session = browserPerFile();
const POPUP = { include: ['[data-portico-popup-host]'] };
const link = (invoiceUid: string) => `${HARNESS}?demo=1&persona=teamOwner&portico_pay_invoice=${invoiceUid}`;

async function openFromMail(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Authenticate your payment' });
  await dialog.getByRole('heading', { name: 'Authenticate your payment', level: 2 }).waitFor();
  return dialog;
}

describe("invoicePayment: the renewal mail's 'Authenticate your payment' (demo mode)", () => {
  test('shows the invoice, its amount and what it is for; the one button pays it: Payment received, then Billing', async () => {
    const requests: string[] = [];
    const page = await openDemoPage(session.context, link('demo-invoice-open'));
    page.on('request', (r) => { if (new URL(r.url()).pathname.startsWith('/api/')) requests.push(r.url()); });
    expect(new URL(page.url()).searchParams.has('portico_pay_invoice')).toBe(false); // read once, removed from the address
    const dialog = await openFromMail(page);
    await dialog.getByText('Your bank asks you to confirm this payment before it goes through.').waitFor();
    const details = dialog.getByRole('list', { name: 'Invoice' });
    await details.getByText('1041', { exact: true }).waitFor();
    expect(await details.textContent()).toMatch(/Amount\$[\d,]+\.\d\d/);
    await details.getByText(/^Your .+ plan$/).waitFor();
    for (const mode of ['light', 'dark'] as const) {
      await setHarnessTheme(page, mode);
      await expectNoSeriousViolations(page, POPUP);
      await dialog.screenshot({ path: screenshotPath(`invoice-payment-desktop-${mode}`) });
    }
    await setHarnessTheme(page, 'light');
    await dialog.getByRole('button', { name: 'Authenticate payment' }).click();
    await dialog.getByText('Payment received', { exact: true }).waitFor();
    await dialog.getByText(/Invoice 1041 is paid/).waitFor();
    await expectNoSeriousViolations(page, POPUP);
    await dialog.screenshot({ path: screenshotPath('invoice-payment-received-light') });
    await dialog.getByRole('button', { name: 'Go to Billing' }).click();
    await page.getByRole('dialog', { name: 'Billing' }).getByText('Visa ending in 4242', { exact: true }).waitFor();
    expect(requests).toEqual([]);
  });

  test('an invoice already paid says so calmly, with the way to Billing; a void one says it was cancelled', async () => {
    const page = await openDemoPage(session.context, link('demo-invoice-2'));
    let dialog = await openFromMail(page);
    await dialog.getByText('This invoice is paid', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Go to Billing' }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Authenticate payment' }).count()).toBe(0);
    const voided = await openDemoPage(session.context, link('demo-invoice-void'));
    dialog = await openFromMail(voided);
    await dialog.getByText('This invoice was cancelled', { exact: true }).waitFor();
  });

  test('phone width, light and dark, axe clean', async () => {
    const phone = await newContext(session.browser, { viewport: { width: 390, height: 844 } });
    const page = await openDemoPage(phone, link('demo-invoice-open'));
    const dialog = await openFromMail(page);
    await dialog.getByRole('button', { name: 'Authenticate payment' }).waitFor();
    for (const mode of ['light', 'dark'] as const) {
      await setHarnessTheme(page, mode);
      await expectNoSeriousViolations(page, POPUP);
      await dialog.screenshot({ path: screenshotPath(`invoice-payment-phone-${mode}`) });
    }
    await phone.close();
  });
});
