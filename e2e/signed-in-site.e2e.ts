import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectNoSeriousViolations } from './support/axe.ts';
import { browserPerFile, newContext } from './support/browser.ts';
import { screenshotPath } from './support/demo-page.ts';
import { logIn } from './support/members-site.ts';
import { repoRoot } from './support/server.ts';
import { serverPerFile, uniqueEmail } from './support/signup.ts';

/**
 * The demo company's site knows who is signed in (issue 13 item 5): signing in through its header
 * lands on the post-login URL (${PUBLIC_URL}/?signed-in=1), the loader takes the access token out of
 * the address before anything reads or sends it, keeps it as the session, and the header shows the
 * member's name, Account and Log out (data-portico-authenticated / -anonymous / -person / -logout),
 * from the first paint and after a reload; Log out brings Log in and Sign up back, in every tab.
 */
const PASSWORD = 'Tr1cky-Lantern-Walk!';
const env: Record<string, string> = {};
let configDir = '';
beforeAll(() => {
  // The demo company as shipped (its post-login URL included), without the captcha and the confirmation mail,
  // so a person can be signed up over the API with a password.
  const demo = readFileSync(path.join(repoRoot, 'packages/server/config/demo-company.yaml'), 'utf8');
  const config = demo.replace('requireEmailConfirmation: true', 'requireEmailConfirmation: false').replace('captcha:\n  provider: altcha', 'captcha:\n  provider: none');
  expect(config).toContain("postLoginUrl: '${PUBLIC_URL}/?signed-in=1'");
  expect(config).toContain('provider: none');
  configDir = mkdtempSync(path.join(os.tmpdir(), 'portico-e2e-signed-in-'));
  writeFileSync(path.join(configDir, 'company.yaml'), config);
  env.PORTICO_CONFIG = path.join(configDir, 'company.yaml');
});
afterAll(() => { if (configDir) rmSync(configDir, { recursive: true, force: true }); });

const session = browserPerFile();
const server = serverPerFile(env);

interface User { signedIn: true; person: { Uid: string; Email: string; FirstName: string; LastName: string; FullName: string }; accountUid: string | null }
type PorticoWindow = {
  Portico: { getUser(): User | null; getAccessToken(): string | null; setAccessToken(t: string | null): void; on(e: string, fn: (d: unknown) => void): void };
  __sessionChanges: (string | null)[];
};

async function api(method: string, url: string, body?: unknown, token?: string) {
  const res = await fetch(new URL(url, server.url), {
    method,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
}

/** A free account whose primary contact, Grace Hopper, has a password. */
async function member(tag: string): Promise<string> {
  const email = uniqueEmail(tag);
  const nonce = await api('POST', '/api/v1/nonce');
  const res = await api('POST', '/api/v1/crm/registrations', {
    Person: { Email: email, FirstName: 'Grace', LastName: 'Hopper', Password: PASSWORD },
    Account: { Name: 'Compilers Inc', BillingAddress: { AddressLine1: '1 Market St', City: 'San Francisco', State: 'CA', PostalCode: '94105', Country: 'US' } },
    Subscription: { Plan: { Uid: 'plan-free' }, Quantity: 1, BillingRenewalTerm: 'Monthly' },
    TermsAccepted: true, Nonce: nonce.json.Value as string,
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return email;
}

async function signInToken(email: string): Promise<string> {
  const res = await fetch(new URL('/api/v1/tokens', server.url), {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ username: email, password: PASSWORD }).toString(),
  });
  const json = await res.json() as { access_token: string };
  expect(res.status).toBe(200);
  return json.access_token;
}

const banner = (page: Page) => page.getByRole('banner');
const visible = (l: Locator) => l.isVisible();

/** What the header offers: the member's part and the visitor's part, as a person sees them. */
async function header(page: Page) {
  const b = banner(page);
  return {
    name: await b.getByText('Grace Hopper', { exact: true }).isVisible(),
    account: await visible(b.getByRole('link', { name: 'Account', exact: true })),
    logOut: await visible(b.getByRole('button', { name: 'Log out', exact: true })),
    logIn: await visible(b.getByRole('button', { name: 'Log in', exact: true })),
    signUp: await visible(b.getByRole('button', { name: 'Sign up', exact: true })),
  };
}
const SIGNED_IN = { name: true, account: true, logOut: true, logIn: false, signUp: false };
const SIGNED_OUT = { name: false, account: false, logOut: false, logIn: true, signUp: true };

/** Records, at the first frame the browser renders (before the first paint), what the header shows. */
async function recordFirstFrame(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    requestAnimationFrame(() => {
      const shown = (sel: string) => {
        const el = document.querySelector<HTMLElement>(sel);
        return !!el && !el.hidden && getComputedStyle(el.closest('.header-actions') ?? el).visibility !== 'hidden';
      };
      (window as unknown as { __firstFrame: object }).__firstFrame = {
        session: document.documentElement.getAttribute('data-portico-session'),
        address: location.href,
        logIn: shown('[data-portico-popup="login"]'),
        name: document.querySelector('[data-portico-person="FullName"]')?.textContent ?? null,
      };
    });
  });
}

