import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { expectNoSeriousViolations } from './support/axe.ts';
import { browserPerFile } from './support/browser.ts';
import { openDemoPage, selectPlanEmbed, serverUrl } from './support/demo-page.ts';
import type { WireChargeSummary } from '@portico/core/billing/index';

const session = browserPerFile();

// ---------------------------------------------------------------------------
// The server's own answer (POST compute-charge-summary) is the expected value:
// the test never does the billing arithmetic itself.
// ---------------------------------------------------------------------------

/** The API's charge summary and its lines, as core types them for the wire. */
type WireSummary = WireChargeSummary;
interface Draft {
  plan: string;
  term?: 'Monthly' | 'Quarterly' | 'Yearly' | 'OneTime';
  quantity?: number;
  /** Add-on uids, each with quantity 1 (fixed-quantity add-ons). */
  addOns?: string[];
  coupon?: string;
}

/** The body the checkout sends for a new subscription (chargeRequestBody in packages/widget/src/components/billing/subscription-draft.ts). */
function chargeBody(d: Draft) {
  return {
    Plan: { Uid: d.plan },
    Quantity: d.quantity ?? 0,
    BillingRenewalTerm: d.term ?? 'Monthly',
    SubscriptionAddOns: (d.addOns ?? []).map((uid) => ({ AddOn: { Uid: uid }, Quantity: 1 })),
    DiscountCouponSubscriptions: d.coupon ? [{ DiscountCoupon: { UniqueIdentifier: d.coupon } }] : [],
  };
}

