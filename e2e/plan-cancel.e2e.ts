import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { apiCalls } from './support/api-calls.ts';
import { expectNoSeriousViolations } from './support/axe.ts';
import { browserPerFile } from './support/browser.ts';
import { screenshotPath } from './support/demo-page.ts';
import { mailboxPerFile } from './support/mailbox.ts';
import { companyConfigPerFile } from './support/members-site.ts';
import { openHarness, serverPerFile } from './support/signup.ts';
import { setHarnessTheme, setHarnessToken, signedInImportedOwner } from './support/team-owner.ts';

/**
 * Issue 16 section 1, the plan screen and planCancel, in Chromium by role and label: the plan with its
 * add-ons (the ended one hidden), a downgrade scheduled through the API shows its notice and 'Cancel plan
 * change' removes it; cancel with a reason after 'Confirm it's you' → 'Your plan is scheduled to end on …'
 * → 'Restore plan' → back to normal; the configured retention offer taken instead of cancelling. Axe in
 * light and dark, desktop and phone width; screenshots in /work/shots/b when that folder can be made.
 */
const ADMIN_KEY = 'e2e-plan-admin-key-0123456789';
const PASSWORD = 'Correct Horse Battery 42!';
const OFFER = 'Stay with us and get 10% off every invoice, for good.';
const POPUP = { include: ['[data-portico-popup-host]'] };
const env: Record<string, string> = { PORTICO_ADMIN_KEY: ADMIN_KEY };
companyConfigPerFile(env, 'plan', (demo) => {
  const config = demo.replace('billing:\n  system: Native\n', `billing:\n  retentionOffer: { couponUid: coupon-friends, message: '${OFFER}' }\n  system: Native\n`);
  expect(config).toContain('retentionOffer');
  return config;
});

const mails = mailboxPerFile(env);
const session = browserPerFile();
const server = serverPerFile(env);
const api = apiCalls(() => server.url, ADMIN_KEY);

const day = (offset: number) => new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() + offset));
const long = (iso: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso));
const medium = (iso: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(iso));

/** A Pro customer who started ten days ago with two add-ons, signed in over POST /tokens (password set from the reset mail). */
async function proCustomer(tag: string): Promise<{ email: string; token: string }> {
  return signedInImportedOwner(api, server.url, mails, {
    tag, password: PASSWORD, name: `Engines ${tag}`,
    subscription: {
      StartDate: day(-10).toISOString(), Plan: { Uid: 'plan-pro' }, Quantity: 1, BillingRenewalTerm: 'Monthly',
      SubscriptionAddOns: [{ AddOn: { Uid: 'addon-extra-dashboards' }, Quantity: 3 }, { AddOn: { Uid: 'addon-priority-support' }, Quantity: 1 }],
    },
  });
}

type PorticoWindow = { Portico: { open(s: string): Promise<void> } };
async function openPlan(page: Page): Promise<Locator> {
  await page.evaluate(() => (window as unknown as PorticoWindow).Portico.open('plan'));
  const dialog = page.getByRole('dialog', { name: 'Plan' });
  await dialog.getByRole('list', { name: 'Current plan' }).waitFor();
  return dialog;
}

