import { createServer, type Server } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import type { BrowserContext, Page } from 'playwright-core';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { browserPerFile, newContext } from './support/browser.ts';
import { repoRoot } from './support/server.ts';
import { acceptTerms, captchaSolved, openHarness, openPopup, registrationBody, registrationRequest, serverPerFile, uniqueEmail } from './support/signup.ts';

const CLIENT_ID = 'portico-e2e.apps.googleusercontent.com';

/** A real SMTP server the Portico server sends to, and the mail it received. */
const mails: { to: string[]; raw: string }[] = [];
let smtp: SMTPServer;
let jwks: Server;
let signingKey: CryptoKey;
let configDir = '';
const env: Record<string, string> = {};

// Before the Portico server of this file starts: the SMTP server, Google's key set (ours, served
// locally), and the demo company's config with Google sign-in and an optional billing address.
beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true, disabledCommands: ['STARTTLS'], logger: false,
    onData(stream, session, done) {
      let raw = '';
      stream.on('data', (c: Buffer) => (raw += c.toString('utf8')));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  const keys = await generateKeyPair('RS256');
  signingKey = keys.privateKey;
  const jwk = { ...(await exportJWK(keys.publicKey)), kid: 'e2e-google', alg: 'RS256', use: 'sig' };
  jwks = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
  const jwksPort = (jwks.address() as AddressInfo).port;

  const demo = readFileSync(path.join(repoRoot, 'packages/server/config/demo-company.yaml'), 'utf8');
  const config = demo.replace('- { Field: f-billing-address, Behavior: Required }', '- { Field: f-billing-address, Behavior: Editable }')
    + `\ngoogle:\n  clientId: ${CLIENT_ID}\n  jwksUrl: http://127.0.0.1:${jwksPort}/certs\n`;
  expect(config).toContain('Behavior: Editable }');
  configDir = mkdtempSync(path.join(os.tmpdir(), 'portico-e2e-config-'));
  writeFileSync(path.join(configDir, 'company.yaml'), config);
  Object.assign(env, { PORTICO_CONFIG: path.join(configDir, 'company.yaml'), SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_FROM: 'Northwind <no-reply@northwind.test>' });
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
  await new Promise((resolve) => jwks?.close(resolve));
  if (configDir) rmSync(configDir, { recursive: true, force: true });
});

const session = browserPerFile();
const server = serverPerFile(env);

/** Quoted-printable and soft line breaks undone, so a link reads whole. */
const decoded = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));

/** An ID token as Google would sign it, signed with this test's key. */
function googleToken(claims: Record<string, unknown>): Promise<string> {
  return new SignJWT({ email_verified: true, ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: 'e2e-google' })
    .setIssuer('https://accounts.google.com').setAudience(CLIENT_ID).setSubject(`g-${Date.now()}`)
    .setIssuedAt().setExpirationTime('10m').sign(signingKey);
}

/**
 * Google Identity Services stood in for (no network here), behaving as Google's does where it
 * matters: `initialize` is global (the last call's callback is the one Google calls), and a click
 * on a rendered button runs that button's `click_listener` first. The harness page has two sign-up
 * widgets, so the credential reaching the right one is the widget's doing, not the stand-in's.
 * The server has a Google client id, so its CSP names accounts.google.com/gsi like a host page's would.
 */
async function withGoogle(context: BrowserContext, token: string): Promise<void> {
  await context.route('https://accounts.google.com/gsi/client', (route) => route.fulfill({
    contentType: 'text/javascript',
    body: `window.google = { accounts: { id: {
      initialize: function (o) { window.__gsi = o; },
      renderButton: function (el, options) {
        var b = document.createElement('button'); b.type = 'button'; b.textContent = 'Sign up with Google';
        b.addEventListener('click', function () {
          if (options && options.click_listener) options.click_listener();
          window.__gsi.callback({ credential: ${JSON.stringify(token)} });
        });
        el.appendChild(b);
      } } } };`,
  }));
}

async function googleContext(token: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(session.browser);
  await withGoogle(context, token);
  return { context, page: await openHarness(context, server.url) };
}

