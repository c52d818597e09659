import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { expectNoSeriousViolations } from './support/axe.ts';
import { browserPerFile, newContext } from './support/browser.ts';
import { screenshotPath } from './support/demo-page.ts';
import {
  acceptTerms, captchaSolved, fillCard, fillPerson, openHarness, openPopup, serverPerFile, uniqueEmail,
} from './support/signup.ts';

const session = browserPerFile();
const server = serverPerFile();
const POPUP = ['[data-portico-popup-host]'];
const onePage = (planUid: string) => ({ planUid, term: 'Monthly', skipPlanOptions: true });

/** The deepest focused element, followed through shadow roots: its tag and accessible-ish name. */
function focused(page: Page): Promise<{ tag: string; name: string; type: string }> {
  return page.evaluate(() => {
    let a: Element | null = document.activeElement;
    while (a?.shadowRoot?.activeElement) a = a.shadowRoot.activeElement;
    if (!a) return { tag: '', name: '', type: '' };
    const el = a as HTMLInputElement;
    const label = el.labels?.[0]?.textContent ?? a.getAttribute('aria-label') ?? a.textContent ?? '';
    return { tag: a.tagName.toLowerCase(), name: label.replace(/\s+/g, ' ').replace(/\s*\*$/, '').trim(), type: el.type ?? '' };
  });
}

/** Presses Tab until the focused control's name matches (the keyboard alone reaches it), at most `max` times. */
async function tabTo(page: Page, name: string | RegExp, max = 60): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const f = await focused(page);
    if (typeof name === 'string' ? f.name === name : name.test(f.name)) return;
  }
  throw new Error(`Tab never reached "${String(name)}" (last: ${JSON.stringify(await focused(page))})`);
}

async function setTheme(page: Page, displayMode: 'light' | 'dark') {
  await page.evaluate((m) => (window as unknown as { Portico: { setTheme(t: object): void } }).Portico.setTheme({ displayMode: m }), displayMode);
}

async function shot(target: Page | Locator, name: string) {
  await target.screenshot({ path: screenshotPath(`signup-${name}`) });
}

