import { screenshotPath } from './support/demo-page.ts';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { expectNoSeriousViolations } from './support/axe.ts';
import { browserPerFile, newContext } from './support/browser.ts';
import { apiCalls } from './support/api-calls.ts';
import { decodedMail, mailboxPerFile } from './support/mailbox.ts';
import { openHarness, serverPerFile } from './support/signup.ts';
import { setHarnessTheme, setHarnessToken, signedInImportedOwner } from './support/team-owner.ts';
import { saveCardOverApi } from './support/billing-customers.ts';

/**
 * Issue 16 §1, the plan change that charges: an upgrade mid-period shows the prorated amount and the
 * one sentence before the button, is charged off-session on the saved card (the receipt arrives over
 * SMTP with that amount) and the plan is Pro; a card that declines its charges says why and changes
 * nothing; a bank asking for authentication goes through the sandbox bank's page and back; a downgrade
 * is scheduled and says nothing is charged today. In Chromium, by role and label, axe in light and dark,
 * desktop and phone width. Screenshots in e2e/screenshots/plan-*.
 */
const ADMIN_KEY = 'e2e-plan-change-admin-key-0123456789';
const PASSWORD = 'Correct Horse Battery 42!';
const POPUP = { include: ['[data-portico-popup-host]'] };
const env: Record<string, string> = { PORTICO_ADMIN_KEY: ADMIN_KEY };
const mails = mailboxPerFile(env);
const session = browserPerFile();
const server = serverPerFile(env);
const api = apiCalls(() => server.url, ADMIN_KEY);
const shot = screenshotPath;
const CARDS = { visa: '4242424242424242', declinesCharges: '4000000000000341', authenticate: '4000002500003155' };

/** The owner of an imported Starter account, its trial over and 10 days into the current month, with `card` saved as the widget saves one. */
async function ownerWithCard(tag: string, card: string | null): Promise<{ email: string; token: string; accountUid: string }> {
  const start = new Date(Date.now() - 24 * 86_400_000).toISOString().slice(0, 10);
  const { email, token, accountUid } = await signedInImportedOwner(api, server.url, mails, {
    tag, password: PASSWORD, subscription: { StartDate: `${start}T00:00:00Z`, Plan: { Uid: 'plan-starter' }, Quantity: 1, BillingRenewalTerm: 'Monthly' },
  });
  if (card) await saveCardOverApi(api, server.url, { token, accountUid }, card);
  return { email, token, accountUid };
}

const currentPlan = async (o: { token: string; accountUid: string }) =>
  (await api('GET', `/api/v1/billing/subscriptions?Account.Uid=${o.accountUid}&current=1`, { token: o.token })).json.items[0].Plan.Uid as string;

type PorticoWindow = { Portico: { open(s: string): Promise<void> } };
async function openPlanChange(page: Page): Promise<Locator> {
  await page.evaluate(() => (window as unknown as PorticoWindow).Portico.open('planChange'));
  const dialog = page.getByRole('dialog', { name: 'Change plan' });
  await dialog.getByRole('button', { name: /^(Choose|Selected:) Pro$/ }).waitFor();
  return dialog;
}

