import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectNoSeriousViolations } from './support/axe.ts';
import { browserPerFile, newContext } from './support/browser.ts';
import { screenshotPath } from './support/demo-page.ts';
import { decodedMail, mailboxPerFile, type Mail } from './support/mailbox.ts';
import { logIn } from './support/members-site.ts';
import { repoRoot } from './support/server.ts';
import { acceptTerms, fillPerson, serverPerFile, uniqueEmail } from './support/signup.ts';

/**
 * Issue 13 section 2 item 1, a company that asks for the password at sign-up
 * (`registration.requirePassword`, email confirmation on): the register screen asks for it with the
 * live policy check, the mail's link confirms the address and signs the person in (post-login page,
 * the header names them), the password then logs in, and the link a second time says the address is
 * already confirmed. Captcha off here (the demo company's ALTCHA is walked in first-password.e2e.ts).
 */
const PASSWORD = 'Quiet-Harbor-Tide-47';
const env: Record<string, string> = {};
const mails = mailboxPerFile(env);
let configDir = '';
beforeAll(() => {
  const demo = readFileSync(path.join(repoRoot, 'packages/server/config/demo-company.yaml'), 'utf8');
  const config = demo
    .replace('requireEmailConfirmation: true', 'requireEmailConfirmation: true\n  requirePassword: true')
    .replace('captcha:\n  provider: altcha', 'captcha:\n  provider: none');
  expect(config).toContain('requirePassword: true');
  expect(config).toContain('provider: none');
  configDir = mkdtempSync(path.join(os.tmpdir(), 'portico-e2e-required-password-'));
  writeFileSync(path.join(configDir, 'company.yaml'), config);
  env.PORTICO_CONFIG = path.join(configDir, 'company.yaml');
});
afterAll(() => { if (configDir) rmSync(configDir, { recursive: true, force: true }); });

const session = browserPerFile();
const server = serverPerFile(env);
const POPUP = '[data-portico-popup-host]';

type PorticoWindow = { Portico: { setTheme(t: object): void; open(s: string, o: object): Promise<void> } };

async function audit(page: Page, part: Locator, name: string) {
  for (const mode of ['light', 'dark'] as const) {
    await page.evaluate((m) => (window as unknown as PorticoWindow).Portico.setTheme({ displayMode: m }), mode);
    await expectNoSeriousViolations(page, { include: [POPUP] });
    await part.screenshot({ path: screenshotPath(`first-password-required-${name}-${mode}`) });
  }
  await page.evaluate(() => (window as unknown as PorticoWindow).Portico.setTheme({ displayMode: 'light' }));
}

async function openSite(page: Page): Promise<void> {
  await page.goto(new URL('/', server.url).href);
  await page.waitForFunction(() => 'Portico' in window);
}

describe('registration.requirePassword: the password at sign-up, the link confirms and signs in', () => {
  test('the register screen asks for the password (live check) → the mail → its link signs in → log out → log in; the link again says already confirmed', async () => {
    const email = uniqueEmail('required');
    const page = await session.context.newPage();
    await openSite(page);
    await page.evaluate(() => (window as unknown as PorticoWindow).Portico.open('register', { params: { planUid: 'plan-free', term: 'Monthly', skipPlanOptions: true } }));
    const register = page.getByRole('dialog', { name: 'Sign up' });
    await fillPerson(register, { email });
    const password = register.getByLabel(/^Password/);
    await password.fill('Lovelace-Harbor-47');
    // The name typed above counts as personal data; a new person has no history rule.
    await register.locator('[data-rule="PersonalDataDisallowed"][data-state="unmet"]').waitFor();
    expect(await register.locator('[data-rule="PasswordHistoryEnabled"]').count()).toBe(0);
    await acceptTerms(register);
    await audit(page, register, 'register');
    await password.fill(PASSWORD);
    await register.locator('[data-rule="PersonalDataDisallowed"][data-state="met"]').waitFor();
    await register.getByRole('button', { name: 'Sign up', exact: true }).click();

    const done = page.getByRole('dialog', { name: 'Almost done' });
    await done.getByText(`We sent an email to ${email}. Follow the link in it to confirm your email address and sign in.`).waitFor({ timeout: 20_000 });
    await audit(page, done, 'almost-done');

    let mail: Mail | undefined;
    await expect.poll(() => (mail = mails.filter((m) => m.to.includes(email)).at(-1)), { timeout: 20_000 }).toBeDefined();
    const text = decodedMail(mail!.raw);
    expect(text).toMatch(/^Subject: Confirm your email for Northwind Analytics/m);
    const link = /(http:\/\/127\.0\.0\.1:\d+\/\S*?portico_confirm=1&token=[A-Za-z0-9_-]{43})/.exec(text)?.[1];
    expect(link, text).toBeTruthy();

    // The link confirms and signs in: the post-login page, the header naming the member.
    await page.goto(link!);
    await page.waitForURL((url) => url.searchParams.get('signed-in') === '1', { timeout: 20_000 });
    const banner = page.getByRole('banner');
    await banner.getByText('Ada Lovelace', { exact: true }).waitFor();

    // The password chosen at sign-up logs in.
    await banner.getByRole('button', { name: 'Log out', exact: true }).click();
    await banner.getByRole('button', { name: 'Log in', exact: true }).click();
    await logIn(page.getByRole('dialog', { name: /^Log in/ }), email, PASSWORD);
    await banner.getByText('Ada Lovelace', { exact: true }).waitFor({ timeout: 20_000 });

    // Once only.
    const other = await newContext(session.browser);
    try {
      const again = await other.newPage();
      await openSite(again);
      await again.goto(link!);
      const used = again.getByRole('dialog', { name: 'Email already confirmed' });
      await used.getByRole('button', { name: 'Log in' }).click();
      await again.getByRole('dialog', { name: /^Log in/ }).waitFor();
    } finally {
      await other.close();
    }
  });
});