describe('the site shows who is signed in', () => {
  test('sign in from the header → no access_token in the address (nor in any Referer) → name, Account, Log out → reload keeps it → Log out → Log in and Sign up, in every tab', async () => {
    const email = await member('header');
    const requests: { url: string; referer: string }[] = [];
    session.context.on('request', (r) => requests.push({ url: r.url(), referer: r.headers().referer ?? '' }));
    await recordFirstFrame(session.context);
    const page = await session.context.newPage();
    await page.goto(new URL('/', server.url).href);
    await page.waitForFunction(() => 'Portico' in window);
    expect(await header(page)).toEqual(SIGNED_OUT);
    expect(await page.evaluate(() => (window as unknown as PorticoWindow).Portico.getUser())).toBeNull();

    // Log in from the header: the company's post-login URL, the demo home page with its signed-in=1 marker.
    await banner(page).getByRole('button', { name: 'Log in', exact: true }).click();
    await logIn(page.getByRole('dialog', { name: 'Log in' }), email, PASSWORD);
    await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('signed-in') === '1', { timeout: 20_000 });
    await banner(page).getByText('Grace Hopper', { exact: true }).waitFor();

    // The address has nothing but the marker; the token was gone before the first paint and before any request.
    expect(page.url()).toBe(new URL('/?signed-in=1', server.url).href);
    await page.waitForFunction(() => '__firstFrame' in window);
    const first = await page.evaluate(() => (window as unknown as { __firstFrame: { session: string; address: string; logIn: boolean; name: string } }).__firstFrame);
    expect(first).toEqual({ session: 'signed-in', address: new URL('/?signed-in=1', server.url).href, logIn: false, name: 'Grace Hopper' });
    const leaks = requests.filter((r) => r.url.includes('access_token') || r.referer.includes('access_token'));
    expect(leaks).toEqual([]);
    expect(await header(page)).toEqual(SIGNED_IN);
    // The name is announced as who is signed in; nothing of it is HTML.
    expect(await banner(page).getByText('Signed in as', { exact: false }).textContent()).toBe('Signed in as ');
    const user = await page.evaluate(() => (window as unknown as PorticoWindow).Portico.getUser());
    expect(user).toMatchObject({ signedIn: true, person: { Email: email, FirstName: 'Grace', LastName: 'Hopper', FullName: 'Grace Hopper' } });
    // Kept where the widget keeps its session, and it is a live one.
    const token = await page.evaluate(() => localStorage.getItem('portico.accessToken'));
    expect(token).toBeTruthy();
    expect((await api('GET', '/api/v1/auth/session', undefined, token!)).status).toBe(200);
    await expectNoSeriousViolations(page);
    await banner(page).screenshot({ path: screenshotPath('site-header-signed-in-1280-light') });

    // A reload keeps it, from the first frame on; the account link leads to the account page, signed in.
    await page.reload();
    await banner(page).getByText('Grace Hopper', { exact: true }).waitFor();
    await page.waitForFunction(() => '__firstFrame' in window);
    expect(await page.evaluate(() => (window as unknown as { __firstFrame: { session: string } }).__firstFrame.session)).toBe('signed-in');
    expect(await header(page)).toEqual(SIGNED_IN);
    const other = await session.context.newPage();
    await other.goto(new URL('/', server.url).href);
    await banner(other).getByRole('link', { name: 'Account', exact: true }).click();
    await other.waitForURL((url) => url.pathname === '/account.html');
    expect(await banner(other).getByRole('link', { name: 'Account', exact: true }).getAttribute('aria-current')).toBe('page');
    expect(await header(other)).toEqual(SIGNED_IN);

    // The page hears about it: session.changed on sign-out (and on a new token).
    await page.evaluate(() => {
      const w = window as unknown as PorticoWindow;
      w.__sessionChanges = [];
      w.Portico.on('session.changed', (d) => w.__sessionChanges.push((d as { user: User | null }).user?.person.FullName ?? null));
    });

    // Log out in the header: the session ends on the server, both tabs show Log in and Sign up again.
    const loggedOut = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/tokens/logout');
    await banner(page).getByRole('button', { name: 'Log out', exact: true }).click();
    expect((await loggedOut).status()).toBe(204);
    await expect.poll(() => header(page)).toEqual(SIGNED_OUT);
    expect(await banner(page).locator('[data-portico-person]').textContent()).toBe('');
    expect(await page.evaluate(() => (window as unknown as PorticoWindow).__sessionChanges)).toEqual([null]);
    expect(await page.evaluate(() => localStorage.getItem('portico.accessToken'))).toBeNull();
    expect((await api('GET', '/api/v1/auth/session', undefined, token!)).status).toBe(401);
    await expect.poll(() => header(other)).toEqual(SIGNED_OUT);
    await banner(page).screenshot({ path: screenshotPath('site-header-signed-out-1280-light') });
    await page.reload();
    await banner(page).getByRole('button', { name: 'Log in', exact: true }).waitFor();
    expect(await header(page)).toEqual(SIGNED_OUT);
  });

  test('a sign-in that ends on the page it started from (only the fragment changes) is taken in all the same, and the popup closes', async () => {
    const email = await member('same-page');
    const page = await session.context.newPage();
    await page.goto(new URL('/?signed-in=1', server.url).href);
    await page.waitForFunction(() => 'Portico' in window);
    await banner(page).getByRole('button', { name: 'Log in', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Log in' });
    await logIn(dialog, email, PASSWORD);
    await banner(page).getByText('Grace Hopper', { exact: true }).waitFor({ timeout: 20_000 });
    await dialog.waitFor({ state: 'detached' });
    expect(page.url()).toBe(new URL('/?signed-in=1', server.url).href);
    expect(await header(page)).toEqual(SIGNED_IN);
  });

  test('a token set by the host page or another tab changes the header at once; elements added later get the state too', async () => {
    const token = await signInToken(await member('api'));
    const page = await session.context.newPage();
    await page.goto(new URL('/account.html', server.url).href);
    await page.waitForFunction(() => 'Portico' in window);
    const other = await session.context.newPage();
    await other.goto(new URL('/', server.url).href);
    await other.waitForFunction(() => 'Portico' in window);
    await page.evaluate((t) => (window as unknown as PorticoWindow).Portico.setAccessToken(t), token);
    expect(await header(page)).toEqual(SIGNED_IN);
    await expect.poll(() => header(other)).toEqual(SIGNED_IN);
    const added = await page.evaluate(() => {
      const el = document.createElement('p');
      el.innerHTML = '<span data-portico-anonymous>Hello visitor</span><span data-portico-authenticated hidden>Hi <b data-portico-person="FirstName">?</b></span>';
      document.body.append(el);
      return new Promise<string>((resolve) => requestAnimationFrame(() => resolve(el.innerText.trim())));
    });
    expect(added).toBe('Hi Grace');
  });
});

describe('the signed-in header in light and dark, on a desktop and a 375 px phone', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`${colorScheme}: nothing overflows, axe finds nothing serious (screenshots e2e/screenshots/site-header-*)`, async () => {
      const token = await signInToken(await member(`look-${colorScheme}`));
      for (const width of [1280, 375]) {
        const context = await newContext(session.browser, { colorScheme, viewport: { width, height: width > 500 ? 900 : 812 } });
        try {
          await context.addInitScript((t) => localStorage.setItem('portico.accessToken', t), token);
          for (const pagePath of ['/', '/account.html']) {
            const page = await context.newPage();
            await page.goto(new URL(pagePath, server.url).href);
            await banner(page).getByText('Grace Hopper', { exact: true }).waitFor();
            expect(await header(page)).toEqual(SIGNED_IN);
            // Everything of the header inside the viewport, nothing scrolling sideways.
            const boxes = await banner(page).locator('.header-actions > :not([hidden]), .logo').evaluateAll((els) => els.map((el) => {
              const r = el.getBoundingClientRect();
              return { right: Math.round(r.right), left: Math.round(r.left) };
            }));
            for (const box of boxes) expect(box.right, JSON.stringify(boxes)).toBeLessThanOrEqual(width);
            expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
            await expectNoSeriousViolations(page);
            const name = pagePath === '/' ? 'home' : 'account';
            await banner(page).screenshot({ path: screenshotPath(`site-header-signed-in-${name}-${width}-${colorScheme}`) });
            await page.close();
          }
        } finally {
          await context.close();
        }
      }
    });
  }
});