/** Axe in light and dark at desktop width and at phone width, with a screenshot of each. */
async function checkScreen(page: Page, shot: Locator, name: string): Promise<void> {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    for (const mode of ['light', 'dark'] as const) {
      await setHarnessTheme(page, mode);
      await expectNoSeriousViolations(page, POPUP);
      await (width === 1280 ? shot : page).screenshot({ path: screenshotPath(`${name}-${width === 1280 ? 'desktop' : 'phone'}-${mode}`) });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await setHarnessTheme(page, 'light');
}

describe('plan screen, cancel and restore', () => {
  test('add-ons and term; a scheduled downgrade shows and is cancelled; cancel with a reason (re-authenticated), then restore', async () => {
    const owner = await proCustomer('plan');
    const page = await openHarness(session.context, server.url);
    await page.setViewportSize({ width: 1280, height: 900 });
    await setHarnessToken(page, owner.token);
    let plan = await openPlan(page);
    const details = plan.getByRole('list', { name: 'Current plan' });
    await details.getByText('Pro', { exact: true }).waitFor();
    await details.getByText('Monthly', { exact: true }).waitFor();
    const account = (await api('GET', '/api/v1/profile/account', { token: owner.token })).json;
    await details.getByText(`Renews on ${medium(account.CurrentSubscription.RenewalDate)}`).waitFor();
    const addOns = plan.getByRole('list', { name: 'Add-ons' });
    await addOns.getByText('3 × dashboard').waitFor();
    await addOns.getByText('Priority support', { exact: false }).waitFor();
    // planChange and planOptionsChange are other screens (helper A): their links show once those are built.
    await plan.getByRole('button', { name: 'Cancel subscription' }).waitFor();
    await checkScreen(page, plan, 'plan');

    // A downgrade to Starter scheduled through the API: the notice, no change or edit link.
    const change = await api('PUT', `/api/v1/billing/subscriptions/${account.CurrentSubscription.Uid}/changesubscription`, {
      token: owner.token, body: { Plan: { Uid: 'plan-starter' }, Quantity: 1, BillingRenewalTerm: 'Monthly' },
    });
    expect(change.status, JSON.stringify(change.json)).toBe(200);
    await page.keyboard.press('Escape');
    plan = await openPlan(page);
    const notice = plan.getByText(`Your plan changes to Starter on ${medium(change.json.StartDate)}.`);
    await notice.waitFor();
    await plan.getByText('Until then you keep Pro.').waitFor();
    await checkScreen(page, plan, 'plan-scheduled-change');
    await plan.getByRole('button', { name: 'Cancel plan change' }).click();
    await page.getByText('Plan change cancelled. You stay on Pro.').waitFor();
    await notice.waitFor({ state: 'detached' });
    expect((await api('GET', '/api/v1/profile/account', { token: owner.token })).json.LatestSubscription.Uid).toBe(account.CurrentSubscription.Uid);

    // Cancel, eleven minutes after the sign-in: 'Confirm it's you' first.
    const clock = await api('GET', '/api/v1/admin/clock', { admin: true });
    expect((await api('PUT', '/api/v1/admin/clock', { admin: true, body: { Now: new Date(Date.parse(clock.json.Now as string) + 11 * 60_000).toISOString() } })).status).toBe(200);
    try {
      await plan.getByRole('button', { name: 'Cancel subscription' }).click();
      const cancel = page.getByRole('dialog', { name: 'Cancel subscription' });
      const endsOn = long(account.CurrentSubscription.RenewalDate);
      await cancel.getByText(`Your plan stays active until ${endsOn}.`, { exact: false }).waitFor();
      const reasons = cancel.getByRole('group', { name: 'Why are you cancelling? (optional)' });
      for (const r of ['Too expensive', 'Lacks features', 'Too hard to use', 'No longer necessary', 'Poor support', 'Other']) await reasons.getByRole('radio', { name: r }).waitFor();
      // The retention offer (configured for this server), before the final button.
      await cancel.getByRole('region', { name: 'Before you go' }).getByText(OFFER).waitFor();
      await checkScreen(page, cancel, 'plan-cancel');
      await reasons.getByRole('radio', { name: 'Lacks features' }).check();
      await cancel.getByLabel('Anything else you want to tell us? (optional)').fill('We need SSO for contractors.');
      await cancel.getByRole('button', { name: 'Cancel subscription' }).click();
      const confirm = cancel.getByRole('region', { name: "Confirm it's you" });
      await confirm.waitFor();
      await checkScreen(page, cancel, 'plan-cancel-reauth');
      await confirm.getByLabel(/^Password/).fill(PASSWORD);
      await confirm.getByRole('button', { name: 'Confirm' }).click();

      plan = page.getByRole('dialog', { name: 'Plan' });
      await page.getByText(`Your plan is scheduled to end on ${endsOn}.`).waitFor();
      await plan.getByText(`Your plan is scheduled to end on ${endsOn}`, { exact: true }).waitFor();
      expect(await plan.getByRole('button', { name: 'Cancel subscription' }).count()).toBe(0);
      const stored = (await api('GET', '/api/v1/profile/account/cancellations', { token: owner.token })).json;
      expect(stored.Cancellation).toMatchObject({ CancelationReason: 'Lacks features', Comment: 'We need SSO for contractors.', AccountStage: 'Cancelling' });
      // Going on past the offer declined it, once for good.
      expect(stored.RetentionOffer).toBeNull();
      await checkScreen(page, plan, 'plan-cancelling');

      await plan.getByRole('button', { name: 'Restore plan' }).click();
      await page.getByText('Your plan is restored. It renews as before.').waitFor();
      await plan.getByRole('button', { name: 'Cancel subscription' }).waitFor();
      expect((await api('GET', '/api/v1/profile/account', { token: owner.token })).json).toMatchObject({ AccountStage: null, CurrentSubscription: { EndDate: null } });
    } finally {
      await api('PUT', '/api/v1/admin/clock', { admin: true, body: { Reset: true } });
    }
  });

  test("\"Don't cancel\" changes nothing; the retention offer taken instead keeps the plan with its coupon", async () => {
    const owner = await proCustomer('offer');
    const page = await openHarness(session.context, server.url);
    await page.setViewportSize({ width: 1280, height: 900 });
    await setHarnessToken(page, owner.token);
    let plan = await openPlan(page);
    await plan.getByRole('button', { name: 'Cancel subscription' }).click();
    let cancel = page.getByRole('dialog', { name: 'Cancel subscription' });
    // The safe choice has the focus.
    await expect.poll(() => cancel.getByRole('button', { name: "Don't cancel" }).evaluate((el) => (el.getRootNode() as ShadowRoot).activeElement === el)).toBe(true);
    await cancel.getByRole('button', { name: "Don't cancel" }).click();
    plan = page.getByRole('dialog', { name: 'Plan' });
    await plan.getByRole('button', { name: 'Cancel subscription' }).click();
    cancel = page.getByRole('dialog', { name: 'Cancel subscription' });
    await cancel.getByRole('button', { name: 'Accept offer and keep my plan' }).click();
    await page.getByText('Offer applied: Friends 10% forever. Your plan continues.').waitFor();
    await page.getByRole('dialog', { name: 'Plan' }).getByRole('button', { name: 'Cancel subscription' }).waitFor();
    const account = (await api('GET', '/api/v1/profile/account', { token: owner.token })).json;
    expect(account).toMatchObject({ AccountStage: null, CurrentSubscription: { EndDate: null, CurrentDiscountCouponSubscriptions: [{ DiscountCoupon: { Uid: 'coupon-friends' } }] } });
    expect((await api('GET', '/api/v1/profile/account/cancellations', { token: owner.token })).json).toEqual({ Cancellation: null, RetentionOffer: null });
  });

  test('a refusal shows on the screen and changes nothing: cancelled meanwhile elsewhere', async () => {
    const owner = await proCustomer('twice');
    const page = await openHarness(session.context, server.url);
    await page.setViewportSize({ width: 1280, height: 900 });
    await setHarnessToken(page, owner.token);
    const plan = await openPlan(page);
    await plan.getByRole('button', { name: 'Cancel subscription' }).click();
    const cancel = page.getByRole('dialog', { name: 'Cancel subscription' });
    await cancel.getByRole('group', { name: 'Why are you cancelling? (optional)' }).waitFor();
    // Another tab (here: the API) cancels first.
    expect((await api('POST', '/api/v1/profile/account/cancellations', { token: owner.token, body: {} })).status).toBe(201);
    await cancel.getByRole('button', { name: 'Cancel subscription' }).click();
    await cancel.getByText('This plan is already scheduled to end.').waitFor();
    await checkScreen(page, cancel, 'plan-cancel-error');
    expect((await api('GET', '/api/v1/profile/account/cancellations', { token: owner.token })).json.Cancellation.CancelationReason).toBeNull();
  });

  test('once the plan has ended (no current subscription), plan opens plan change, which announces that the subscription expired', async () => {
    const owner = await proCustomer('ended');
    expect((await api('POST', '/api/v1/profile/account/cancellations', { token: owner.token, body: {} })).status).toBe(201);
    const clock = await api('GET', '/api/v1/admin/clock', { admin: true });
    expect((await api('PUT', '/api/v1/admin/clock', { admin: true, body: { Now: new Date(Date.parse(clock.json.Now as string) + 40 * 86_400_000).toISOString() } })).status).toBe(200);
    try {
      const signIn = await api('POST', '/api/v1/tokens', { form: { username: owner.email, password: PASSWORD } });
      expect(signIn.status, JSON.stringify(signIn.json)).toBe(200);
      const token = signIn.json.access_token as string;
      expect((await api('GET', '/api/v1/profile/account', { token })).json.CurrentSubscription).toBeNull();
      const page = await openHarness(session.context, server.url);
      await setHarnessToken(page, token);
      await page.evaluate(() => (window as unknown as PorticoWindow).Portico.open('plan'));
      // planChange (helper A's screen) receives Errors.SubscriptionExpired as its incoming error.
      await page.getByRole('dialog', { name: 'Change plan' }).waitFor();
    } finally {
      await api('PUT', '/api/v1/admin/clock', { admin: true, body: { Reset: true } });
    }
  });
});
