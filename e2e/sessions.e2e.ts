import { mkdirSync } from 'node:fs';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { expectNoSeriousViolations } from './support/axe.ts';
import { browserPerFile, newContext } from './support/browser.ts';
import { apiCalls } from './support/api-calls.ts';
import { mailboxPerFile, mailedResetLink } from './support/mailbox.ts';
import { fakeMembersSite, landedToken, signInCompanyConfigPerFile } from './support/members-site.ts';
import { openHarness, serverPerFile, uniqueEmail } from './support/signup.ts';

/**
 * Issue 12 item 4 in Chromium, by role and label: one person signed in on a computer and on a
 * phone (two browser contexts) sees both in the profile's 'Where you're signed in', ends the
 * phone's session from the computer, and the phone is refused at once (its next signed-in read
 * shows login). Then 'Sign out of all other sessions', the error state with 'Try again',
 * axe in light and dark, and screenshots in /tmp/shots/sessions-*.png.
 */
const ADMIN_KEY = 'e2e-sessions-admin-key-0123456789';
const PASSWORD = 'Quiet-Harbor-Lantern-58';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const WINDOWS_FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0';
const POPUP = { include: ['[data-portico-popup-host]'] };
const SHOTS = '/tmp/shots';
const REGION = "Where you're signed in";

const env: Record<string, string> = { PORTICO_ADMIN_KEY: ADMIN_KEY };
const mails = mailboxPerFile(env);
signInCompanyConfigPerFile(env, 'sessions');
const session = browserPerFile();
const server = serverPerFile(env);
const api = apiCalls(() => server.url, ADMIN_KEY);

type PorticoWindow = { Portico: { open(s: string): Promise<void>; setTheme(t: object): void } };

/** A customer whose first password is set through the mailed link; the session that reset made (from Node, not a browser) is logged out. */
async function customerWithPassword(): Promise<string> {
  const email = uniqueEmail('sessions');
  const imported = await api('POST', '/api/v1/admin/accounts/import', {
    admin: true,
    body: {
      Name: 'Signal Works', PrimaryContact: { Email: email, FirstName: 'Grace', LastName: 'Hopper' },
      Subscription: { StartDate: `${new Date().toISOString().slice(0, 10)}T00:00:00Z`, Plan: { Uid: 'plan-team' }, Quantity: 3, BillingRenewalTerm: 'Monthly' },
    },
  });
  expect(imported.status, JSON.stringify(imported.json)).toBe(201);
  const harness = new URL('/harness.html', server.url).href;
  expect((await api('POST', `/api/v1/crm/people/forgotPassword?parentUrl=${encodeURIComponent(harness)}`, { body: { Email: email, ResetUrl: harness } })).status).toBe(204);
  const token = new URL(await mailedResetLink(mails, email)).searchParams.get('resetToken')!;
  const reset = await api('POST', `/api/v1/crm/people/resetPassword/${token}`, { body: { NewPassword: PASSWORD } });
  expect(reset.status, JSON.stringify(reset.json)).toBe(200);
  expect((await api('POST', '/api/v1/tokens/logout', { token: reset.json.access_token as string })).status).toBe(204);
  return email;
}

async function open(page: Page, state: string, heading: string): Promise<Locator> {
  await page.evaluate((s) => (window as unknown as PorticoWindow).Portico.open(s), state);
  const dialog = page.getByRole('dialog', { name: heading });
  await dialog.getByRole('heading', { name: heading, level: 2 }).waitFor();
  return dialog;
}

/** Signs in through the widget's login screen in this browser; the post-login URL's token. */
async function signInWith(context: BrowserContext, email: string): Promise<string> {
  await fakeMembersSite(context);
  const page = await openHarness(context, server.url);
  const login = await open(page, 'login', 'Log in');
  await login.getByRole('textbox', { name: 'Email' }).fill(email);
  await login.getByLabel(/^Password/).fill(PASSWORD);
  await login.getByRole('button', { name: 'Log in' }).click();
  const token = await landedToken(page);
  await page.close();
  return token;
}

/** The profile in a fresh harness page of this browser, scrolled to its session list. */
async function sessionsIn(context: BrowserContext): Promise<{ page: Page; region: Locator }> {
  const page = await openHarness(context, server.url);
  const profile = await open(page, 'profile', 'Profile');
  const region = profile.getByRole('region', { name: REGION });
  await region.waitFor();
  return { page, region };
}

const rows = (region: Locator) => region.getByRole('list', { name: 'Signed-in browsers' }).getByRole('listitem');
const shot = (locator: Locator, name: string) => locator.screenshot({ path: `${SHOTS}/sessions-${name}.png`, animations: 'disabled' });
const setTheme = (page: Page, displayMode: 'light' | 'dark') => page.evaluate((m) => (window as unknown as PorticoWindow).Portico.setTheme({ displayMode: m }), displayMode);

async function axeAndShots(page: Page, region: Locator, name: string): Promise<void> {
  for (const mode of ['light', 'dark'] as const) {
    await setTheme(page, mode);
    await expectNoSeriousViolations(page, POPUP);
    await region.scrollIntoViewIfNeeded();
    await shot(region, `${name}-${mode}`);
  }
  await setTheme(page, 'light');
}

const profileStatus = async (token: string) => (await api('GET', '/api/v1/profile', { token })).status;

