import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { expectNoSeriousViolations } from './support/axe.ts';
import { browserPerFile } from './support/browser.ts';
import { screenshotPath } from './support/demo-page.ts';
import { serverPerFile } from './support/signup.ts';
import { decodedMail, mailboxPerFile, mailedConsoleLink } from './support/mailbox.ts';
import { apiCalls } from './support/api-calls.ts';

/**
 * Issue 20, an operator's account in Chromium, by role and label: the admin API creates an operator
 * without a password; the invitation mail's link (read from the SMTP server the e2e server sends to)
 * opens the console's set-password page, which refuses a weak password (the local rules) and a common
 * one (the server's answer, on the field), then sets a good one and lands in the inbox. Signed out,
 * 'Forgot password?' mails a reset link whose page sets a new password and signs in again. axe finds
 * nothing serious on the new screens in light and dark, at desktop and tablet width.
 */
const ADMIN_KEY = 'e2e-console-account-admin-key-0123456789';
const env: Record<string, string> = { PORTICO_ADMIN_KEY: ADMIN_KEY };
const mails = mailboxPerFile(env);
const session = browserPerFile();
const server = serverPerFile(env);
const api = apiCalls(() => server.url, ADMIN_KEY);

/** The signed-out screen in light and dark (the system's scheme: no theme control before sign-in), axe clean, photographed, 1280 and 800 px. */
async function audit(page: Page, name: string): Promise<void> {
  for (const width of [1280, 800]) {
    await page.setViewportSize({ width, height: 900 });
    for (const mode of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: mode });
      await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(mode);
      await expectNoSeriousViolations(page);
      await page.screenshot({ path: screenshotPath(`console-account-${name}-${width}-${mode}`) });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
}

const newPassword = (page: Page) => page.getByLabel('New password', { exact: true });

describe('an operator\'s account in the console', () => {
  test('invited by the admin API: the mailed link sets a password (a weak and a common one refused) and opens the inbox; signed out, forgot password mails a reset link that signs in again', async () => {
    const email = `invited-${Date.now()}@northwind.example`;
    const before = mails.length;
    const made = await api('POST', '/api/v1/admin/operators', { admin: true, body: { Email: email, Name: 'Ines Invited', Role: 'agent' } });
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    expect(made.json.PasswordSet).toBe(false);
    const invitation = await mailedConsoleLink(mails, email, before);
    expect(invitation).toContain(`${server.url}/console/#/set-password?token=`);

    const page = await session.context.newPage();
    await page.goto(invitation);
    await page.getByRole('heading', { name: 'Welcome to the Northwind Analytics support console' }).waitFor();
    await page.getByText(`as ${email}`).waitFor();
    await audit(page, 'invitation');

    // Too short: the rules say so before anything is sent, and the message is on the field.
    await newPassword(page).fill('short1A');
    await page.getByRole('button', { name: 'Set password and sign in' }).click();
    await page.getByText('The password does not meet the rules below.').waitFor();
    expect(await newPassword(page).getAttribute('aria-invalid')).toBe('true');
    // A common password passes the local rules; the server refuses it, on the field, and the list marks the rule.
    await newPassword(page).fill('Password123');
    await page.getByRole('button', { name: 'Set password and sign in' }).click();
    await page.getByText(/too common/i).waitFor();
    await page.locator('[data-rule="CommonPasswordDisallowed"][data-state="unmet"]').waitFor();
    await audit(page, 'invitation-refused');
    // Show/hide.
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await newPassword(page).getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Hide password' }).click();

    await newPassword(page).fill('Quiet-Harbour-Lantern-58');
    await page.getByRole('button', { name: 'Set password and sign in' }).click();
    await page.getByRole('heading', { name: /^Inbox/ }).waitFor();
    expect(page.url()).toBe(`${server.url}/console/`);
    // The used link no longer works.
    await page.goto(invitation);
    await page.getByText('This link does not work any more', { exact: false }).waitFor();
    await page.goto(`${server.url}/console/`);
    await page.getByRole('heading', { name: /^Inbox/ }).waitFor();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in to the console' }).waitFor();
    await audit(page, 'login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
    await audit(page, 'forgot');
    const beforeReset = mails.length;
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('button', { name: 'Email me a link' }).click();
    await page.getByRole('status').getByText(`If ${email} belongs to an operator of the console`).waitFor();
    await audit(page, 'forgot-sent');
    const reset = await mailedConsoleLink(mails, email, beforeReset);

    await page.goto(reset);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await audit(page, 'reset');
    await newPassword(page).fill('Second-Lighthouse-Keeper-73');
    await page.getByRole('button', { name: 'Set password and sign in' }).click();
    await page.getByRole('heading', { name: /^Inbox/ }).waitFor();

    // And the new password signs in from the login.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Second-Lighthouse-Keeper-73');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: /^Inbox/ }).waitFor();
  });

  test('strangers tripped the email: the console asks for the mailed code, which signs in', async () => {
    const email = `tripped-${Date.now()}@northwind.example`;
    const password = 'Kestrel-Quartz-7319!';
    expect((await api('POST', '/api/v1/admin/operators', { admin: true, body: { Email: email, Name: 'Tim Tripped', Role: 'agent', Password: password } })).status).toBe(201);
    // Ten wrong passwords (the per-email limit), straight to the server.
    for (let i = 0; i < 10; i += 1) await api('POST', '/api/v1/console/tokens', { body: { username: email, password: `guess-${i}` } });
    const page = await session.context.newPage();
    await page.goto(`${server.url}/console/`);
    const before = mails.length;
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Enter your sign-in code' }).waitFor();
    await page.getByText('Too many attempts were made to sign in', { exact: false }).waitFor();
    await audit(page, 'code');
    const code = await mailedCode(email, before);
    await page.getByRole('textbox', { name: 'Sign-in code' }).fill('000000' === code ? '111111' : '000000');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('That code is not right or has expired.', { exact: false }).waitFor();
    await page.getByRole('textbox', { name: 'Sign-in code' }).fill(code);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: /^Inbox/ }).waitFor();
    // This browser is now known: signed out, the password alone gets in while the email is still tripped.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: /^Inbox/ }).waitFor();
  });
});

/** The six digits of the newest sign-in code mail to `to` after the first `after` mails. */
async function mailedCode(to: string, after: number): Promise<string> {
  for (let i = 0; i < 150; i++) {
    const mail = mails.slice(after).reverse().find((m) => m.to.includes(to));
    const code = mail && /as well as the password:\s+(\d{6})/.exec(decodedMail(mail.raw))?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no sign-in code mailed to ${to}`);
}
