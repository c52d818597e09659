import { mkdirSync } from 'node:fs';
import type { Locator, Page, Route } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { expectNoSeriousViolations } from './support/axe.ts';
import { browserPerFile } from './support/browser.ts';
import { signInCompanyConfigPerFile } from './support/members-site.ts';
import { screenChunkPattern } from './support/screen-chunk.ts';
import { acceptTerms, fillPerson, freeSignUpBody, openHarness, openPopup, serverPerFile, uniqueEmail } from './support/signup.ts';

/**
 * Issue 15 items 7 and 9 in Chromium, by role and label: when a field turns red (left with a wrong
 * value, or a submit), the submitted form staying on view with its busy button while the next screen
 * loads, the confirmation dialog sized to its content with the heading centred on the icon, a taken
 * email's 'Log in instead', a wrong current password's message, the discount code's refusal going
 * once the field is cleared, and 'Try again' when the server cannot be reached. axe in light and
 * dark; screenshots in /work/shots/b. The bank page and the embedded return: sandbox-bank.e2e.ts.
 */
const PASSWORD = 'Tr1cky-Lantern-Walk!';
const SHOTS = '/work/shots/b';
const POPUP = { include: ['[data-portico-popup-host]'] };
const env: Record<string, string> = {};
signInCompanyConfigPerFile(env, 'form-messages');
const session = browserPerFile();
const server = serverPerFile(env);
const choosePro = { planUid: 'plan-pro', term: 'Monthly' };

interface PorticoApi { setTheme(t: object): void; setAccessToken(t: string | null): void; open(s: string, o?: object): Promise<void> }