/** planChange → a plan → planOptionsChange with its sentence shown. */
async function chooseAndReview(page: Page, planName: string): Promise<{ dialog: Locator; sentence: string }> {
  const change = await openPlanChange(page);
  await change.getByRole('button', { name: `Choose ${planName}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit plan options' });
  const sentence = dialog.locator('.p-pc-sentence');
  await sentence.waitFor();
  return { dialog, sentence: (await sentence.textContent())!.trim() };
}

describe('plan change: an upgrade charged now, a decline, the bank\'s authentication, a downgrade scheduled', () => {
  test('an upgrade mid-period: the prorated amount in the sentence, charged on the saved card (receipt), the plan is Pro; then a downgrade is scheduled with nothing charged', async () => {
    const owner = await ownerWithCard('upgrade', CARDS.visa);
    const page = await openHarness(session.context, server.url);
    await setHarnessToken(page, owner.token);

    const change = await openPlanChange(page);
    await change.getByText('Your plan: Starter').waitFor();
    await setHarnessTheme(page, 'light');
    await expectNoSeriousViolations(page, POPUP);
    await change.screenshot({ path: shot('plan-change-light') });
    await setHarnessTheme(page, 'dark');
    await expectNoSeriousViolations(page, POPUP);
    await change.screenshot({ path: shot('plan-change-dark') });
    await setHarnessTheme(page, 'light');

    await change.getByRole('button', { name: 'Choose Pro' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit plan options' });
    const sentence = dialog.locator('.p-pc-sentence');
    await sentence.waitFor();
    const text = (await sentence.textContent())!.trim();
    const m = /^You pay (\$\d+\.\d\d) today for the (\d+) days? left of this month, then \$79\.00 monthly from (.+)\.$/.exec(text);
    expect(m, text).not.toBeNull();
    const amount = m![1]!;
    // The invoice preview shows the same amount due now, and the button says it.
    await dialog.getByRole('table').first().waitFor();
    const pay = dialog.getByRole('button', { name: `Pay ${amount} and change plan` });
    expect(await pay.getAttribute('aria-describedby')).toBeTruthy();
    await expectNoSeriousViolations(page, POPUP);
    await dialog.screenshot({ path: shot('plan-options-change-upgrade-light') });
    await setHarnessTheme(page, 'dark');
    await expectNoSeriousViolations(page, POPUP);
    await dialog.screenshot({ path: shot('plan-options-change-upgrade-dark') });
    await setHarnessTheme(page, 'light');

    await pay.click();
    const done = page.getByRole('dialog', { name: 'Plan changed' });
    await done.getByText(`You now have Pro. ${amount} was charged to your card`, { exact: false }).waitFor();
    await expectNoSeriousViolations(page, POPUP);
    await done.screenshot({ path: shot('plan-change-confirmation-charged-light') });
    expect(await currentPlan(owner)).toBe('plan-pro');
    // Charged and booked: the receipt (written when the money is booked on the invoice) arrives with the amount.
    await expect.poll(() => mails.filter((x) => x.to.includes(owner.email) && decodedMail(x.raw).includes(`${amount} paid`)).length, { timeout: 20_000, interval: 500 }).toBe(1);

    // The downgrade back to Starter: nothing today, Starter from the renewal, Pro until then.
    const { dialog: down, sentence: downText } = await chooseAndReview(page, 'Starter');
    expect(downText).toMatch(/^Nothing is charged today\. Your plan changes to Starter on .+; until then you keep Pro\.$/);
    await down.screenshot({ path: shot('plan-options-change-downgrade-light') });
    await down.getByRole('button', { name: 'Confirm change' }).click();
    const scheduled = page.getByRole('dialog', { name: 'Plan changed' });
    await scheduled.getByText('Your plan changes to Starter on', { exact: false }).waitFor();
    await scheduled.getByText('Nothing was charged.', { exact: false }).waitFor();
    await scheduled.screenshot({ path: shot('plan-change-confirmation-scheduled-light') });
    expect(await currentPlan(owner)).toBe('plan-pro');
    const all = await api('GET', `/api/v1/billing/subscriptions?Account.Uid=${owner.accountUid}`, { token: owner.token });
    expect(all.json.items.map((s: { Plan: { Uid: string } }) => s.Plan.Uid)).toContain('plan-starter');
  });

  test('a card that declines its charges: the reason is shown and the plan stays Starter', async () => {
    const owner = await ownerWithCard('declined', CARDS.declinesCharges);
    const page = await openHarness(session.context, server.url);
    await setHarnessToken(page, owner.token);
    const { dialog } = await chooseAndReview(page, 'Pro');
    await dialog.getByRole('button', { name: /^Pay \$\d+\.\d\d and change plan$/ }).click();
    await dialog.getByText('Your card was declined.').waitFor();
    await expectNoSeriousViolations(page, POPUP);
    await dialog.screenshot({ path: shot('plan-options-change-declined-light') });
    expect(await currentPlan(owner)).toBe('plan-starter');
  });

  test('the bank asks for authentication: \'Authenticate your payment\', the bank\'s page, and the return completes the change', async () => {
    const owner = await ownerWithCard('3ds', CARDS.authenticate);
    const page = await openHarness(session.context, server.url);
    await setHarnessToken(page, owner.token);
    const { dialog } = await chooseAndReview(page, 'Pro');
    await dialog.getByRole('button', { name: /^Pay \$\d+\.\d\d and change plan$/ }).click();
    const auth = dialog.getByRole('group', { name: 'Authenticate your payment' });
    await auth.waitFor();
    expect(await currentPlan(owner)).toBe('plan-starter');
    await expectNoSeriousViolations(page, POPUP);
    await dialog.screenshot({ path: shot('plan-options-change-authenticate-light') });
    await auth.getByRole('button', { name: 'Authenticate your payment' }).click();
    await page.getByRole('button', { name: 'Complete authentication' }).click();
    // Back on the page the token is set again by the host (as after any reload), then processing finishes the change.
    await page.waitForFunction(() => 'Portico' in window);
    await setHarnessToken(page, owner.token);
    await page.getByRole('dialog', { name: 'Plan changed' }).getByText('You now have Pro.', { exact: false }).waitFor({ timeout: 20_000 });
    expect(await currentPlan(owner)).toBe('plan-pro');
  });

  test('phone width, dark: the plan options screen stacks its buttons and stays axe clean', async () => {
    const owner = await ownerWithCard('phone', CARDS.visa);
    const context = await newContext(session.browser, { viewport: { width: 390, height: 844 } });
    try {
      const page = await openHarness(context, server.url);
      await setHarnessToken(page, owner.token);
      await setHarnessTheme(page, 'dark');
      const { dialog } = await chooseAndReview(page, 'Pro');
      await expectNoSeriousViolations(page, POPUP);
      await dialog.screenshot({ path: shot('plan-options-change-phone-dark') });
      await setHarnessTheme(page, 'light');
      await expectNoSeriousViolations(page, POPUP);
      await dialog.screenshot({ path: shot('plan-options-change-phone-light') });
      const pay = await dialog.getByRole('button', { name: /^Pay / }).boundingBox();
      const cancel = await dialog.getByRole('button', { name: 'Cancel' }).boundingBox();
      expect(cancel!.y).toBeGreaterThan(pay!.y); // stacked, not side by side
    } finally {
      await context.close();
    }
  });
});
