import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { expectNoSeriousViolations } from './support/axe.ts';
import { browserPerFile } from './support/browser.ts';
import { screenshotPath } from './support/demo-page.ts';
import { decodedMail, mailboxPerFile, type Mail } from './support/mailbox.ts';
import { acceptTerms, captchaSolved, fillPerson, medium, openHarness, openPopup, registrationRequest, serverPerFile, uniqueEmail } from './support/signup.ts';

/**
 * A paid sign-up on the Northwind site (issue 13 section 3 item 4): the confirmation states what
 * was paid and what follows, and the receipt arrives over SMTP with the same facts. The demo
 * company's own config: email confirmation, the ALTCHA captcha, the sandbox gateway.
 */
const env: Record<string, string> = {};
const mails = mailboxPerFile(env);
const server = serverPerFile(env);
const session = browserPerFile();
/** A whole sign-up (the captcha's proof of work, the bank's page, the mail) on a loaded two-core machine. */

/** The mail as a person reads it: quoted-printable undone, its UTF-8 read back. */
const readable = (m: Mail) => Buffer.from(decodedMail(m.raw), 'latin1').toString('utf8');

/** The receipt mailed to `to` (the outbox delivers within a second or two). */
async function receiptTo(to: string): Promise<string> {
  for (let i = 0; i < 150; i++) {
    const mail = mails.find((m) => m.to.includes(to) && /^Subject: Your receipt from /m.test(m.raw));
    if (mail) return readable(mail);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no receipt mailed to ${to}`);
}

/** The sandbox card as a person types it: the expiry as '12/30'. */
async function typeCard(form: Locator, number = '4242424242424242'): Promise<void> {
  await form.getByRole('textbox', { name: 'Name on card' }).fill('Ada Lovelace');
  await form.getByRole('textbox', { name: 'Card number' }).pressSequentially(number);
  await form.getByRole('textbox', { name: 'Exp' }).pressSequentially('12/30');
  await form.getByRole('textbox', { name: 'CVV' }).fill('123');
}

/** From the site's pricing section: Pro → Sign up → Checkout → pay. Returns the registration's answer. */
async function paidSignUp(page: Page, email: string) {
  await page.goto(new URL('/', server.url).href);
  const pricing = page.getByRole('region', { name: 'Simple pricing' });
  await pricing.getByRole('button', { name: 'Choose Pro' }).click();
  const register = pricing.getByRole('region', { name: 'Sign up' });
  await fillPerson(register, { email });
  await acceptTerms(register);
  await register.getByRole('button', { name: 'Continue to checkout' }).click();
  const checkout = pricing.getByRole('region', { name: 'Checkout' });
  // CA tax on Pro ($79.00) and its setup fee ($49.00): 7.25 % of $128.00 = $9.28.
  await checkout.getByRole('region', { name: 'Order summary' }).getByRole('row', { name: 'Total due today $137.28' }).waitFor();
  await typeCard(checkout);
  await captchaSolved(checkout);
  const pay = checkout.getByRole('button', { name: 'Sign up and pay $137.28' });
  await expect.poll(() => pay.getAttribute('aria-disabled')).toBeNull();
  const sent = registrationRequest(page);
  await pay.click();
  const response = (await (await sent).response())!;
  expect(response.status()).toBe(201);
  return await response.json() as { Invoice: { InvoiceNumber: number; Total: number; Status: string }; NextRenewal: { Date: string; Amount: number } };
}

describe('a paid sign-up states what was paid, on the screen and in the receipt', () => {
  test("Pro on the Northwind site, the expiry typed '12/30': the confirmation states the amount, the plan, the card and the next charge; the receipt says the same", async () => {
    const page = await session.context.newPage();
    const email = uniqueEmail('receipt');
    const answer = await paidSignUp(page, email);
    expect(answer.Invoice).toMatchObject({ Total: 137.28, Status: 'Paid' });
    expect(answer.NextRenewal.Amount).toBe(84.73);
    const next = `$84.73 on ${medium(answer.NextRenewal.Date)}`;

    const summary = page.getByRole('region', { name: 'Payment summary' });
    await summary.waitFor();
    // Read as the person reads it: each label with its value.
    const rows = await summary.locator('dt').evaluateAll((dts) => dts.map((dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`));
    expect(rows).toEqual([
      'Charged today: $137.28',
      'Plan: Pro, billed monthly',
      'Card: Visa ending in 4242',
      `Invoice: #${answer.Invoice.InvoiceNumber}`,
      'Tax: $9.28',
      `Next charge: ${next}`,
    ]);
    await summary.getByText('$137.28', { exact: true }).waitFor();
    await summary.getByText('Visa ending in 4242', { exact: true }).waitFor();
    // The mail that asks to confirm the address is still announced above the summary.
    await page.getByText(`We sent an email to ${email}`, { exact: false }).waitFor();

    const receipt = await receiptTo(email);
    expect(receipt).toMatch(/^Subject: Your receipt from Northwind Analytics: \$137\.28 paid/m);
    for (const line of [
      'Amount paid: $137.28', `Invoice number: #${answer.Invoice.InvoiceNumber}`, 'Plan: Pro, billed monthly',
      'Paid with: Visa ending in 4242', 'Tax: $9.28', `Your next charge is ${next}.`,
    ]) expect(receipt).toContain(line);
    expect(mails.filter((m) => m.to.includes(email) && /^Subject: Your receipt from /m.test(m.raw))).toHaveLength(1);

    // How it looks, and axe, light and dark, desktop and a 375 px phone (the site follows the visitor's scheme).
    const widget = page.locator('#embed-selectPlan');
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        await expect.poll(() => summary.evaluate((el) => getComputedStyle(el).colorScheme)).toBe(colorScheme);
        await summary.scrollIntoViewIfNeeded();
        await widget.screenshot({ path: screenshotPath(`signup-receipt-${width}-${colorScheme}`) });
        if (width === 1280) await expectNoSeriousViolations(page, { include: ['#embed-selectPlan'] });
      }
    }
    // On a phone the rows still read label then value, nothing cut off.
    const box = await summary.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(375);
  });

  test('demo mode states the payment too: the demo transport answers the registration with what was paid', async () => {
    const page = await openHarness(session.context, server.url, '?demo=1');
    const requests: string[] = [];
    page.on('request', (r) => { if (new URL(r.url()).pathname.startsWith('/api/')) requests.push(r.url()); });
    // Northwind's Team, 3 seats at $15.00 a month (demo mode computes no tax): $45.00 today. The demo company's sign-up
    // form asks what a server's does (name, billing address).
    const dialog = await openPopup(page, 'register', { planUid: 'plan-team', term: 'Monthly', skipPlanOptions: true });
    await fillPerson(dialog, { email: uniqueEmail('demo-receipt') });
    await acceptTerms(dialog);
    await typeCard(dialog);
    const pay = dialog.getByRole('button', { name: 'Sign up and pay $45.00' });
    await expect.poll(() => pay.getAttribute('aria-disabled')).toBeNull();
    await pay.click();
    const summary = page.getByRole('dialog').getByRole('region', { name: 'Payment summary' });
    await summary.waitFor();
    const rows = await summary.locator('dt').evaluateAll((dts) => dts.map((dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`));
    expect(rows.slice(0, 3)).toEqual(['Charged today: $45.00', 'Plan: Team, billed monthly', 'Card: Visa ending in 4242']);
    expect(rows.at(-1)).toMatch(/^Next charge: \$45\.00 on \w{3} \d{1,2}, \d{4}$/);
    expect(requests).toEqual([]);
  });

  test("after the bank's authentication step (processing), the confirmation states the payment as well", async () => {
    const page = await openHarness(session.context, server.url);
    const email = uniqueEmail('receipt-3ds');
    const dialog = await openPopup(page, 'register', { planUid: 'plan-pro', term: 'Monthly', skipPlanOptions: true });
    await fillPerson(dialog, { email });
    await acceptTerms(dialog);
    await typeCard(dialog, '4000002500003155');
    await captchaSolved(dialog);
    const pay = dialog.getByRole('button', { name: 'Sign up and pay $137.28' });
    await expect.poll(() => pay.getAttribute('aria-disabled')).toBeNull();
    await pay.click();
    await dialog.getByRole('button', { name: 'Authenticate your payment' }).click();
    await page.getByRole('button', { name: 'Complete authentication' }).click();
    // Back on the page: processing registers from the flow draft, then the confirmation.
    const summary = page.getByRole('region', { name: 'Payment summary' });
    await summary.waitFor({ timeout: 30_000 });
    const rows = await summary.locator('dt').evaluateAll((dts) => dts.map((dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`));
    expect(rows.slice(0, 3)).toEqual(['Charged today: $137.28', 'Plan: Pro, billed monthly', 'Card: Visa ending in 3155']);
    expect(await receiptTo(email)).toContain('Paid with: Visa ending in 3155');
  });
});
