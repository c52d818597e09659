import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { browserPerFile } from './support/browser.ts';
import { openDemoPage, selectPlanEmbed, serverUrl } from './support/demo-page.ts';

const session = browserPerFile();

/** selectPlan goes on to register; the embed is then moved on to checkout. */
async function toCheckout(page: Page) {
  await page.locator('#embed-selectPlan').getByRole('region', { name: 'Sign up' }).waitFor();
  await page.evaluate(() => (window as unknown as { Portico: { embed(t: string, s: string): Promise<unknown> } }).Portico.embed('#embed-selectPlan', 'checkout'));
}

// How the widget tells its failures apart (packages/widget/src/api/http.ts): no answer
// is "cannot reach the server" with a Retry, a 429 asks to wait, neither is a system error.
describe('API problems as a visitor sees them', () => {
  test('init unreachable: selectPlan says it cannot reach the server, not that no plans exist', async () => {
    const page = await session.context.newPage();
    await page.route('**/api/v1/widgets/auth/init', (route) => route.abort('connectionrefused'));
    await page.goto(new URL('/', serverUrl()).href);
    const plans = selectPlanEmbed(page);
    await plans.getByRole('alert').getByText('Cannot reach the server. Check your connection and try again.', { exact: true }).waitFor();
    expect(await plans.getByText('No plans are available right now.').count()).toBe(0);
  });

  test('invoice preview with the connection lost: the error and Try again, which brings the invoice once the server answers', async () => {
    const page = await openDemoPage(session.context, '/');
    const summaries = '**/api/v1/billing/subscriptions/compute-charge-summary*';
    await page.route(summaries, (route) => route.abort('internetdisconnected'));
    await selectPlanEmbed(page).getByRole('button', { name: 'Choose Pro' }).click();
    await toCheckout(page);
    const checkout = page.locator('#embed-selectPlan').getByRole('region', { name: 'Checkout' });
    await checkout.getByRole('alert').getByText('Cannot reach the server. Check your connection and try again.', { exact: true }).waitFor();
    expect(await checkout.getByText('A system error has occurred, please try again later.').count()).toBe(0);

    await page.unroute(summaries);
    await checkout.getByRole('button', { name: 'Try again' }).click();
    await checkout.getByRole('region', { name: 'Order summary' }).getByRole('row', { name: /^Total due today / }).waitFor();
    expect((await checkout.getByRole('alert').innerText()).trim()).toBe('');
    expect(await checkout.getByRole('button', { name: 'Try again' }).count()).toBe(0);
  });

  test('a rate-limited discount lookup (429) asks to wait instead of reporting a system error', async () => {
    const page = await openDemoPage(session.context, '/');
    await page.route('**/api/v1/public/billing/discountcoupons/*', (route) =>
      route.fulfill({ status: 429, headers: { 'Retry-After': '30' }, contentType: 'application/json', body: JSON.stringify({ Status: 429, ErrorCode: 'Errors.TooManyRequests', Message: 'Rate limit exceeded', FieldErrors: [] }) }));
    await selectPlanEmbed(page).getByRole('button', { name: 'Choose Pro' }).click();
    await toCheckout(page);
    const checkout = page.locator('#embed-selectPlan').getByRole('region', { name: 'Checkout' });
    await checkout.getByRole('button', { name: 'Have a discount code?' }).click();
    await checkout.getByRole('textbox', { name: 'Discount code' }).fill('WELCOME20');
    await checkout.getByRole('textbox', { name: 'Discount code' }).press('Enter');
    await checkout.getByRole('alert').getByText('Too many requests, please wait and try again.', { exact: true }).waitFor();
    expect(await checkout.getByText('A system error has occurred, please try again later.').count()).toBe(0);
  });
});