async function computeChargeSummary(d: Draft, asOf: 'now' | 'renewal' = 'now'): Promise<WireSummary> {
  const res = await fetch(`${serverUrl()}/api/v1/billing/subscriptions/compute-charge-summary?asOf=${asOf}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(chargeBody(d)),
  });
  expect(res.status, `compute-charge-summary ${JSON.stringify(chargeBody(d))}`).toBe(200);
  return (await res.json()) as WireSummary;
}

// Plan-pro always carries the not-user-selectable 'API calls' add-on (demo-company.yaml).
const PRO: Draft = { plan: 'plan-pro', addOns: ['addon-api-calls'] };

/** Money as the widget shows it (en-US, USD): $1,234.50, -$29.40. Wire amounts are major units. */
const usd = (major: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(major);
/** Dates in medium style, read as UTC calendar days (spec 2 "Plan detail block"). */
const day = (iso: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// ---------------------------------------------------------------------------
// The widget, read by role and accessible name.
// ---------------------------------------------------------------------------

/** The checkout screen inside the embedded selectPlan container (the embed navigates in place). */
function checkoutRegion(page: Page): Locator {
  return page.locator('#embed-selectPlan').getByRole('region', { name: 'Checkout' });
}
const orderSummary = (checkout: Locator) => checkout.getByRole('region', { name: 'Order summary' });

/** Chooses a plan on the embedded selectPlan (which goes on to register), then moves that embed to checkout. */
async function openCheckout(page: Page, planName: string): Promise<Locator> {
  await selectPlanEmbed(page).getByRole('button', { name: `Choose ${planName}` }).click();
  await page.locator('#embed-selectPlan').getByRole('region', { name: 'Sign up' }).getByRole('heading', { name: 'Sign up', level: 2 }).waitFor();
  await page.evaluate(() => (window as unknown as { Portico: { embed(t: string, s: string): Promise<unknown> } }).Portico.embed('#embed-selectPlan', 'checkout'));
  const checkout = checkoutRegion(page);
  await checkout.getByRole('heading', { name: 'Checkout', level: 2 }).waitFor();
  await orderSummary(checkout).getByRole('row', { name: /^Total due today / }).waitFor();
  return checkout;
}

/**
 * Waits until the order summary shows exactly the server's lines: each charge line by its
 * description and amount (the second line, quantity × unit price or the trial, in between), the
 * discount, the tax when there is some, and the total due today.
 */
async function expectInvoice(checkout: Locator, summary: WireSummary) {
  const table = orderSummary(checkout).getByRole('table', { name: 'Order summary' });
  await table.getByRole('row', { name: `Total due today ${usd(summary.Total)}`, exact: true }).waitFor();
  const charges = summary.InvoiceDisplayItems.filter((l) => l.LineItemType !== 5 && l.LineItemType !== 6);
  for (const line of charges) {
    const name = line.Description.replace(/ \(trial\)$/, '');
    const row = new RegExp(`^${esc(name)} .*${esc(usd(line.Amount))}$`);
    expect(await table.getByRole('row', { name: row }).count(), `row ${row}`).toBe(1);
  }
  const subtotal = charges.reduce((s, l) => s + Math.round(l.Amount * 100), 0) / 100;
  expect(await table.getByRole('row', { name: `Subtotal ${usd(subtotal)}`, exact: true }).count()).toBe(1);
  for (const line of summary.InvoiceDisplayItems.filter((l) => l.LineItemType === 5)) {
    expect(await table.getByRole('row', { name: new RegExp(`^Discount: ${esc(line.Description)} .*${esc(usd(line.Amount))}$`) }).count()).toBe(1);
  }
  const tax = summary.InvoiceDisplayItems.reduce((s, l) => s + Math.round(l.Tax * 100), 0) / 100;
  expect(await table.getByRole('row', { name: `Tax ${usd(tax)}`, exact: true }).count()).toBe(tax === 0 ? 0 : 1);
}

/** The sentence after the total for a plain monthly/yearly subscription: the renewal's amount and date. */
const thenSentence = (renewal: WireSummary, per: string) => `Then ${usd(renewal.Total)} per ${per} from ${day(renewal.InvoiceDate)}.`;

describe('checkout (server mode)', () => {
  test('choosing Pro shows the plan detail block, the order the server computes and what follows; without a registration the button leads to sign up', async () => {
    const page = await openDemoPage(session.context, '/');
    const checkout = await openCheckout(page, 'Pro');

    // Plan detail block (spec 2): name, price for the term, 'Change plan'.
    const detail = checkout.getByRole('region', { name: 'Pro', exact: true });
    await detail.getByRole('heading', { name: 'Pro', level: 3 }).waitFor();
    expect((await detail.getByRole('paragraph').first().innerText()).replace(/\s+/g, ' ').trim()).toBe('$79.00 / month');
    await detail.getByRole('button', { name: 'Change plan' }).waitFor();
    expect(await checkout.getByRole('group', { name: 'Billing term' }).getByRole('radio', { name: 'Monthly' }).isChecked()).toBe(true);

    const now = await computeChargeSummary(PRO, 'now');
    const renewal = await computeChargeSummary(PRO, 'renewal');
    expect(now.InvoiceDisplayItems.length).toBeGreaterThan(0);
    await expectInvoice(checkout, now);

    // What follows today, with the renewal's date; no person yet, so the button goes on to register.
    await orderSummary(checkout).getByText(thenSentence(renewal, 'month'), { exact: false }).waitFor();
    await orderSummary(checkout).getByRole('row', { name: /^Pro 1 × \$79\.00 per month \$79\.00$/ }).waitFor();
    await checkout.getByRole('button', { name: 'Continue', exact: true }).waitFor();

    // Spec 2: 'Change plan' goes through selectPlan, which returns to checkout.
    await detail.getByRole('button', { name: 'Change plan' }).click();
    await selectPlanEmbed(page).getByRole('button', { name: 'Choose Team' }).click();
    await checkoutRegion(page).getByRole('region', { name: 'Team', exact: true }).waitFor();
    await expectInvoice(checkoutRegion(page), await computeChargeSummary({ plan: 'plan-team', quantity: 3 }));
  });

  test('choosing Starter (14-day trial) shows the trial text, the server\'s trial invoice and when the trial ends', async () => {
    const page = await openDemoPage(session.context, '/');
    const checkout = await openCheckout(page, 'Starter');
    const detail = checkout.getByRole('region', { name: 'Starter', exact: true });
    await detail.getByText('14-day free trial', { exact: true }).waitFor();

    const starter: Draft = { plan: 'plan-starter', addOns: ['addon-api-calls'] };
    const now = await computeChargeSummary(starter, 'now');
    const renewal = await computeChargeSummary(starter, 'renewal');
    await expectInvoice(checkout, now);
    expect(now.Total).toBe(0);
    await orderSummary(checkout).getByText(`Your free trial ends on ${day(renewal.InvoiceDate)}. ${thenSentence(renewal, 'month')}`, { exact: false }).waitFor();
  });

  test('changing the billing term recomputes the invoice 500 ms later with the server\'s yearly answer', async () => {
    const page = await openDemoPage(session.context, '/');
    const checkout = await openCheckout(page, 'Pro');
    const monthly = await computeChargeSummary(PRO);
    await expectInvoice(checkout, monthly);

    const yearly = await computeChargeSummary({ ...PRO, term: 'Yearly' });
    expect(yearly.Total).not.toBe(monthly.Total);

    const recompute = page.waitForRequest((r) => r.url().includes('/compute-charge-summary?asOf=now'));
    const clicked = Date.now();
    await checkout.getByRole('radio', { name: 'Yearly' }).check();
    const request = await recompute;
    // Debounced (spec 9: 500 ms); a small tolerance for timer and click latency.
    expect(Date.now() - clicked).toBeGreaterThanOrEqual(400);
    expect(request.postDataJSON()).toEqual(chargeBody({ ...PRO, term: 'Yearly' }));

    await expectInvoice(checkout, yearly);
    expect(await orderSummary(checkout).getByRole('row', { name: `Total due today ${usd(monthly.Total)}`, exact: true }).count()).toBe(0);
    const detail = checkout.getByRole('region', { name: 'Pro', exact: true });
    expect((await detail.getByRole('paragraph').first().innerText()).replace(/\s+/g, ' ').trim()).toBe('$790.00 / year');
    await orderSummary(checkout).getByText(thenSentence(await computeChargeSummary({ ...PRO, term: 'Yearly' }, 'renewal'), 'year'), { exact: false }).waitFor();
  });

  test('Team: the quantity starts at the minimum 3, is clamped to the maximum 25, and the invoice follows it', async () => {
    const page = await openDemoPage(session.context, '/');
    const checkout = await openCheckout(page, 'Team');
    const seats = checkout.getByRole('spinbutton', { name: 'Number of seats' });
    const minus = checkout.getByRole('button', { name: 'Decrease Number of seats' });
    const plus = checkout.getByRole('button', { name: 'Increase Number of seats' });

    expect(await seats.inputValue()).toBe('3');
    expect(await minus.isDisabled()).toBe(true);
    expect(await plus.isEnabled()).toBe(true);
    await expectInvoice(checkout, await computeChargeSummary({ plan: 'plan-team', quantity: 3 }));
    await checkout.getByRole('region', { name: 'Team', exact: true }).getByText('3 seats', { exact: true }).waitFor();

    // Spec 5: a value below the minimum (or not a number) becomes the minimum.
    await seats.fill('1');
    await seats.blur();
    expect(await seats.inputValue()).toBe('3');
    await seats.fill('abc');
    await seats.blur();
    expect(await seats.inputValue()).toBe('3');

    // Typing above the maximum: clamped to 25, with the 'maximum of N people' message.
    await seats.fill('30');
    await seats.blur();
    expect(await seats.inputValue()).toBe('25');
    expect(await seats.getAttribute('aria-valuenow')).toBe('25');
    await checkout.getByText('You can have a maximum of 25 people on your plan.', { exact: true }).waitFor();
    expect(await plus.isDisabled()).toBe(true);
    const at25 = await computeChargeSummary({ plan: 'plan-team', quantity: 25 });
    await expectInvoice(checkout, at25);
    await checkout.getByRole('region', { name: 'Team', exact: true }).getByText('25 seats', { exact: true }).waitFor();
    await orderSummary(checkout).getByRole('row', { name: 'Team 25 × $15.00 per month $375.00', exact: true }).waitFor();

    // The minus button steps down, and the invoice follows.
    await minus.click();
    expect(await seats.inputValue()).toBe('24');
    await expectInvoice(checkout, await computeChargeSummary({ plan: 'plan-team', quantity: 24 }));
  });

  test('add-ons: checking Priority support adds its line; the included API calls add-on cannot be unchecked', async () => {
    const page = await openDemoPage(session.context, '/');
    const checkout = await openCheckout(page, 'Pro');
    const addOns = checkout.getByRole('group', { name: 'Add-ons' });
    const priority = addOns.getByRole('checkbox', { name: 'Priority support' });
    expect(await priority.isChecked()).toBe(false);

    const withSupport = await computeChargeSummary({ ...PRO, addOns: ['addon-priority-support', 'addon-api-calls'] });
    const supportLine = withSupport.InvoiceDisplayItems.find((l) => l.LineItemEntityUid === 'addon-priority-support');
    expect(supportLine, 'the server bills Priority support on its own line').toBeTruthy();
    await priority.check();
    await expectInvoice(checkout, withSupport);
    await orderSummary(checkout).getByRole('row', { name: 'Priority support 1 × $19.00 per month $19.00', exact: true }).waitFor();

    // Spec 4 "Add-on rules": not user-selectable = cannot be unchecked (by mouse or keyboard).
    const included = addOns.getByRole('checkbox', { name: 'API calls' });
    expect(await included.count()).toBe(1);
    expect(await included.isChecked()).toBe(true);
    expect(await included.getAttribute('aria-disabled')).toBe('true');
    await addOns.getByRole('listitem').filter({ has: page.getByRole('checkbox', { name: 'API calls' }) }).getByText(/^Included with your plan/).waitFor();
    await included.click({ force: true });
    await included.focus();
    await page.keyboard.press('Space');
    await page.waitForTimeout(700); // longer than the 500 ms debounce: no recompute is pending
    expect(await included.isChecked()).toBe(true);
    await expectInvoice(checkout, withSupport);

    // Unchecking Priority support takes its line away again.
    await priority.uncheck();
    await expectInvoice(checkout, await computeChargeSummary(PRO));
  });

  test('discount code: unknown and expired codes show their errors, Escape closes the entry, WELCOME20 adds the server\'s discount', async () => {
    const page = await openDemoPage(session.context, '/');
    const checkout = await openCheckout(page, 'Pro');
    const before = await computeChargeSummary(PRO);
    await expectInvoice(checkout, before);
    const alert = orderSummary(checkout);
    const opener = checkout.getByRole('button', { name: 'Have a discount code?' });
    const input = checkout.getByRole('textbox', { name: 'Discount code' });

    // The link opens the entry and focus moves into the input (spec 9: after 100 ms).
    await opener.click();
    await input.waitFor();
    await expect.poll(() => input.evaluate((el) => el.getRootNode() instanceof ShadowRoot && (el.getRootNode() as ShadowRoot).activeElement === el)).toBe(true);
    // Spec 5: a non-empty value is needed.
    expect(await checkout.getByRole('button', { name: 'Apply' }).isDisabled()).toBe(true);

    await input.fill('NOSUCHCODE');
    await input.press('Enter');
    await alert.getByText('Discount code not found.', { exact: true }).waitFor();
    await input.waitFor(); // the entry stays open for another try

    // Errors.DiscountCodeExpired (core catalogue, en.ts): 'This discount code has expired.'
    await input.fill('BLACKFRIDAY2020');
    await input.press('Enter');
    await alert.getByText('This discount code has expired.', { exact: true }).waitFor();
    expect(await alert.getByText('Discount code not found.').count()).toBe(0);
    await expectInvoice(checkout, before);

    // Escape closes the entry, focus returns to the link.
    await input.press('Escape');
    await input.waitFor({ state: 'detached' });
    await opener.waitFor();
    await expect.poll(() => opener.evaluate((el) => (el.getRootNode() as ShadowRoot).activeElement === el)).toBe(true);

    // Enter with WELCOME20 applies it: a Discount line, and the server's discounted total.
    const after = await computeChargeSummary({ ...PRO, coupon: 'WELCOME20' });
    const discount = after.InvoiceDisplayItems.find((l) => l.Total < 0);
    expect(discount, 'the server adds a discount line').toBeTruthy();
    await opener.click();
    await input.fill('WELCOME20');
    await input.press('Enter');
    await expectInvoice(checkout, after);
    await checkout.getByText('Discount code WELCOME20 applied', { exact: true }).waitFor();
    expect(await alert.getByText('This discount code has expired.').count()).toBe(0);
    // The discount with its name and how long it lasts.
    await orderSummary(checkout).getByRole('row', { name: /^Discount: Welcome 20% first invoice 20% off once -\$/ }).waitFor();
    // The drop is 20 % of the discountable (non-discount) lines, in cents.
    const cents = (n: number) => Math.round(n * 100);
    const discountable = after.InvoiceDisplayItems.filter((l) => l !== discount).reduce((s, l) => s + cents(l.Total), 0);
    expect(cents(before.Total) - cents(after.Total)).toBe(Math.round(discountable * 0.2));
    expect(cents(after.Total)).toBe(discountable + cents(discount!.Total));

    // Removing the code brings the undiscounted invoice back.
    await checkout.getByRole('button', { name: 'Remove discount code WELCOME20' }).click();
    await expectInvoice(checkout, before);
    await opener.waitFor();
  });

  test('axe: no serious or critical violations on checkout with the discount entry open', async () => {
    const page = await openDemoPage(session.context, '/');
    const checkout = await openCheckout(page, 'Pro');
    await checkout.getByRole('button', { name: 'Have a discount code?' }).click();
    await checkout.getByRole('textbox', { name: 'Discount code' }).waitFor();
    await expectNoSeriousViolations(page, { include: ['#embed-selectPlan'] });
  });
});

describe('checkout (demo mode)', () => {
  test('the same flow computes locally: the invoice renders and follows the term, with zero API requests', async () => {
    const requests: string[] = [];
    session.context.on('request', (r) => requests.push(r.url()));
    const page = await openDemoPage(session.context, '/?demo=1');
    // Demo Team (no trial): something is due now for either term.
    const checkout = await openCheckout(page, 'Team');
    const table = orderSummary(checkout).getByRole('table', { name: 'Order summary' });
    const total = table.getByRole('row', { name: /^Total due today / });
    const monthlyTotal = (await total.innerText()).replace(/\s+/g, ' ').trim();
    expect(await table.getByRole('row').count()).toBeGreaterThanOrEqual(3);
    expect(await checkout.getByRole('spinbutton', { name: 'Number of seats' }).inputValue()).toBe('3');

    await checkout.getByRole('radio', { name: 'Yearly' }).check();
    await expect.poll(async () => (await total.innerText()).replace(/\s+/g, ' ').trim(), { timeout: 5_000 }).not.toBe(monthlyTotal);
    const yearlyTotal = (await total.innerText()).replace(/\s+/g, ' ').trim();
    expect(yearlyTotal).toMatch(/^Total due today \$[\d,]+\.\d\d$/);
    await checkout.getByRole('button', { name: 'Continue', exact: true }).waitFor();

    // The demo company's discount code (demo-company.yaml) is looked up locally too.
    await checkout.getByRole('button', { name: 'Have a discount code?' }).click();
    await checkout.getByRole('textbox', { name: 'Discount code' }).fill('WELCOME20');
    await checkout.getByRole('textbox', { name: 'Discount code' }).press('Enter');
    await checkout.getByText('Discount code WELCOME20 applied', { exact: true }).waitFor();
    await expect.poll(async () => (await total.innerText()).replace(/\s+/g, ' ').trim(), { timeout: 5_000 }).not.toBe(yearlyTotal);
    await page.waitForTimeout(300);

    expect(requests.filter((u) => u.includes('/api/'))).toEqual([]);
    expect(requests.some((u) => u.includes('/chunks/'))).toBe(true); // the recorder saw the page's own files
  });
});
