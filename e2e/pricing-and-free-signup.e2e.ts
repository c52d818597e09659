import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { expectNoSeriousViolations } from './support/axe.ts';
import { browserPerFile, newContext } from './support/browser.ts';
import { mailboxPerFile, mailedSetPasswordLink } from './support/mailbox.ts';
import { acceptTerms, captchaSolved, fillPerson, registrationBody, registrationRequest, serverPerFile, uniqueEmail } from './support/signup.ts';

/**
 * Issue 15 (helper A): the plan cards say what checkout adds, one card is highlighted after a
 * choice, the term selector fits a phone, a free sign-up goes from register straight to the
 * confirmation without a billing address, and a paid checkout in a wide embed puts the order
 * summary beside the form. On the Northwind site (`/`), whose pricing section embeds selectPlan.
 */
const env: Record<string, string> = {};
const mails = mailboxPerFile(env);
const server = serverPerFile(env);
const session = browserPerFile();

async function openSite(page: Page): Promise<Locator> {
  await page.goto(new URL('/', server.url).href);
  const embed = page.locator('#embed-selectPlan');
  await embed.getByRole('heading', { name: 'Choose a plan', level: 2 }).waitFor();
  return embed;
}

const card = (embed: Locator, name: string) => embed.getByRole('listitem').filter({ has: embed.page().getByRole('heading', { name, level: 3, exact: true }) });

/** The order summary's sentence for the demo company's usage add-on, and what a card must never say instead. */
const USAGE = 'API calls: billed by use at $0.25 per 1,000 calls, monthly.';

