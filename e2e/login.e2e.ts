import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { createRemoteJWKSet, decodeJwt, exportJWK, generateKeyPair, jwtVerify, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectNoSeriousViolations } from './support/axe.ts';
import { browserPerFile } from './support/browser.ts';
import { screenshotPath } from './support/demo-page.ts';
import { fakeMembersSite, signInCompanyConfigPerFile, logIn as logInWith } from './support/members-site.ts';
import { openHarness, openPopup, serverPerFile, uniqueEmail } from './support/signup.ts';
import { tabTo } from './support/keyboard.ts';

/**
 * Login and post-login routing in Chromium (issue 8): a person signed up over the API logs in
 * with the keyboard alone and lands at the post-login URL with the token in the fragment (the
 * token verifies against the JWKS); a wrong password; a past-due account sends its owner to
 * updatePaymentInformation and a member to accountActionRequired; chooseAccount with two accounts.
 */
const ADMIN_KEY = 'e2e-admin-key-0123456789abcdef';
const PASSWORD = 'Tr1cky-Lantern-Walk!';
const env: Record<string, string> = { PORTICO_ADMIN_KEY: ADMIN_KEY };
const CLIENT_ID = 'e2e-login.apps.googleusercontent.com';
let googleKey: CryptoKey;
let jwks: Server | null = null;

beforeAll(async () => {
  // Google's keys stood in for by a local JWKS (as in signup-mail-google.e2e.ts).
  const keys = await generateKeyPair('RS256');
  googleKey = keys.privateKey;
  const jwk = { ...(await exportJWK(keys.publicKey)), kid: 'e2e-google', alg: 'RS256', use: 'sig' };
  jwks = createServer((_req, res) => { res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ keys: [jwk] })); });
  await new Promise<void>((resolve) => jwks!.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await new Promise((resolve) => jwks?.close(resolve));
});
signInCompanyConfigPerFile(env, 'login', () => `\ngoogle:\n  clientId: ${CLIENT_ID}\n  jwksUrl: http://127.0.0.1:${(jwks!.address() as AddressInfo).port}/certs\n`);

/** An ID token as Google would sign it for this client id. */
const googleToken = (email: string) => new SignJWT({ email, email_verified: true, given_name: 'Ada', family_name: 'Lovelace' })
  .setProtectedHeader({ alg: 'RS256', kid: 'e2e-google' }).setIssuer('https://accounts.google.com').setAudience(CLIENT_ID)
  .setSubject(`g-${email}`).setIssuedAt().setExpirationTime('10m').sign(googleKey);

/** Google Identity Services stood in for (no network here): its rendered button hands over `token`. */
async function withGoogle(context: BrowserContext, token: string): Promise<void> {
  await context.route('https://accounts.google.com/gsi/client', (route) => route.fulfill({
    contentType: 'text/javascript',
    body: `window.google = { accounts: { id: {
      initialize: function (o) { window.__gsi = o; },
      renderButton: function (el, options) {
        var b = document.createElement('button'); b.type = 'button'; b.textContent = 'Sign in with Google';
        b.addEventListener('click', function () {
          if (options && options.click_listener) options.click_listener();
          window.__gsi.callback({ credential: ${JSON.stringify(token)} });
        });
        el.appendChild(b);
      } } } };`,
  }));
}

const session = browserPerFile();
const server = serverPerFile(env);

/** The loader's public API on the page (window.Portico). */
interface PorticoOnPage { setAccessToken(t: unknown): void; logout(): void; setTheme(t: object): void }

