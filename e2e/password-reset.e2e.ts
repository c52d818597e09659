import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { expectNoSeriousViolations } from './support/axe.ts';
import { browserPerFile, newContext } from './support/browser.ts';
import { screenshotPath } from './support/demo-page.ts';
import { mailboxPerFile, mailedResetLink } from './support/mailbox.ts';
import { fakeMembersSite, signInCompanyConfigPerFile } from './support/members-site.ts';
import { freeSignUpBody, openHarness, openPopup, serverPerFile, uniqueEmail } from './support/signup.ts';
import { tabTo } from './support/keyboard.ts';

/**
 * Issue 8 'Must show', the password part, in Chromium by role and label: forgot password with the
 * keyboard alone, the reset link received over SMTP from the running server, the new password set
 * on the reset screen (live rule indicators) and the person signed in at once; logged out, then
 * logged in with the new password on the login screen. A used or expired link goes back to
 * forgotPassword with Errors.InvalidToken. A signed-in password change, after which the old
 * password is refused. axe in light and dark.
 */
const ADMIN_KEY = 'e2e-password-admin-key-0123456789';
const PASSWORD = 'Tr1cky-Lantern-Walk!';
const NEW_PASSWORD = 'Quiet-Harbor-Tide-47';
const POPUP = { include: ['[data-portico-popup-host]'] };
const env: Record<string, string> = { PORTICO_ADMIN_KEY: ADMIN_KEY, MAIL_FROM: 'Northwind <no-reply@northwind.test>' };
const mails = mailboxPerFile(env);
signInCompanyConfigPerFile(env, 'passwords');

const session = browserPerFile();
const server = serverPerFile(env);

/** What the tests read of an answer: a token, a nonce, an error code. */
interface Answer { access_token?: string; Value?: string; ErrorCode?: string; [key: string]: unknown }
/** The widget's page API the tests call. */
interface PorticoApi { setTheme(t: object): void; setAccessToken(t: string | null): void }

