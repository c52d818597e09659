import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { WireChargeSummary } from '@portico/core/billing/index';
import { browserPerFile } from './support/browser.ts';
import { openDemoPage, selectPlanEmbed, serverUrl } from './support/demo-page.ts';

const session = browserPerFile();

/** The server's own invoice for a subscription: the test never does billing arithmetic. */
async function serverTotal(body: unknown): Promise<number> {
  const res = await fetch(`${serverUrl()}/api/v1/billing/subscriptions/compute-charge-summary?asOf=now`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as WireChargeSummary).Total;
}
const usd = (major: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(major);

const totalRow = (checkout: Locator) => checkout.getByRole('region', { name: 'Order summary' }).getByRole('row', { name: /^Total due today / });

async function applyCode(checkout: Locator, code: string) {
  await checkout.getByRole('button', { name: 'Have a discount code?' }).click();
  await checkout.getByRole('textbox', { name: 'Discount code' }).fill(code);
  await checkout.getByRole('textbox', { name: 'Discount code' }).press('Enter');
  await checkout.getByText(`Discount code ${code} applied`, { exact: true }).waitFor();
}

/** Pro, Yearly, Priority support and WELCOME20 on checkout, in the embed that chose the plan (selectPlan goes on to register, then the embed is moved on). */
async function startProFlow(page: Page): Promise<Locator> {
  await selectPlanEmbed(page).getByRole('button', { name: 'Choose Pro' }).click();
  await page.locator('#embed-selectPlan').getByRole('region', { name: 'Sign up' }).waitFor();
  await toCheckout(page);
  const checkout = page.locator('#embed-selectPlan').getByRole('region', { name: 'Checkout' });
  await totalRow(checkout).waitFor();
  await checkout.getByRole('radio', { name: 'Yearly' }).check();
  await checkout.getByRole('group', { name: 'Add-ons' }).getByRole('checkbox', { name: 'Priority support' }).check();
  await applyCode(checkout, 'WELCOME20');
  return checkout;
}

const toCheckout = (page: Page) => page.evaluate(() => (window as unknown as { Portico: { embed(t: string, s: string): Promise<unknown> } }).Portico.embed('#embed-selectPlan', 'checkout'));

const sessionKeys = (page: Page) => page.evaluate(() => Object.keys(sessionStorage));

describe('the sign-up flow draft', () => {
  test('changing plan keeps the discount code and the add-ons the new plan offers; the invoice is the server\'s for that', async () => {
    const page = await openDemoPage(session.context, '/');
    const checkout = await startProFlow(page);

    await checkout.getByRole('region', { name: 'Pro', exact: true }).getByRole('button', { name: 'Change plan' }).click();
    // Change plan returns to checkout (nextState).
    await selectPlanEmbed(page).getByRole('button', { name: 'Choose Team' }).click();
    const team = page.locator('#embed-selectPlan').getByRole('region', { name: 'Checkout' });
    await team.getByRole('region', { name: 'Team', exact: true }).waitFor();
    await team.getByText('Discount code WELCOME20 applied', { exact: true }).waitFor();
    expect(await team.getByRole('group', { name: 'Add-ons' }).getByRole('checkbox', { name: 'Priority support' }).isChecked()).toBe(true);
    expect(await team.getByRole('radio', { name: 'Yearly' }).isChecked()).toBe(true);

    const total = await serverTotal({
      Plan: { Uid: 'plan-team' }, Quantity: 3, BillingRenewalTerm: 'Yearly',
      SubscriptionAddOns: [{ AddOn: { Uid: 'addon-priority-support' }, Quantity: 1 }],
      DiscountCouponSubscriptions: [{ DiscountCoupon: { UniqueIdentifier: 'WELCOME20' } }],
    });
    await totalRow(team).filter({ hasText: usd(total) }).waitFor();
  });

  test('survives the page reload a payment redirect causes: reopened checkout shows the same plan, term, add-on and code', async () => {
    const page = await openDemoPage(session.context, '/');
    expect(await sessionKeys(page)).toEqual([]);
    await startProFlow(page);
    expect(await sessionKeys(page)).toEqual([`portico.flowDraft:${new URL(serverUrl()).origin}`]);

    await page.reload();
    await page.waitForFunction(() => 'Portico' in window);
    await page.evaluate(() => (window as unknown as { Portico: { open(state: string): Promise<void> } }).Portico.open('checkout'));
    const dialog = page.getByRole('dialog', { name: 'Checkout' });
    await dialog.getByRole('region', { name: 'Pro', exact: true }).waitFor();
    expect(await dialog.getByRole('radio', { name: 'Yearly' }).isChecked()).toBe(true);
    expect(await dialog.getByRole('group', { name: 'Add-ons' }).getByRole('checkbox', { name: 'Priority support' }).isChecked()).toBe(true);
    await dialog.getByText('Discount code WELCOME20 applied', { exact: true }).waitFor();
    const total = await serverTotal({
      Plan: { Uid: 'plan-pro' }, Quantity: 0, BillingRenewalTerm: 'Yearly',
      SubscriptionAddOns: [{ AddOn: { Uid: 'addon-priority-support' }, Quantity: 1 }, { AddOn: { Uid: 'addon-api-calls' }, Quantity: 1 }],
      DiscountCouponSubscriptions: [{ DiscountCoupon: { UniqueIdentifier: 'WELCOME20' } }],
    });
    await totalRow(dialog).filter({ hasText: usd(total) }).waitFor();
  });
});
