import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { browserPerFile } from './support/browser.ts';
import { screenshotPath } from './support/demo-page.ts';
import { logIn } from './support/members-site.ts';
import { freePort, repoRoot } from './support/server.ts';
import { acceptTerms, captchaSolved, fillPerson, uniqueEmail } from './support/signup.ts';

/**
 * `npm start` on a port other than 3000 (issue 13 item 3): the demo company's links are
 * `${PUBLIC_URL}/…` in its config, and PORTICO_PUBLIC_URL defaults to http://localhost:$PORT, so the
 * settings, the post-login URL, the payment return, the mailed links and the terms all point at the
 * port the server runs on; signing in and resetting a password there end on a page that loads.
 * The real start script (scripts/start.mjs: build check, then the server) with the demo config.
 */
const ADMIN_KEY = 'e2e-npm-start-admin-key-0123456789';
const PASSWORD = 'Quiet-Harbor-Tide-47';
let port = 0;
let site = '';
let direct = '';
let child: ChildProcess | null = null;
let dataDir = '';
let output = '';

beforeAll(async () => {
  port = await freePort();
  site = `http://localhost:${port}`; // what a person opens after `PORT=… npm start`
  direct = `http://127.0.0.1:${port}`; // the same server, for the test's own requests
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'portico-e2e-npm-start-'));
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), PORTICO_DATA_DIR: dataDir, PORTICO_ADMIN_KEY: ADMIN_KEY, NODE_ENV: 'development', LOG_LEVEL: 'warn' };
  for (const name of ['PORTICO_PUBLIC_URL', 'PORTICO_CONFIG', 'DATABASE_URL', 'SMTP_URL', 'REDIS_URL', 'HOST']) delete env[name];
  const started = spawn(process.execPath, [path.join(repoRoot, 'scripts/start.mjs')], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child = started;
  started.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  started.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const deadline = Date.now() + 110_000;
  for (;;) {
    if (started.exitCode !== null) throw new Error(`npm start exited with ${started.exitCode}:\n${output}`);
    const ok = await fetch(`${direct}/healthz`).then((r) => r.ok, () => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`npm start did not answer /healthz in time:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
});

afterAll(async () => {
  const running = child;
  if (running && running.exitCode === null) {
    // start.mjs passes the signal on to the server and exits with it.
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    await exited;
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const session = browserPerFile();

async function json(url: string, init: RequestInit = {}): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(url, init);
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
}

/** The links of the newest mail to `to` in the development mailbox (as the /dev/mailbox page lists them). */
async function mailedLinks(to: string, after: number): Promise<string[]> {
  for (let i = 0; i < 150; i++) {
    const page = await (await fetch(`${direct}/dev/mailbox`)).text();
    const mails = page.split('<hr>').filter((m) => m.includes(to));
    // Newest first; `after` mails to this address were there before.
    if (mails.length > after) return [...mails[0]!.matchAll(/<a href="([^"]+)"/g)].map((m) => m[1]!.replace(/&#38;/g, '&'));
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${to} in /dev/mailbox`);
}
const mailCount = async (to: string) => (await (await fetch(`${direct}/dev/mailbox`)).text()).split('<hr>').filter((m) => m.includes(to)).length;

async function openSite(pathname = '/'): Promise<Page> {
  const page = await session.context.newPage();
  await page.goto(`${site}${pathname}`);
  await page.waitForFunction(() => 'Portico' in window);
  return page;
}

describe(`npm start on a port of its own (not 3000)`, () => {
  test('the settings, the post-login URL, the payment return and the terms links point at that port; the terms pages load', async () => {
    const init = await json(`${direct}/api/v1/widgets/auth/init`);
    expect(init.status).toBe(200);
    expect(init.body.RegistrationUrls).toMatchObject({ PostLogin: `${site}/?signed-in=1` });
    expect((init.body.PaymentSettings as { CallbackUrl: string }).CallbackUrl).toBe(`${site}/?processing=1`);
    const terms = [...String(init.body.TermsText).matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
    expect(terms).toEqual([`${site}/terms.html`, `${site}/privacy.html`]);
    for (const link of terms) {
      const res = await fetch(link!.replace(site, direct));
      expect(res.status, link).toBe(200);
      expect(await res.text()).toContain('Northwind Analytics');
    }
    expect(JSON.stringify(init.body)).not.toContain(':3000');
    // The page's own origin may call the API (the config's site origin follows the port too).
    const cors = await fetch(`${direct}/api/v1/widgets/auth/init`, { headers: { origin: site } });
    expect(cors.headers.get('access-control-allow-origin')).toBe(site);
  });

  test('a sign-up there is mailed links to that port, the config\'s own confirmation link included, and they open a page that loads', async () => {
    const email = uniqueEmail('port-signup');
    const page = await openSite('/');
    await page.evaluate(() => (window as unknown as { Portico: { open(s: string, o: object): Promise<void> } }).Portico
      .open('register', { params: { planUid: 'plan-free', term: 'Monthly', skipPlanOptions: true } }));
    const register = page.getByRole('dialog', { name: 'Sign up' });
    await fillPerson(register, { email });
    await acceptTerms(register);
    await captchaSolved(register);
    const registered = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/v1/crm/registrations', { timeout: 30_000 });
    await register.getByRole('button', { name: 'Sign up', exact: true }).click();
    expect((await registered).status()).toBe(201);
    const fromWidget = await mailedLinks(email, 0);
    expect(fromWidget.length).toBeGreaterThan(0);
    for (const link of fromWidget) expect(link.startsWith(`${site}/`), link).toBe(true);

    // 'Send the link again' without a page of its own: the config's confirmationUrl, on this port.
    const before = await mailCount(email);
    const resent = await fetch(`${direct}/api/v1/crm/registrations/confirmation-mail`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ Email: email }) });
    expect(resent.status).toBe(204);
    const fromConfig = (await mailedLinks(email, before)).filter((l) => /[?&](token|confirmationToken)=/.test(l));
    expect(fromConfig).toHaveLength(1);
    // The set-password link of a sign-up without a password (or the plain confirmation link of one with).
    expect(fromConfig[0]).toMatch(new RegExp(`^${site.replace(/[.:/]/g, '\\$&')}/\\?(confirmationToken|portico_confirm=1&token)=[A-Za-z0-9_-]{43}$`));
    const landed = await session.context.newPage();
    const res = await landed.goto(fromConfig[0]!);
    expect(res?.status()).toBe(200);
    expect(await landed.title()).toContain('Northwind Analytics');
  });

  test('reset a password through /dev/mailbox and sign in there: both end on that port, on a page that loads and shows the member', async () => {
    const email = uniqueEmail('port-reset');
    const imported = await json(`${direct}/api/v1/admin/accounts/import`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${ADMIN_KEY}` },
      body: JSON.stringify({
        Name: 'Harbor Ltd', PrimaryContact: { Email: email, FirstName: 'Grace', LastName: 'Hopper' },
        Subscription: { StartDate: `${new Date().toISOString().slice(0, 10)}T00:00:00Z`, Plan: { Uid: 'plan-free' }, Quantity: 1, BillingRenewalTerm: 'Monthly' },
      }),
    });
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);

    // Forgot password on the site, the mail read on the development mailbox page, its link followed.
    const page = await openSite('/');
    await page.getByRole('banner').getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByRole('dialog', { name: 'Log in' }).getByRole('button', { name: 'Forgot password?' }).click();
    const forgot = page.getByRole('dialog', { name: 'Forgot password' });
    await forgot.getByRole('textbox', { name: 'Email' }).fill(email);
    await forgot.getByRole('button', { name: 'Send Reset Email' }).click();
    await page.getByRole('dialog', { name: 'Check your email' }).waitFor();
    await mailedLinks(email, 0);
    await page.goto(`${site}/dev/mailbox`);
    const link = page.getByRole('article').filter({ hasText: email }).first().getByRole('link', { name: /resetToken=/ });
    expect(await link.getAttribute('href')).toMatch(new RegExp(`^${site.replace(/[.:/]/g, '\\$&')}/`));
    await link.click();
    const reset = page.getByRole('dialog', { name: 'Set your password' });
    await reset.getByLabel(/^New password/).fill(PASSWORD);
    await reset.getByRole('button', { name: 'Save password' }).click();
    await page.waitForURL(`${site}/?signed-in=1`, { timeout: 30_000 });
    await page.getByRole('banner').getByText('Grace Hopper', { exact: true }).waitFor();
    expect(await page.title()).toContain('Northwind Analytics');
    await page.screenshot({ path: screenshotPath('npm-start-port-after-reset') });

    // Log out, then log in with the new password: the post-login URL on this port again.
    await page.getByRole('banner').getByRole('button', { name: 'Log out', exact: true }).click();
    await page.getByRole('banner').getByRole('button', { name: 'Log in', exact: true }).click();
    await logIn(page.getByRole('dialog', { name: 'Log in' }), email, PASSWORD);
    await page.getByRole('banner').getByText('Grace Hopper', { exact: true }).waitFor({ timeout: 20_000 });
    expect(page.url()).toBe(`${site}/?signed-in=1`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Dashboards your whole team can read');
  });
});