describe('the confirmation mail over SMTP, and Google sign-in', () => {
  test("'Almost done': the mail arrives over SMTP, and its link opens 'Set your password' (first-password.e2e.ts follows it to the end)", async () => {
    const page = await openHarness(session.context, server.url);
    const dialog = await openPopup(page, 'register', { planUid: 'plan-free', term: 'Monthly', skipPlanOptions: true });
    const email = uniqueEmail('mail');
    await dialog.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await dialog.getByRole('textbox', { name: 'First name', exact: true }).fill('Ada');
    await dialog.getByRole('textbox', { name: 'Last name', exact: true }).fill('Lovelace');
    await acceptTerms(dialog);
    await captchaSolved(dialog);
    await dialog.getByRole('button', { name: 'Sign up', exact: true }).click();
    await page.getByRole('dialog', { name: 'Almost done' }).getByText(`We sent an email to ${email}. Follow the link in it to confirm your email address and set your password.`).waitFor();

    await expect.poll(() => mails.filter((m) => m.to.includes(email)).length, { timeout: 20_000 }).toBe(1);
    const mail = decoded(mails.find((m) => m.to.includes(email))!.raw);
    // No password was asked at sign-up: the link is where it is set.
    expect(mail).toMatch(/^Subject: Confirm your email and set your password for Northwind Analytics/m);
    const link = /(http:\/\/127\.0\.0\.1:\d+\/harness\.html\?[^\s"<>]*confirmationToken=[A-Za-z0-9_-]{43})/.exec(mail)?.[1];
    expect(link, mail).toBeTruthy();

    // Following the link: the loader opens 'Set your password' and takes the token out of the address.
    const other = await session.context.newPage();
    await other.goto(link!.replace(/&amp;/g, '&'));
    await other.getByRole('dialog', { name: 'Set your password' }).getByLabel(/^New password/).waitFor();
    expect(new URL(other.url()).searchParams.has('confirmationToken')).toBe(false);
  });

  test("Google with data the form still lacks: prefilled, completed by hand, then 'Account created' with Log in", async () => {
    const email = uniqueEmail('google');
    const { context, page } = await googleContext(await googleToken({ email, given_name: 'Grace', family_name: 'Hopper' }));
    try {
      // Company size is required here: Google does not know it.
      await page.route('**/api/v1/widgets/auth/init', async (route) => {
        const settings = await (await route.fetch()).json() as { FieldConfiguration: { Registration: { Behavior: string; Definition: { SystemName: string } }[] } };
        for (const f of settings.FieldConfiguration.Registration) if (f.Definition.SystemName === 'CompanySize') f.Behavior = 'Required';
        await route.fulfill({ json: settings });
      });
      await page.route('**/config/portico-settings.json', (route) => route.abort());
      const dialog = await openPopup(page, 'register', { planUid: 'plan-free', term: 'Monthly', skipPlanOptions: true });
      await dialog.getByText('OR', { exact: true }).waitFor();
      await page.locator('[data-portico-popup-host]').getByRole('button', { name: 'Sign up with Google' }).click();
      await expect.poll(() => dialog.getByRole('textbox', { name: 'Email', exact: true }).inputValue()).toBe(email);
      expect(await dialog.getByRole('textbox', { name: 'First name', exact: true }).inputValue()).toBe('Grace');
      expect(await dialog.getByRole('textbox', { name: 'Last name', exact: true }).inputValue()).toBe('Hopper');
      await dialog.getByRole('combobox', { name: 'Company size' }).selectOption('11-50');
      await acceptTerms(dialog);
      await captchaSolved(dialog);
      const sent = registrationRequest(page);
      await dialog.getByRole('button', { name: 'Sign up', exact: true }).click();
      const request = await sent;
      expect(registrationBody(request).GoogleIdToken).toMatch(/^ey/);
      const created = page.getByRole('dialog', { name: 'Account created' });
      await created.getByText('Your account was created with your Google account.').waitFor();
      await created.getByRole('button', { name: 'Log in' }).waitFor();
    } finally {
      await context.close();
    }
  });

  test('Google with full valid data submits by itself (spec 1 section 4)', async () => {
    const email = uniqueEmail('google-auto');
    const { context, page } = await googleContext(await googleToken({ email, given_name: 'Katherine', family_name: 'Johnson' }));
    try {
      const dialog = await openPopup(page, 'register', { planUid: 'plan-free', term: 'Monthly', skipPlanOptions: true });
      await acceptTerms(dialog);
      await captchaSolved(dialog);
      const sent = registrationRequest(page);
      await page.locator('[data-portico-popup-host]').getByRole('button', { name: 'Sign up with Google' }).click();
      const body = registrationBody(await sent);
      expect((body.Person as { Email: string }).Email).toBe(email);
      await page.getByRole('dialog', { name: 'Account created' }).waitFor();
    } finally {
      await context.close();
    }
  });
});