describe('sign-up screens: keyboard, phone, axe and how they look', () => {
  test('the whole sign-up with the keyboard alone (Tab, typing, Space, Enter)', async () => {
    const page = await openHarness(session.context, server.url);
    const dialog = await openPopup(page, 'register', onePage('plan-pro'));
    const email = uniqueEmail('keys');
    const type = async (label: string | RegExp, text: string) => { await tabTo(page, label); await page.keyboard.type(text); };
    await type('Email', email);
    await type('First name', 'Ada');
    await type('Last name', 'Lovelace');
    await type('Address line 1', '1 Market St');
    await type('City', 'San Francisco');
    await type('State / Province', 'CA');
    await type('Postal code', '94105');
    await tabTo(page, 'Country');
    await page.keyboard.type('United States');
    await type('Name on card', 'Ada Lovelace');
    await type('Card number', '4242424242424242');
    await type('Exp', `12/${new Date().getUTCFullYear() + 3}`);
    await type('CVV', '123');
    await tabTo(page, /^I agree to the Terms of Service/);
    await page.keyboard.press('Space');
    await captchaSolved(dialog);
    // The total with tax arrives after the 500 ms recompute; tabbing before it would pass a button
    // that still shows the amount without tax.
    const pay = dialog.getByRole('button', { name: 'Sign up and pay $137.28' });
    await pay.waitFor();
    await expect.poll(() => pay.getAttribute('aria-disabled')).toBeNull();
    await tabTo(page, 'Sign up and pay $137.28');
    const before = (await dialog.boundingBox())!;
    await page.keyboard.press('Enter');
    const done = page.getByRole('dialog', { name: 'Almost done' });
    await done.getByText(`We sent an email to ${email}.`, { exact: false }).waitFor();
    // Issue 15: the confirmation is sized to its content (it no longer keeps the form's height); the width stays.
    const after = (await done.boundingBox())!;
    expect(after.width).toBe(before.width);
    expect(after.height).toBeLessThan(before.height);
    expect(await done.evaluate((d) => Math.abs(d.getBoundingClientRect().height - d.firstElementChild!.getBoundingClientRect().height))).toBeLessThanOrEqual(2);
    // Focus went to the new screen's heading, and Enter on Close ends it.
    await expect.poll(async () => (await focused(page)).tag).toBe('h2');
    await tabTo(page, 'Close');
    await page.keyboard.press('Enter');
    await done.waitFor({ state: 'detached' });
  });

  test('a phone: the popup is a full-screen sheet and the pay button stays in reach', async () => {
    const context = await newContext(session.browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    try {
      const page = await openHarness(context, server.url);
      const dialog = await openPopup(page, 'register', onePage('plan-pro'));
      const box = (await dialog.boundingBox())!;
      expect(box.x).toBe(0);
      expect(box.y).toBe(0);
      expect(box.height).toBe(844);
      expect(box.width).toBeGreaterThan(370);
      const pay = dialog.getByRole('button', { name: /^Sign up and pay/ });
      // At the top of the form and scrolled half way, the button is on screen without scrolling to it.
      for (const at of [0, 0.5]) {
        await dialog.evaluate((el, f) => { el.scrollTop = (el.scrollHeight - el.clientHeight) * f; }, at);
        const b = (await pay.boundingBox())!;
        expect(b.y + b.height, `scrolled to ${at}`).toBeLessThanOrEqual(844);
        expect(b.y, `scrolled to ${at}`).toBeGreaterThan(600);
      }
      await dialog.evaluate((el) => { el.scrollTop = 0; });
      await shot(page, 'register-390-light');
      await fillPerson(dialog, { email: uniqueEmail('phone') });
      await dialog.evaluate((el) => { el.scrollTop = el.scrollHeight; });
      await shot(page, 'register-bottom-390-light');
    } finally {
      await context.close();
    }
  });

  for (const mode of ['light', 'dark'] as const) {
    test(`axe on every sign-up screen, ${mode} (serious and critical: none), with screenshots`, async () => {
      const page = await openHarness(session.context, server.url);
      await setTheme(page, mode);
      const register = await openPopup(page, 'register', onePage('plan-pro'));
      await register.getByRole('region', { name: 'Order summary' }).getByRole('row', { name: /^Total due today/ }).waitFor();
      await expectNoSeriousViolations(page, { include: POPUP });
      await shot(register, `register-empty-1280-${mode}`);
      // Every error at once: the list with its 'Please correct the following errors:' heading.
      await register.getByRole('button', { name: /^Sign up and pay/ }).click({ force: true }); // aria-disabled: still a button a person can press
      await register.getByText('Please correct the following errors:').waitFor();
      await expectNoSeriousViolations(page, { include: POPUP });
      await shot(page, `register-errors-1280-${mode}`);

      await fillPerson(register, { email: uniqueEmail(`axe-${mode}`) });
      await acceptTerms(register);
      await fillCard(register);
      await captchaSolved(register);
      await expectNoSeriousViolations(page, { include: POPUP });
      await register.evaluate((el) => { el.scrollTop = el.scrollHeight; });
      await shot(page, `register-filled-1280-${mode}`);
      await register.getByRole('button', { name: 'Sign up and pay $137.28' }).click();
      const done = page.getByRole('dialog', { name: 'Almost done' });
      await done.getByRole('heading', { name: 'Almost done' }).waitFor();
      await expectNoSeriousViolations(page, { include: POPUP });
      await shot(done, `confirmation-almost-done-${mode}`);
      await page.keyboard.press('Escape');

      const checkout = await openPopup(page, 'checkout', { planUid: 'plan-team' }, 'Checkout');
      await checkout.getByRole('region', { name: 'Order summary' }).getByRole('row', { name: /^Total due today/ }).waitFor();
      await expectNoSeriousViolations(page, { include: POPUP });
      await shot(checkout, `checkout-1280-${mode}`);
      await page.keyboard.press('Escape');

      for (const variant of ['thankYou', 'accountCreated'] as const) {
        const heading = variant === 'thankYou' ? 'Thank you' : 'Account created';
        const confirm = await openPopup(page, 'registerConfirmation', { variant }, heading);
        await expectNoSeriousViolations(page, { include: POPUP });
        await shot(confirm, `confirmation-${variant}-${mode}`);
        await page.keyboard.press('Escape');
      }
      const processing = await openPopup(page, 'processing', {}, 'Completing sign up');
      await processing.getByText('There is no sign-up to complete here.').waitFor();
      await expectNoSeriousViolations(page, { include: POPUP });
      await page.keyboard.press('Escape');

      const demo = await openHarness(session.context, server.url, '?demo=1');
      await setTheme(demo, mode);
      const update = await openPopup(demo, 'updatePaymentInformation', {}, 'Update payment information');
      await update.getByRole('textbox', { name: 'Card number' }).waitFor();
      await update.getByRole('button', { name: 'Save' }).waitFor();
      await expectNoSeriousViolations(demo, { include: POPUP });
      await shot(update, `update-payment-information-${mode}`);
    });
  }

  test('loading and failing: the amounts and the pay button say a recompute runs; no answer in 10 s offers Retry', async () => {
    const page = await openHarness(session.context, server.url);
    let hold = true;
    await page.route('**/compute-charge-summary**', async (route) => {
      if (hold) return; // never answered: the widget gives up after 10 s
      await route.continue();
    });
    const dialog = await openPopup(page, 'register', onePage('plan-pro'));
    const summary = dialog.getByRole('region', { name: 'Order summary' });
    await summary.getByText('Calculating your total…').waitFor();
    expect(await dialog.getByRole('button', { name: 'Updating the total…' }).getAttribute('aria-disabled')).toBe('true');
    await shot(dialog, 'register-loading-1280-light');
    await summary.getByText('The server is taking too long to answer. Please try again.').waitFor({ timeout: 15_000 });
    await shot(dialog, 'register-timeout-1280-light');
    hold = false;
    await summary.getByRole('button', { name: 'Try again' }).click();
    await summary.getByRole('row', { name: 'Total due today $128.00' }).waitFor();
    await dialog.getByRole('button', { name: 'Sign up and pay $128.00' }).waitFor();
  });

  test("'cannot reach the server' is not 'no plans are available'", async () => {
    const page = await session.context.newPage();
    await page.route('**/api/v1/widgets/auth/init**', (route) => route.abort('connectionrefused'));
    await page.route('**/config/portico-settings.json', (route) => route.abort('connectionrefused'));
    await page.goto(new URL('/harness.html', server.url).href);
    await page.waitForFunction(() => 'Portico' in window);
    const plans = await openPopup(page, 'selectPlan', {}, 'Choose a plan');
    await plans.getByText('Cannot reach the server. Check your connection and try again.').waitFor();
    expect(await plans.getByText('No plans are available right now.').count()).toBe(0);
  });
});