describe('sessions the person can see and end, in Chromium', () => {
  test('two browsers: the computer ends the phone\'s session and the phone is refused at once; then all others', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const email = await customerWithPassword();
    const computer = session.context;
    const phone = await newContext(session.browser, { viewport: { width: 390, height: 844 }, userAgent: IPHONE, isMobile: true, hasTouch: true });
    const computerToken = await signInWith(computer, email);
    const phoneToken = await signInWith(phone, email);

    // The computer lists both: itself first ('This browser', active now), then the phone by its browser, system and device.
    const { page, region } = await sessionsIn(computer);
    await expect.poll(() => rows(region).count()).toBe(2);
    const [mine, theirs] = [rows(region).nth(0), rows(region).nth(1)];
    await mine.getByText('This browser').waitFor();
    await mine.getByText('Active now').waitFor();
    expect(await mine.textContent()).toContain('Chrome on Linux');
    await theirs.getByText('Safari on iOS').waitFor();
    await theirs.getByText(/iPhone · 127\.0\.0\.1/).waitFor();
    await theirs.getByText(/^(Active now|Last active \d+ minutes? ago)$/).waitFor();
    // One 'Sign out' per other session, named with the session it ends; none on this browser's row.
    expect(await mine.getByRole('button').count()).toBe(0);
    await theirs.getByRole('button', { name: 'Sign out Safari on iOS, 127.0.0.1' }).waitFor();
    await region.getByRole('button', { name: 'Sign out of all other sessions' }).waitFor();
    await axeAndShots(page, region, 'two');

    // The phone's own view at phone width: it is 'This browser' there.
    const onPhone = await sessionsIn(phone);
    await expect.poll(() => rows(onPhone.region).count()).toBe(2);
    await rows(onPhone.region).nth(0).getByText('Safari on iOS').waitFor();
    await rows(onPhone.region).nth(0).getByText('This browser').waitFor();
    await expectNoSeriousViolations(onPhone.page, POPUP);
    await shot(onPhone.region, 'two-phone');
    await onPhone.page.screenshot({ path: `${SHOTS}/sessions-profile-phone.png` });
    await setTheme(onPhone.page, 'dark');
    await shot(onPhone.region, 'two-phone-dark');
    await onPhone.page.close();

    // End the phone's session from the computer: confirm in place (Cancel first puts focus back), then sign it out.
    await theirs.getByRole('button', { name: 'Sign out Safari on iOS, 127.0.0.1' }).click();
    const ask = region.getByRole('group', { name: 'Sign out Safari on iOS?' });
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => theirs.getByRole('button', { name: 'Sign out Safari on iOS, 127.0.0.1' }).evaluate((el) => el === (el.getRootNode() as ShadowRoot).activeElement)).toBe(true);
    await theirs.getByRole('button', { name: 'Sign out Safari on iOS, 127.0.0.1' }).click();
    await shot(region, 'confirm-light');
    const ended = page.waitForResponse((r) => r.request().method() === 'DELETE' && new URL(r.url()).pathname.startsWith('/api/v1/profile/sessions/'));
    await ask.getByRole('button', { name: 'Yes, sign out Safari on iOS, 127.0.0.1' }).click();
    expect((await ended).status()).toBe(204);
    await page.getByRole('status').getByText('Signed out Safari on iOS.').waitFor();

    // At once: the phone's token is refused, and the phone's widget shows it signed out (the signed-in gate's login).
    expect(await profileStatus(phoneToken)).toBe(401);
    const phonePage = await openHarness(phone, server.url);
    const phoneLogin = await open(phonePage, 'profile', 'Log in');
    await phoneLogin.getByText('Log in to continue to Profile.', { exact: true }).waitFor();
    await phone.close();

    // Only this browser is left.
    await expect.poll(() => rows(region).count()).toBe(1);
    await region.getByText("You're signed in only on this browser.").waitFor();
    expect(await region.getByRole('button', { name: 'Sign out of all other sessions' }).count()).toBe(0);
    await axeAndShots(page, region, 'one');
    expect(await profileStatus(computerToken)).toBe(200);

    // Two more browsers sign in; 'Sign out of all other sessions' ends both and keeps this one.
    const laptop = await newContext(session.browser, { userAgent: WINDOWS_FIREFOX });
    const tablet = await newContext(session.browser, { viewport: { width: 820, height: 1180 } });
    const laptopToken = await signInWith(laptop, email);
    const tabletToken = await signInWith(tablet, email);
    const again = await sessionsIn(computer);
    await expect.poll(() => rows(again.region).count()).toBe(3);
    await again.region.getByText('Firefox on Windows').waitFor();
    await again.region.getByRole('button', { name: 'Sign out of all other sessions' }).click();
    const all = again.region.getByRole('group', { name: 'Sign out of all 2 other sessions?' });
    await all.getByRole('button', { name: 'Yes, sign out the others' }).click();
    await again.page.getByRole('status').getByText('Signed out of 2 other sessions.').waitFor();
    await expect.poll(() => rows(again.region).count()).toBe(1);
    expect(await profileStatus(laptopToken)).toBe(401);
    expect(await profileStatus(tabletToken)).toBe(401);
    expect(await profileStatus(computerToken)).toBe(200);
    await laptop.close();
    await tablet.close();
  });

  test('a list that cannot be read says so and offers Try again', async () => {
    const email = await customerWithPassword();
    await signInWith(session.context, email);
    let fail = true;
    await session.context.route('**/api/v1/profile/sessions?**', (route) => (fail
      ? route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ Status: 503, ErrorCode: 'Errors.SystemError', Message: 'Unavailable', FieldErrors: [] }) })
      : route.fallback()));
    const { page, region } = await sessionsIn(session.context);
    await region.getByRole('alert').getByText('Your sessions could not be loaded.').waitFor();
    await axeAndShots(page, region, 'error');
    fail = false;
    await region.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => rows(region).count()).toBe(1);
    await rows(region).getByText('This browser', { exact: true }).waitFor();
  });
});