describe('pricing cards and the free sign-up (issue 15)', () => {
  test('item 1: the cards state Pro\'s setup fee, Team\'s 3-seat minimum and the usage add-on in the order summary\'s words', async () => {
    const page = await session.context.newPage();
    const embed = await openSite(page);
    expect(await card(embed, 'Pro').getByText('Plus a one-time setup fee of $49.00.', { exact: true }).isVisible()).toBe(true);
    expect(await card(embed, 'Team').getByText('Minimum 3 seats: $45.00 / month.', { exact: true }).isVisible()).toBe(true);
    expect(await card(embed, 'Starter').getByText(USAGE, { exact: true }).isVisible()).toBe(true);
    expect(await card(embed, 'Pro').getByText(USAGE, { exact: true }).isVisible()).toBe(true);
    // Never a monthly price for the usage add-on, and the free plan states nothing extra.
    expect(await embed.getByText('$0.25 / month').count()).toBe(0);
    expect(await card(embed, 'Free').getByRole('list').count()).toBe(0);
    // Yearly: the minimum is priced for the term chosen.
    await embed.getByRole('radio', { name: 'Yearly' }).check();
    expect(await card(embed, 'Team').getByText('Minimum 3 seats: $450.00 / year.', { exact: true }).isVisible()).toBe(true);
  });

  test('item 8: after a choice one card is highlighted and its button is named "Selected: Pro"; no serious axe violation, light and dark', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const context = await newContext(session.browser, { colorScheme });
      const page = await context.newPage();
      const embed = await openSite(page);
      await embed.getByRole('button', { name: 'Choose Pro' }).click();
      await embed.getByRole('heading', { name: 'Sign up', level: 2 }).waitFor();
      await embed.getByRole('button', { name: 'Change plan' }).click();
      await embed.getByRole('heading', { name: 'Choose a plan', level: 2 }).waitFor();
      await embed.getByRole('button', { name: 'Selected: Pro' }).waitFor();
      expect(await embed.getByRole('button', { name: 'Choose Pro' }).count()).toBe(0);
      // One highlighted card (the accent's 2 px border): the chosen Pro, not also the featured Starter.
      const borders = await embed.getByRole('listitem').evaluateAll((items) => items.map((li) => [li.querySelector('h3')?.textContent, getComputedStyle(li).borderTopWidth]));
      expect(borders.filter(([, width]) => width === '2px'), JSON.stringify(borders)).toEqual([['Pro', '2px']]);
      await expectNoSeriousViolations(page, { include: ['#embed-selectPlan'] });
      await context.close();
    }
  });

  test('item 8: at phone width the three terms sit on one line', async () => {
    const context = await newContext(session.browser, { viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const embed = await openSite(page);
    const boxes = await Promise.all(['Monthly', 'Quarterly', 'Yearly'].map(async (name) => (await embed.getByText(name, { exact: true }).boundingBox())!));
    // Same line: every label's top within a pixel of Monthly's, and each one right of the one before.
    for (const box of boxes) expect(Math.abs(box.y - boxes[0]!.y)).toBeLessThanOrEqual(1);
    for (let i = 1; i < boxes.length; i++) expect(boxes[i]!.x).toBeGreaterThanOrEqual(boxes[i - 1]!.x + boxes[i - 1]!.width - 1);
    // Each label on one line: its height is one line's.
    for (const box of boxes) expect(box.height).toBeLessThan(30);
    await context.close();
  });

  test('item 6: "Start free" goes from register straight to the confirmation: no billing address, no order summary, and the mail arrives', async () => {
    const page = await session.context.newPage();
    await openSite(page);
    await page.getByRole('button', { name: 'Start free' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign up' });
    const form = dialog.getByRole('form', { name: 'Sign up' });
    await form.getByRole('heading', { name: 'Free', level: 3 }).waitFor();
    expect(await form.getByRole('group', { name: 'Billing address' }).count()).toBe(0);
    expect(await form.getByRole('region', { name: 'Order summary' }).count()).toBe(0);
    expect(await form.getByRole('button', { name: 'Have a discount code?' }).count()).toBe(0);
    const email = uniqueEmail('free');
    await form.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await form.getByRole('textbox', { name: 'First name', exact: true }).fill('Ada');
    await form.getByRole('textbox', { name: 'Last name', exact: true }).fill('Lovelace');
    await acceptTerms(form);
    await captchaSolved(form);
    const sent = registrationRequest(page);
    await form.getByRole('button', { name: 'Sign up', exact: true }).click();
    const body = registrationBody(await sent);
    expect(body.Subscription).toMatchObject({ Plan: { Uid: 'plan-free' } });
    expect((body.Account as Record<string, unknown>).BillingAddress).toBeUndefined();
    // Register → confirmation: no checkout screen between them.
    await page.getByRole('dialog').getByRole('heading', { name: 'Almost done', level: 2 }).waitFor();
    expect(await mailedSetPasswordLink(mails, email)).toMatch(/confirmationToken=/);
  });

  test('item 6: a paid sign-up in the wide embed shows the order summary to the right of the form, with the cards\' usage sentence', async () => {
    const page = await session.context.newPage();
    const embed = await openSite(page);
    await embed.getByRole('button', { name: 'Choose Pro' }).click();
    const register = embed.getByRole('form', { name: 'Sign up' });
    // Pro costs something: the billing address is asked and required.
    await register.getByRole('group', { name: 'Billing address' }).waitFor();
    await fillPerson(register, { email: uniqueEmail('paid') });
    await acceptTerms(register);
    await register.getByRole('button', { name: 'Continue to checkout' }).click();
    const checkout = embed.getByRole('form', { name: 'Checkout' });
    const summary = checkout.getByRole('region', { name: 'Order summary' });
    await summary.getByText(USAGE).waitFor();
    const options = (await checkout.getByRole('region', { name: 'Plan options' }).boundingBox())!;
    const pay = (await checkout.getByRole('button', { name: /^Sign up and pay/ }).boundingBox())!;
    const box = (await summary.boundingBox())!;
    expect(box.x, 'the summary starts right of the plan options').toBeGreaterThanOrEqual(options.x + options.width);
    expect(box.x, 'and right of the pay button').toBeGreaterThanOrEqual(pay.x + pay.width);
    expect(Math.abs(box.y - options.y), 'side by side, tops aligned').toBeLessThan(80);
    await expectNoSeriousViolations(page, { include: ['#embed-selectPlan'] });
  });
});