async function api(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}${url}`, {
    method, headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers }, ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : null) as Record<string, unknown> };
}

/** A free account whose primary contact has a password, signed up over the API. */
async function signUp(tag: string): Promise<string> {
  const email = uniqueEmail(tag);
  const nonce = await api('POST', '/api/v1/nonce');
  const res = await api('POST', '/api/v1/crm/registrations', freeSignUpBody(email, PASSWORD, nonce.json.Value));
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return email;
}

async function signedIn(page: Page, email: string): Promise<void> {
  const token = await api('POST', '/api/v1/tokens', { username: email, password: PASSWORD });
  expect(token.status).toBe(200);
  await page.evaluate((tk) => (window as unknown as { Portico: PorticoApi }).Portico.setAccessToken(tk), token.json.access_token as string);
}

const setTheme = (page: Page, displayMode: 'light' | 'dark') => page.evaluate((m) => (window as unknown as { Portico: PorticoApi }).Portico.setTheme({ displayMode: m }), displayMode);

/** axe in light and dark, a screenshot of each and one at phone width. */
async function audit(page: Page, shot: Locator, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  for (const mode of ['light', 'dark'] as const) {
    await setTheme(page, mode);
    await expectNoSeriousViolations(page, POPUP);
    await shot.screenshot({ path: `${SHOTS}/${name}-${mode}.png` });
  }
  await setTheme(page, 'light');
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSeriousViolations(page, POPUP);
  await page.screenshot({ path: `${SHOTS}/${name}-phone.png` });
  await page.setViewportSize(size);
}

const invalid = (input: Locator) => input.getAttribute('aria-invalid');
/** The texts an input's aria-describedby points at (inside its shadow root). */
const description = (input: Locator) => input.evaluate((el) => {
  const root = el.getRootNode() as ShadowRoot;
  return (el.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean).map((id) => root.getElementById(id)?.textContent ?? '').join(' ');
});

describe('form messages (issue 15 item 9)', () => {
  test('an untouched field turns red only once it was left with something wrong, or after a submit attempt', async () => {
    const page = await openHarness(session.context, server.url);
    const dialog = await openPopup(page, 'register', choosePro);
    const email = dialog.getByRole('textbox', { name: 'Email', exact: true });
    const first = dialog.getByRole('textbox', { name: 'First name', exact: true });
    const last = dialog.getByRole('textbox', { name: 'Last name', exact: true });
    // Tabbing through empty fields says nothing.
    await email.focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect([await invalid(email), await invalid(first)]).toEqual([null, null]);
    // Typing a wrong value says nothing while the person is still in the field...
    await email.fill('ada@');
    expect(await invalid(email)).toBeNull();
    // ...and shows once they leave it; the fields tabbed through stay quiet.
    await first.focus();
    await expect.poll(() => invalid(email)).toBe('true');
    expect(await description(email)).toBe('Invalid email');
    await last.focus();
    expect(await invalid(first)).toBeNull();
    await audit(page, dialog, 'register-left-with-wrong-email');
    // A submit attempt shows every error.
    await dialog.getByRole('button', { name: 'Continue to checkout' }).click();
    await expect.poll(() => invalid(first)).toBe('true');
    expect(await description(first)).toBe('This field is required.');
  });

  test("a taken email at sign-up offers 'Log in instead', which opens login with the email filled in", async () => {
    const taken = await signUp('taken');
    const page = await openHarness(session.context, server.url);
    const dialog = await openPopup(page, 'register', choosePro);
    const email = dialog.getByRole('textbox', { name: 'Email', exact: true });
    await email.fill(taken);
    await email.blur();
    await dialog.getByText('An account with this email already exists.').first().waitFor();
    expect(await description(email)).toContain('An account with this email already exists.');
    await audit(page, dialog, 'register-email-taken');
    await dialog.getByRole('button', { name: 'Log in instead' }).first().click();
    const login = page.getByRole('dialog', { name: 'Log in' });
    await login.getByRole('heading', { name: 'Log in', level: 2 }).waitFor();
    expect(await login.getByRole('textbox', { name: 'Email' }).inputValue()).toBe(taken);
  });

  test("a wrong current password says 'The current password is not correct.' on the field (password change and email change)", async () => {
    const email = await signUp('wrong-current');
    const page = await openHarness(session.context, server.url);
    await signedIn(page, email);
    const change = await openPopup(page, 'passwordChange', {}, 'Change password');
    await change.getByLabel(/^Current password/).fill('not my password');
    await change.getByLabel(/^New password/).fill('Quiet-Harbor-Tide-47');
    await change.getByLabel(/^Confirm new password/).fill('Quiet-Harbor-Tide-47');
    await change.getByRole('button', { name: 'Save' }).click();
    const current = change.getByLabel(/^Current password/);
    await expect.poll(() => invalid(current)).toBe('true');
    expect(await description(current)).toBe('The current password is not correct.');
    expect(await change.getByText('This value is not valid.').count()).toBe(0);
    await audit(page, change, 'password-change-wrong-current');

    const emailChange = await openPopup(page, 'emailChange', {}, 'Change email');
    await emailChange.getByRole('textbox', { name: /^New email/ }).fill(uniqueEmail('new'));
    await emailChange.getByLabel(/^Current password/).fill('not my password');
    await emailChange.getByRole('button', { name: 'Send link' }).click();
    const proof = emailChange.getByLabel(/^Current password/);
    await expect.poll(() => invalid(proof)).toBe('true');
    expect(await description(proof)).toBe('The current password is not correct.');
  });

  test('clearing the discount field clears its error', async () => {
    const page = await openHarness(session.context, server.url);
    const dialog = await openPopup(page, 'register', { ...choosePro, skipPlanOptions: true });
    await dialog.getByRole('button', { name: 'Have a discount code?' }).click();
    const code = dialog.getByRole('textbox', { name: /Discount code/ });
    await code.fill('NO-SUCH-CODE');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await dialog.getByText('Discount code not found.').waitFor();
    expect(await invalid(code)).toBe('true');
    await code.fill('');
    await expect.poll(() => dialog.getByText('Discount code not found.').count()).toBe(0);
    expect(await invalid(code)).toBeNull();
  });

  test("'server unreachable' offers Try again, which repeats the failed call", async () => {
    const page = await openHarness(session.context, server.url);
    const dialog = await openPopup(page, 'register', choosePro);
    await fillPerson(dialog, { email: uniqueEmail('offline') });
    await acceptTerms(dialog);
    let attempts = 0;
    await page.route('**/api/v1/crm/registrations/validate', (route) => { attempts++; return route.abort('internetdisconnected'); });
    await dialog.getByRole('button', { name: 'Continue to checkout' }).click();
    const alert = dialog.getByRole('alert').filter({ hasText: 'Cannot reach the server' });
    await alert.waitFor();
    expect(attempts).toBe(1);
    await audit(page, dialog, 'register-server-unreachable');
    await page.unroute('**/api/v1/crm/registrations/validate');
    await alert.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('dialog', { name: 'Checkout' }).getByRole('heading', { name: 'Checkout', level: 2 }).waitFor();
  });

  test("a read that got no answer offers Try again too, which reads again (profile)", async () => {
    const email = await signUp('offline-read');
    const page = await openHarness(session.context, server.url);
    const profileRead = /\/api\/v1\/profile(\?|$)/;
    await page.route(profileRead, (route) => route.abort('internetdisconnected'));
    await signedIn(page, email);
    const dialog = await openPopup(page, 'profile', {}, 'Profile');
    const alert = dialog.getByRole('alert').filter({ hasText: 'Cannot reach the server' });
    await alert.waitFor();
    await page.unroute(profileRead);
    await alert.getByRole('button', { name: 'Try again' }).click();
    await dialog.getByText(email).first().waitFor();
    expect(await dialog.getByText('Cannot reach the server', { exact: false }).count()).toBe(0);
  });
});

describe('busy state and the confirmation dialog (issue 15 item 7)', () => {
  test('after submit the form stays on view, its button busy, while the next screen loads (no lone spinner)', async () => {
    const email = await signUp('busy');
    const page = await openHarness(session.context, server.url);
    await signedIn(page, email);
    // The next screen's code comes slowly: its chunk is held until released.
    const held: Route[] = [];
    const sentScreen = screenChunkPattern('emailChangeSent');
    await page.route(sentScreen, (route) => { held.push(route); });
    const dialog = await openPopup(page, 'emailChange', {}, 'Change email');
    await dialog.getByRole('textbox', { name: /^New email/ }).fill(uniqueEmail('busy-new'));
    await dialog.getByLabel(/^Current password/).fill(PASSWORD);
    const sent = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/profile/email');
    await dialog.getByRole('button', { name: 'Send link' }).click();
    expect((await sent).status()).toBe(200);
    await expect.poll(() => held.length).toBeGreaterThan(0);
    // The request is answered and the next screen is on its way: the form is still there, its button says what is going on.
    const busy = dialog.getByRole('button', { name: 'Sending…' });
    await busy.waitFor();
    expect(await busy.getAttribute('aria-disabled')).toBe('true');
    expect(await dialog.getByRole('textbox', { name: /^New email/ }).isVisible()).toBe(true);
    expect(await dialog.getByRole('status').filter({ hasText: 'Loading…' }).count()).toBe(0);
    mkdirSync(SHOTS, { recursive: true });
    await dialog.screenshot({ path: `${SHOTS}/email-change-submitted-busy.png` });
    await Promise.all(held.map((r) => r.continue()));
    await page.unroute(sentScreen);
    await page.getByRole('dialog', { name: 'Check your inbox' }).getByText('We sent a link to', { exact: false }).waitFor();
  });

  test('the confirmation dialog sizes to its content, its heading centred on the icon', async () => {
    const page = await openHarness(session.context, server.url);
    const register = await openPopup(page, 'register', choosePro);
    const tall = (await register.boundingBox())!.height;
    await page.evaluate(() => (window as unknown as { Portico: PorticoApi }).Portico.open('registerConfirmation', { params: { variant: 'almostDone', email: 'ada@example.com' } }));
    const dialog = page.getByRole('dialog', { name: 'Almost done' });
    const heading = dialog.getByRole('heading', { name: 'Almost done', level: 2 });
    await heading.waitFor();
    await expect.poll(async () => (await dialog.boundingBox())!.height).toBeLessThan(tall * 0.6);
    // The dialog is as tall as what it holds (its body), not the register form's height.
    const fits = await dialog.evaluate((d) => Math.abs(d.getBoundingClientRect().height - d.firstElementChild!.getBoundingClientRect().height));
    expect(fits).toBeLessThanOrEqual(2);
    const icon = (await dialog.locator('.p-icon-circle').boundingBox())!;
    const text = await heading.evaluate((h) => {
      const range = document.createRange();
      range.selectNodeContents(h);
      const r = range.getBoundingClientRect();
      return { x: r.x, width: r.width };
    });
    expect(Math.abs((icon.x + icon.width / 2) - (text.x + text.width / 2))).toBeLessThanOrEqual(1.5);
    await audit(page, dialog, 'register-confirmation');
  });
});