async function api(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}${url}`, {
    method, headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers }, ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : null) as Answer };
}
const bearer = (token: string | undefined) => ({ authorization: `Bearer ${token ?? ''}` });
const signInStatus = async (email: string, password: string) => (await api('POST', '/api/v1/tokens', { username: email, password })).status;

/** A sign-up over the API: a free account whose primary contact has a password. */
async function signUp(tag: string): Promise<string> {
  const email = uniqueEmail(tag);
  const nonce = await api('POST', '/api/v1/nonce');
  const res = await api('POST', '/api/v1/crm/registrations', freeSignUpBody(email, PASSWORD, nonce.json.Value));
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return email;
}

/** The reset link of the newest mail to `to`. */
const mailedLink = (to: string, after = 0) => mailedResetLink(mails, to, after);


async function setTheme(page: Page, displayMode: 'light' | 'dark') {
  await page.evaluate((m) => (window as unknown as { Portico: PorticoApi }).Portico.setTheme({ displayMode: m }), displayMode);
}

/** axe in light and dark on the open popup, with a screenshot of each. */
async function audit(page: Page, dialog: Locator, name: string) {
  for (const mode of ['light', 'dark'] as const) {
    await setTheme(page, mode);
    await expectNoSeriousViolations(page, POPUP);
    await dialog.screenshot({ path: screenshotPath(`${name}-${mode}`) });
  }
  await setTheme(page, 'light');
}

describe('password reset and change', () => {
  test('forgot password → the mailed link → a new password (keyboard alone) → signed in → log out → log in with it', async () => {
    await fakeMembersSite(session.context);
    const email = await signUp('reset');
    const page = await openHarness(session.context, server.url);
    const forgot = await openPopup(page, 'forgotPassword', {}, 'Forgot password');
    await audit(page, forgot, 'password-forgot');
    const before = mails.length;

    // Keyboard only: Email, then Enter sends.
    await tabTo(page, 'Email');
    await page.keyboard.type(email);
    await page.keyboard.press('Enter');
    const sent = page.getByRole('dialog', { name: 'Check your email' });
    await sent.getByText(`If an account uses ${email}`, { exact: false }).waitFor();
    await audit(page, sent, 'password-forgot-sent');

    // The link of the mail the server sent over SMTP comes back to this page.
    const link = await mailedLink(email, before);
    expect(new URL(link).pathname).toBe('/harness.html');
    await page.goto(link);
    const reset = page.getByRole('dialog', { name: 'Set your password' });
    await reset.getByRole('heading', { name: 'Set your password' }).waitFor();
    // The token was read and removed from the address bar.
    expect(new URL(page.url()).searchParams.has('resetToken')).toBe(false);

    await tabTo(page, 'New password');
    await page.keyboard.type('short');
    // Live indicators after the 1 s debounce: the length rule fails, then passes once long enough.
    await reset.locator('[data-rule="MinimumLength"][data-state="unmet"]').waitFor();
    await reset.locator('[data-rule="CommonPasswordDisallowed"][data-state="unmet"]').waitFor();
    await audit(page, reset, 'password-reset-rules');
    for (let i = 0; i < 5; i++) await page.keyboard.press('Backspace');
    await page.keyboard.type(NEW_PASSWORD);
    await reset.locator('[data-rule="MinimumLength"][data-state="met"]').waitFor();
    await reset.locator('[data-rule="CommonPasswordDisallowed"][data-state="met"]').waitFor();
    await reset.screenshot({ path: screenshotPath('password-reset-ready') });
    await page.keyboard.press('Enter');

    // Signed in at once: the post-login URL gets a live token.
    await page.waitForURL(/members\.portico\.test/, { timeout: 20_000 });
    const token = new URLSearchParams(new URL(page.url()).hash.slice(1)).get('access_token')!;
    expect(token).toBeTruthy();
    expect((await api('GET', '/api/v1/auth/session', undefined, bearer(token))).status).toBe(200);
    expect(await signInStatus(email, PASSWORD)).toBe(400);

    // Log out, then log in with the new password on the login screen.
    expect((await api('POST', '/api/v1/tokens/logout', undefined, bearer(token))).status).toBe(204);
    expect((await api('GET', '/api/v1/auth/session', undefined, bearer(token))).status).toBe(401);
    const again = await openHarness(session.context, server.url);
    await again.evaluate(() => (window as unknown as { Portico: PorticoApi }).Portico.setAccessToken(null));
    const login = await openPopup(again, 'login', {}, 'Log in');
    await login.getByRole('textbox', { name: 'Email' }).fill(email);
    await login.getByLabel(/^Password/).fill(NEW_PASSWORD);
    await login.getByRole('button', { name: 'Log in' }).click();
    await again.waitForURL(/members\.portico\.test/, { timeout: 20_000 });

    // The link worked once: following it again lands on forgotPassword with Errors.InvalidToken.
    const used = await openHarness(await newContext(session.browser), server.url);
    await used.goto(link);
    const back = used.getByRole('dialog', { name: 'Forgot password' });
    await back.getByText('This link is invalid or has expired.').waitFor();
    await back.screenshot({ path: screenshotPath('password-reset-used-link') });
  });

  test('an expired link (61 minutes later on the server clock) goes to forgotPassword with Errors.InvalidToken', async () => {
    const email = await signUp('expired');
    const before = mails.length;
    const harness = new URL('/harness.html', server.url).href;
    expect((await api('POST', '/api/v1/crm/people/forgotPassword', { Email: email, ResetUrl: harness })).status).toBe(204);
    const link = await mailedLink(email, before);
    const pinned = await api('PUT', '/api/v1/admin/clock', { Now: new Date(Date.now() + 61 * 60_000).toISOString() }, bearer(ADMIN_KEY));
    expect(pinned.status, JSON.stringify(pinned.json)).toBe(200);
    try {
      const page = await openHarness(await newContext(session.browser), server.url);
      await page.goto(link);
      await page.getByRole('dialog', { name: 'Forgot password' }).getByText('This link is invalid or has expired.').waitFor();
    } finally {
      await api('PUT', '/api/v1/admin/clock', { Reset: true }, bearer(ADMIN_KEY));
    }
    // Still the old password: nothing changed.
    expect(await signInStatus(email, PASSWORD)).toBe(200);
  });

  test('change the password while signed in: a mismatch is refused inline, then the old password stops working', async () => {
    const email = await signUp('change');
    const signedIn = await api('POST', '/api/v1/tokens', { username: email, password: PASSWORD });
    const other = await api('POST', '/api/v1/tokens', { username: email, password: PASSWORD });
    const page = await openHarness(await newContext(session.browser), server.url);
    await page.evaluate((tk) => (window as unknown as { Portico: PorticoApi }).Portico.setAccessToken(tk ?? null), signedIn.json.access_token);
    const dialog = await openPopup(page, 'passwordChange', {}, 'Change password');
    await dialog.getByLabel(/^Current password/).fill(PASSWORD);
    await dialog.getByLabel(/^New password/).fill(NEW_PASSWORD);
    await dialog.getByLabel(/^Confirm new password/).fill(`${NEW_PASSWORD}x`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('The new password and confirm password fields do not match').first().waitFor();
    await audit(page, dialog, 'password-change-mismatch');
    // The show/hide toggle reveals what was typed.
    await dialog.getByRole('button', { name: 'Show password' }).first().click();
    expect(await dialog.getByLabel(/^Current password/).getAttribute('type')).toBe('text');

    await dialog.getByLabel(/^Confirm new password/).fill(NEW_PASSWORD);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Password changed').waitFor();
    await page.getByRole('dialog', { name: /Profile/ }).waitFor();
    expect(await signInStatus(email, PASSWORD)).toBe(400);
    expect(await signInStatus(email, NEW_PASSWORD)).toBe(200);
    // This session stays; the other one ended.
    expect((await api('GET', '/api/v1/auth/session', undefined, bearer(signedIn.json.access_token))).status).toBe(200);
    expect((await api('GET', '/api/v1/auth/session', undefined, bearer(other.json.access_token))).status).toBe(401);
  });

  test('demo mode: forgot password goes straight to the confirmation, the reset screen checks and saves, all with no server call', async () => {
    const context = await newContext(session.browser);
    const page = await openHarness(context, server.url, '?demo=1');
    const calls: string[] = [];
    page.on('request', (r) => { if (new URL(r.url()).pathname.startsWith('/api/')) calls.push(`${r.method()} ${new URL(r.url()).pathname}`); });
    const forgot = await openPopup(page, 'forgotPassword', {}, 'Forgot password');
    await forgot.getByRole('textbox', { name: 'Email' }).fill('ada@example.com');
    await forgot.getByRole('button', { name: 'Send Reset Email' }).click();
    await page.getByRole('dialog', { name: 'Check your email' }).getByText('If an account uses ada@example.com', { exact: false }).waitFor();

    const reset = await openPopup(page, 'resetPassword', { token: 'demo-link' }, 'Set your password');
    await reset.getByLabel(/^New password/).fill('Password123');
    await reset.locator('[data-rule="CommonPasswordDisallowed"][data-state="unmet"]').waitFor();
    await reset.getByRole('button', { name: 'Save password' }).click();
    await reset.getByText('This password is too common.').first().waitFor();
    await reset.screenshot({ path: screenshotPath('password-reset-demo-common') });
    await reset.getByLabel(/^New password/).fill(NEW_PASSWORD);
    await reset.locator('[data-rule="MinimumLength"][data-state="met"]').waitFor();
    await reset.getByRole('button', { name: 'Save password' }).click();
    await reset.waitFor({ state: 'detached' });
    expect(calls).toEqual([]);
  });
});