async function api(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}${url}`, {
    method, headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers }, ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
}
const admin = (method: string, url: string, body?: unknown) => api(method, url, body, { authorization: `Bearer ${ADMIN_KEY}` });

/** A sign-up over the API: a free account whose primary contact has a password. */
async function signUp(tag: string, accountName = 'Analytical Engines'): Promise<{ email: string; accountUid: string }> {
  const email = uniqueEmail(tag);
  const nonce = await api('POST', '/api/v1/nonce');
  const res = await api('POST', '/api/v1/crm/registrations', {
    Person: { Email: email, FirstName: 'Ada', LastName: 'Lovelace', Password: PASSWORD },
    Account: { Name: accountName, BillingAddress: { AddressLine1: '1 Market St', City: 'San Francisco', State: 'CA', PostalCode: '94105', Country: 'US' } },
    Subscription: { Plan: { Uid: 'plan-free' }, Quantity: 1, BillingRenewalTerm: 'Monthly' },
    TermsAccepted: true, Nonce: nonce.json.Value as string,
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return { email, accountUid: (res.json.Account as { Uid: string }).Uid };
}


async function openLogin(context: BrowserContext): Promise<{ page: Page; dialog: Locator }> {
  const page = await openHarness(context, server.url);
  const dialog = await openPopup(page, 'login', {}, 'Log in');
  return { page, dialog };
}

const logIn = (dialog: Locator, email: string, password = PASSWORD) => logInWith(dialog, email, password);

describe('login', () => {
  test('sign up, log out, log in with the keyboard alone: the post-login URL gets a token (in the fragment) that verifies against the JWKS', async () => {
    await fakeMembersSite(session.context);
    const { email, accountUid } = await signUp('keys');
    const { page, dialog } = await openLogin(session.context);
    // Signed in once (the sign-up's own token), then logged out: the session ends on the server.
    const first = await api('POST', '/api/v1/tokens', { username: email, password: PASSWORD });
    expect(first.status).toBe(200);
    await page.evaluate((tk) => (window as unknown as { Portico: PorticoOnPage }).Portico.setAccessToken(tk), first.json.access_token);
    const loggedOut = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/tokens/logout');
    await page.evaluate(() => (window as unknown as { Portico: PorticoOnPage }).Portico.logout());
    expect((await loggedOut).status()).toBe(204);
    expect((await api('GET', '/api/v1/auth/session', undefined, { authorization: `Bearer ${first.json.access_token}` })).status).toBe(401);

    await dialog.getByRole('heading', { name: 'Log in' }).waitFor();
    await page.screenshot({ path: screenshotPath('login-form') });
    await tabTo(page, 'Email');
    await page.keyboard.type(email);
    await tabTo(page, 'Password');
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await page.waitForURL(/members\.portico\.test/, { timeout: 20_000 });
    const landed = new URL(page.url());
    expect(`${landed.origin}${landed.pathname}`).toBe('http://members.portico.test/welcome');
    expect(landed.searchParams.get('from')).toBe('widget');
    expect(landed.searchParams.has('access_token')).toBe(false);
    const token = new URLSearchParams(landed.hash.slice(1)).get('access_token');
    expect(token).toBeTruthy();
    // What a host app does with it: verify against Portico's JWKS.
    const { payload } = await jwtVerify(token!, createRemoteJWKSet(new URL(`${server.url}/.well-known/jwks.json`)), { audience: 'portico' });
    expect(payload).toMatchObject({ email, account_uid: accountUid, is_primary: true });
    expect((await api('GET', '/api/v1/auth/session', undefined, { authorization: `Bearer ${token}` })).status).toBe(200);
  });

  test('a wrong password shows Errors.InvalidCredentials and stays on login; a field left with a wrong value shows its error', async () => {
    const { email } = await signUp('wrong');
    const { page, dialog } = await openLogin(session.context);
    await dialog.getByRole('textbox', { name: 'Email' }).fill('not-an-email');
    // Issue 15: the error shows once the field is left with the wrong value.
    await dialog.getByRole('textbox', { name: 'Email' }).blur();
    await expect.poll(() => dialog.getByText('Invalid email', { exact: false }).count()).toBeGreaterThan(0);
    await logIn(dialog, email, `${PASSWORD}x`);
    await dialog.getByRole('alert').getByText('Invalid email or password.').waitFor();
    await expect.poll(() => dialog.getByRole('heading', { name: 'Log in' }).count()).toBe(1);
    await page.screenshot({ path: screenshotPath('login-wrong-password') });
  });

  test('a past-due account: its owner goes to updatePaymentInformation, a member to accountActionRequired naming the owner', async () => {
    const owner = await signUp('pastdue-owner', 'Overdue Inc');
    const member = await signUp('pastdue-member', 'Member Own Co');
    expect((await admin('PUT', `/api/v1/admin/accounts/${owner.accountUid}/stage`, { AccountStage: 'PastDue' })).status).toBe(200);
    expect((await admin('POST', `/api/v1/admin/accounts/${owner.accountUid}/members`, { Email: member.email })).status).toBe(201);

    const asOwner = await openLogin(session.context);
    await logIn(asOwner.dialog, owner.email);
    const pay = asOwner.page.getByRole('dialog', { name: 'Update payment information' });
    await pay.getByRole('heading', { name: 'Update payment information' }).waitFor({ timeout: 20_000 });
    await pay.getByText('Payment information is required.').waitFor();
    await asOwner.page.screenshot({ path: screenshotPath('login-past-due-owner') });
    await asOwner.page.close();

    // The member has two accounts: it picks the past-due one on chooseAccount.
    const asMember = await openLogin(session.context);
    await logIn(asMember.dialog, member.email);
    const choose = asMember.page.getByRole('dialog', { name: 'Choose Account' });
    await choose.getByText('Please select the account you wish to login to:').waitFor({ timeout: 20_000 });
    await choose.getByRole('button', { name: /Overdue Inc/ }).click();
    const action = asMember.page.getByRole('dialog', { name: 'Action required' });
    await action.getByText('Ada Lovelace is the account owner and must log in to fix it.').waitFor({ timeout: 20_000 });
    await asMember.page.screenshot({ path: screenshotPath('login-action-required') });
  });

  test('chooseAccount with two accounts: sorted by name, the pick is in the token at the post-login URL', async () => {
    await fakeMembersSite(session.context);
    const zeta = await signUp('two-zeta', 'Zeta Works');
    const alpha = await signUp('two-alpha', 'Alpha Labs');
    expect((await admin('POST', `/api/v1/admin/accounts/${alpha.accountUid}/members`, { Email: zeta.email })).status).toBe(201);
    const { page, dialog } = await openLogin(session.context);
    await logIn(dialog, zeta.email);
    const choose = page.getByRole('dialog', { name: 'Choose Account' });
    await choose.getByRole('heading', { name: 'Choose Account' }).waitFor({ timeout: 20_000 });
    // The heading shows before the accounts arrive: wait for the list, not the heading.
    await expect.poll(async () => (await choose.getByRole('listitem').allTextContents()).map((n) => n.split(' · ')[0]), { timeout: 20_000 }).toEqual(['Alpha Labs', 'Zeta Works']);
    await expectNoSeriousViolations(page, { include: ['[data-portico-popup-host]'] });
    await page.screenshot({ path: screenshotPath('login-choose-account') });
    await choose.getByRole('button', { name: /Alpha Labs/ }).click();
    await page.waitForURL(/members\.portico\.test/, { timeout: 20_000 });
    const token = new URLSearchParams(new URL(page.url()).hash.slice(1)).get('access_token');
    expect(decodeJwt(token!)).toMatchObject({ account_uid: alpha.accountUid, is_primary: false });
  });

  test('Google: a verified ID token of a known email signs in and lands at the post-login URL; an unknown one gets Errors.InvalidCredentialsGoogle', async () => {
    await fakeMembersSite(session.context);
    const { email, accountUid } = await signUp('google');
    await withGoogle(session.context, await googleToken(email));
    const { page } = await openLogin(session.context);
    await page.locator('[data-portico-popup-host]').getByRole('button', { name: 'Sign in with Google' }).click();
    await page.waitForURL(/members\.portico\.test/, { timeout: 20_000 });
    const token = new URLSearchParams(new URL(page.url()).hash.slice(1)).get('access_token');
    expect(decodeJwt(token!)).toMatchObject({ email, account_uid: accountUid });

    await session.context.unroute('https://accounts.google.com/gsi/client');
    await withGoogle(session.context, await googleToken(uniqueEmail('stranger')));
    const other = await openLogin(session.context);
    const button = other.page.locator('[data-portico-popup-host]').getByRole('button', { name: 'Sign in with Google' });
    const spent = await button.elementHandle();
    await button.click();
    await other.dialog.getByRole('alert').getByText('This Google account could not be used to sign in.').waitFor({ timeout: 20_000 });
    // Spec 2: the button is rendered again 1000 ms after the attempt, so it can be used again.
    await expect.poll(() => spent!.evaluate((b) => b.isConnected), { timeout: 5_000 }).toBe(false);
    const again = other.page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/v1/tokens');
    await button.click();
    await again;
    await other.dialog.getByRole('alert').getByText('This Google account could not be used to sign in.').waitFor({ timeout: 20_000 });
  });

  test("demo mode: the past-due persona logs in to updatePaymentInformation, the free member lands on the demo company's post-login URL, no API request", async () => {
    const apiCalls: string[] = [];
    session.context.on('request', (r) => { if (new URL(r.url()).pathname.startsWith('/api/')) apiCalls.push(r.url()); });
    const page = await openHarness(session.context, server.url, '?demo=1');
    const dialog = await openPopup(page, 'login', {}, 'Log in');
    await logIn(dialog, 'jonas.berg@example.org', 'anything');
    await page.getByRole('dialog', { name: 'Update payment information' }).getByText('Payment information is required.').waitFor({ timeout: 20_000 });
    const again = await openPopup(page, 'login', {}, 'Log in');
    await logIn(again, 'ana.lima@example.com', 'anything');
    // Issue 15: the demo company's post-login URL (the site's home), as the persona typed.
    await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('signed-in') === '1', { timeout: 20_000 });
    await page.getByRole('banner').getByText('Ana Lima').waitFor();
    expect(apiCalls).toEqual([]);
  });

  test('axe: login in light and dark has no serious or critical violation', async () => {
    for (const mode of ['light', 'dark'] as const) {
      const { page, dialog } = await openLogin(session.context);
      await page.evaluate((m) => (window as unknown as { Portico: PorticoOnPage }).Portico.setTheme({ displayMode: m }), mode);
      await dialog.getByRole('button', { name: 'Log in' }).click();
      await dialog.getByRole('alert').first().waitFor();
      await expectNoSeriousViolations(page, { include: ['[data-portico-popup-host]'] });
      await page.screenshot({ path: screenshotPath(`login-${mode}`) });
      await page.close();
    }
  });
});
