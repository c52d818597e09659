import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { expectNoSeriousViolations } from './support/axe.ts';
import { browserPerFile } from './support/browser.ts';
import { serverUrl } from './support/demo-page.ts';

/**
 * The payment entry with the built-in sandbox gateway (issue 7, docs/payments.md), in Chromium:
 * the controls gallery's payment sample pays for a sign-up draft of the first paid plan with the
 * sandbox's test cards, through the real server, the /js/v1 script and the authentication page.
 */
const session = browserPerFile();

interface Opened { page: Page; sample: Locator; scripts: string[] }

async function openPaymentForm(): Promise<Opened> {
  const page = await session.context.newPage();
  const scripts: string[] = [];
  page.on('request', (r) => { if (r.resourceType() === 'script') scripts.push(r.url()); });
  await page.goto(new URL('/harness.html', serverUrl()).href);
  const sample = page.locator('#controls-gallery').getByRole('region', { name: 'Payment' });
  await sample.getByRole('button', { name: 'Show the payment form' }).click();
  await sample.getByRole('textbox', { name: 'Card number' }).waitFor();
  return { page, sample, scripts };
}

async function enterCard(sample: Locator, number: string) {
  await sample.getByRole('textbox', { name: 'Name on card' }).fill('Ada Lovelace');
  await sample.getByRole('textbox', { name: 'Card number' }).fill(number);
  await sample.getByRole('textbox', { name: 'Exp' }).fill('12/2034');
  await sample.getByRole('textbox', { name: 'CVV' }).fill('123');
  await sample.getByText('The payment details are complete.').waitFor();
}

const pay = (sample: Locator) => sample.getByRole('button', { name: 'Pay', exact: true }).click();
const status = (sample: Locator) => sample.getByRole('status').first();

describe('sandbox card form (spec 1 section 5 "Native card form")', () => {
  test('checks the card locally first: the spec\'s messages, focus on the first field, nothing loaded or sent', async () => {
    const { page, sample, scripts } = await openPaymentForm();
    await pay(sample);
    await sample.getByText('Name on card is required.').waitFor();
    expect(await sample.getByText('Card number is required.').count()).toBe(1);
    expect(await sample.getByText('Expiration date is required.').count()).toBe(1);
    expect(await sample.getByText('CVV is required.').count()).toBe(1);
    const name = sample.getByRole('textbox', { name: 'Name on card' });
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    expect(await name.evaluate((el) => (el.getRootNode() as ShadowRoot).activeElement === el)).toBe(true);
    await name.fill('Ada');
    await sample.getByRole('textbox', { name: 'Card number' }).fill('1234 5678 9012 3456');
    await sample.getByRole('textbox', { name: 'Exp' }).fill('13/2030');
    await pay(sample);
    await sample.getByText('Name on card must have both first and last name.').waitFor();
    expect(await sample.getByText('Only Visa, MasterCard, American Express, and Discover are accepted at this time.').count()).toBe(1);
    expect(await sample.getByText('Expiration date is not in the correct format.').count()).toBe(1);
    // The provider script loads only when a valid card is submitted; Stripe's never on a sandbox page.
    expect(scripts.some((u) => u.endsWith('/js/v1'))).toBe(false);
    expect(scripts.some((u) => u.includes('stripe.com'))).toBe(false);
    await expectNoSeriousViolations(page, { include: ['#controls-gallery'] });
  });

  test('the expiry takes what people type: 12/30, 1230 and 12 / 30 read as December 2030; a past month says the card has expired', async () => {
    const { sample } = await openPaymentForm();
    const exp = sample.getByRole('textbox', { name: 'Exp' });
    for (const typed of ['12/30', '1230', '12 / 30']) {
      await exp.fill('');
      await exp.pressSequentially(typed);
      expect(await exp.inputValue()).toBe('12 / 30');
    }
    await exp.fill('');
    await exp.pressSequentially('01/20');
    await sample.getByRole('textbox', { name: 'CVV' }).focus();
    await sample.getByText('This card has expired.').waitFor();
    expect(await exp.getAttribute('aria-invalid')).toBe('true');
    await sample.getByRole('textbox', { name: 'Name on card' }).fill('Ada Lovelace');
    await sample.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242');
    await exp.fill('');
    await exp.pressSequentially('12/30');
    await sample.getByRole('textbox', { name: 'CVV' }).fill('123');
    await sample.getByText('The payment details are complete.').waitFor();
    expect(await sample.getByText('This card has expired.').count()).toBe(0);
    await pay(sample);
    await sample.getByText(/^Payment confirmed \(pm_sbx_[0-9a-f]+\)\.$/).waitFor();
  });

  test('4242 4242 4242 4242 succeeds: tokenized by /js/v1, the intent confirmed', async () => {
    const { page, sample, scripts } = await openPaymentForm();
    await enterCard(sample, '4242 4242 4242 4242');
    await pay(sample);
    await sample.getByText(/^Payment confirmed \(pm_sbx_[0-9a-f]+\)\.$/).waitFor();
    expect(scripts.filter((u) => u === new URL('/js/v1', serverUrl()).href)).toHaveLength(1);
    expect(await page.evaluate(() => typeof (window as { PorticoSandbox?: unknown }).PorticoSandbox)).toBe('object');
  });

  test('4000 0000 0000 0002 is declined with the provider\'s message, and another card then goes through', async () => {
    const { sample } = await openPaymentForm();
    await enterCard(sample, '4000 0000 0000 0002');
    await pay(sample);
    await sample.getByRole('alert').getByText('Your card was declined.').waitFor();
    expect(await sample.getByText(/^Payment confirmed/).count()).toBe(0);
    await sample.getByRole('textbox', { name: 'Card number' }).fill('4242424242424242');
    await pay(sample);
    await sample.getByText(/^Payment confirmed/).waitFor();
  });

  test('4000 0025 0000 3155 asks for authentication; completing it returns to the page, succeeded', async () => {
    const { page, sample } = await openPaymentForm();
    await enterCard(sample, '4000 0025 0000 3155');
    await pay(sample);
    await status(sample).getByText('Your bank asks for authentication.').waitFor();
    const authenticate = sample.getByRole('button', { name: 'Authenticate your payment' });
    await expectNoSeriousViolations(page, { include: ['#controls-gallery'] });
    await authenticate.click();

    await page.waitForURL(/\/sandbox\/v1\/authenticate\?client_secret=pi_sbx_/);
    await page.getByRole('heading', { name: 'Authenticate your payment', level: 1 }).waitFor();
    await expectNoSeriousViolations(page);
    await page.getByRole('button', { name: 'Complete authentication' }).click();

    await page.waitForURL((url) => url.pathname === '/harness.html');
    const back = page.locator('#controls-gallery').getByRole('region', { name: 'Payment' });
    await status(back).getByText('Back from authentication: it succeeded.').waitFor();
    // The redirect's values were read once and removed from the address bar.
    expect(new URL(page.url()).search).toBe('');
  });

  test('failing the authentication returns with the failure', async () => {
    const { page, sample } = await openPaymentForm();
    await enterCard(sample, '4000 0025 0000 3155');
    await pay(sample);
    await sample.getByRole('button', { name: 'Authenticate your payment' }).click();
    await page.getByRole('button', { name: 'Fail authentication' }).click();
    await page.waitForURL((url) => url.pathname === '/harness.html');
    await status(page.locator('#controls-gallery').getByRole('region', { name: 'Payment' })).getByText('Back from authentication: it failed.').waitFor();
  });
});
