import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { expectNoSeriousViolations } from './support/axe.ts';
import { browserPerFile } from './support/browser.ts';
import { signInCompanyConfigPerFile } from './support/members-site.ts';
import { SANDBOX, acceptTerms, fillCard, fillPerson, openHarness, serverPerFile, uniqueEmail } from './support/signup.ts';

/**
 * Issue 15 item 7, the payment step's bank page and its return, in Chromium by role and label: the
 * sandbox bank's authentication page is styled (its own stylesheet under the strict CSP), follows
 * the system's light or dark mode and passes axe in both; a failed authentication started in an
 * embedded sign-up comes back in that embed (checkout with the error), not in a popup.
 * Screenshots in /work/shots/b.
 */
const SHOTS = '/work/shots/b';
const env: Record<string, string> = {};
// No captcha: the sign-up pays at once.
signInCompanyConfigPerFile(env, 'sandbox-bank');
const session = browserPerFile();
const server = serverPerFile(env);
const onePage = { planUid: 'plan-pro', term: 'Monthly', skipPlanOptions: true };

type PorticoWindow = { Portico: { embed(el: Element, state: string, params?: object): Promise<unknown> } };

/** The harness's embedded register, on the one-page Pro sign-up, paid with the card that asks for the bank's check. */
async function embeddedSignUpToBank(page: Page): Promise<void> {
  await page.evaluate((p) => (window as unknown as PorticoWindow).Portico.embed(document.querySelector('#embed-register')!, 'register', p), onePage);
  const embed = page.locator('#embed-register').getByRole('region', { name: 'Sign up' });
  await embed.getByRole('textbox', { name: 'Card number' }).waitFor();
  await fillPerson(embed, { email: uniqueEmail('bank') });
  await acceptTerms(embed);
  await fillCard(embed, SANDBOX.authenticate);
  const pay = embed.getByRole('button', { name: 'Sign up and pay $137.28' });
  await expect.poll(() => pay.getAttribute('aria-disabled')).toBeNull();
  await pay.click();
  await embed.getByRole('button', { name: 'Authenticate your payment' }).click();
  await page.getByRole('heading', { name: 'Authenticate your payment', level: 1 }).waitFor();
}

describe("the sandbox bank's page (issue 15 item 7)", () => {
  test('is styled, follows light and dark mode, passes axe in both, under the strict CSP', async () => {
    const page = await openHarness(session.context, server.url);
    const cspErrors: string[] = [];
    page.on('console', (m) => { if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) cspErrors.push(m.text()); });
    await embeddedSignUpToBank(page);
    expect(new URL(page.url()).pathname).toBe('/sandbox/v1/authenticate');
    await page.getByText('$137.28', { exact: true }).waitFor();
    await page.getByRole('main').waitFor();
    mkdirSync(SHOTS, { recursive: true });
    const looks: Record<string, { body: string; main: string; radius: string }> = {};
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expectNoSeriousViolations(page);
      looks[scheme] = await page.evaluate(() => ({
        body: getComputedStyle(document.body).backgroundColor,
        main: getComputedStyle(document.querySelector('main')!).backgroundColor,
        radius: getComputedStyle(document.querySelector('main')!).borderTopLeftRadius,
      }));
      await page.screenshot({ path: `${SHOTS}/sandbox-bank-${scheme}.png` });
    }
    // The stylesheet applies (a card with rounded corners on a tinted page), and dark mode changes it.
    expect(looks.light!.radius).toBe('14px');
    expect(looks.light!.body).not.toBe('rgba(0, 0, 0, 0)');
    expect(looks.dark!.body).not.toBe(looks.light!.body);
    expect(looks.dark!.main).not.toBe(looks.light!.main);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: 'light' });
    await expectNoSeriousViolations(page);
    await page.screenshot({ path: `${SHOTS}/sandbox-bank-phone.png` });
    expect(cspErrors).toEqual([]);
    // Both choices are buttons a keyboard reaches.
    await page.getByRole('button', { name: 'Complete authentication' }).focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Fail authentication');
  });

  test('a failed authentication started in an embedded sign-up comes back in that embed (checkout with the error), not in a popup', async () => {
    const page = await openHarness(session.context, server.url);
    await embeddedSignUpToBank(page);
    await page.getByRole('button', { name: 'Fail authentication' }).click();
    await page.waitForURL((u) => u.pathname === '/harness.html');
    const embed = page.locator('#embed-register').getByRole('region', { name: 'Checkout' });
    await embed.getByRole('alert').getByText('We could not setup this payment method. Please try again.').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.locator('[data-portico-popup-host]').count()).toBe(0);
    // The return's values were read and removed from the address, the embed's mark with them.
    const query = new URL(page.url()).searchParams;
    expect(['redirect_status', 'payment_intent', 'portico_action', 'portico_from', 'portico_embed'].filter((k) => query.has(k))).toEqual([]);
    await embed.screenshot({ path: `${SHOTS}/embedded-checkout-after-failed-authentication.png` });
  });
});
