import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { tinyPng } from '../packages/server/src/files/test-images.ts';
import { browserPerFile, newContext } from './support/browser.ts';
import { screenshotPath } from './support/demo-page.ts';
import { mailboxPerFile, mailedSetPasswordLink } from './support/mailbox.ts';
import { fakeMembersSite, landedToken, signInCompanyConfigPerFile, logIn } from './support/members-site.ts';
import { acceptTerms, fillPerson, openHarness, openPopup, serverPerFile, uniqueEmail } from './support/signup.ts';

/**
 * One customer's story in Chromium, found by role and label as a screen-reader user would: sign up
 * for the free plan in the widget, set a first password through the sign-up mail's link (the form
 * asks for none; no 'forgot password' on the way) and land signed in, log out, log in, edit the profile with a photo, change the
 * password, log out, and log in again: the old password refused, the new one accepted. The
 * password change ends the person's other sessions (a phone signed in before it gets 401) and keeps
 * the one that made it, until its logout ends it too.
 */
const PASSWORD = 'Tr1cky-Lantern-Walk!';
const NEW_PASSWORD = 'Quiet-Harbor-Tide-47';
const env: Record<string, string> = {};
const mails = mailboxPerFile(env);
signInCompanyConfigPerFile(env, 'journey');

const session = browserPerFile();
const server = serverPerFile(env);

/** The loader's page API a host page calls (its own Log out button calls logout). */
interface PorticoOnPage { open(state: string): Promise<void>; logout(): void; getAccessToken(): string | null }
type PorticoWindow = { Portico: PorticoOnPage };

/** GET /api/v1/profile with a bearer token: the status, and the profile when it answered. */
async function profileWith(token: string): Promise<{ status: number; json: Record<string, unknown> | null }> {
  const res = await fetch(new URL('/api/v1/profile', server.url), { headers: { authorization: `Bearer ${token}` } });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) as Record<string, unknown> : null };
}

/** Opens a state in the popup by the loader's API; returns the dialog named by its heading. */
async function open(page: Page, state: string, heading: string): Promise<Locator> {
  await page.evaluate((s) => (window as unknown as PorticoWindow).Portico.open(s), state);
  const dialog = page.getByRole('dialog', { name: heading });
  await dialog.getByRole('heading', { name: heading, level: 2 }).waitFor();
  return dialog;
}

/** The host page's Log out: the widget ends the session on the server (204) and forgets the token. */
async function logOut(page: Page): Promise<void> {
  const loggedOut = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/tokens/logout');
  await page.evaluate(() => (window as unknown as PorticoWindow).Portico.logout());
  expect((await loggedOut).status()).toBe(204);
}

/** The login screen filled and sent; the caller waits for where it leads. */

describe('a customer account, from sign-up to a changed password', () => {
  test('sign up → first password → log out → log in → profile with a photo → change password → log out → log in with the new one', async () => {
    await fakeMembersSite(session.context);
    const email = uniqueEmail('journey');

    // Sign up for the free plan: no card and no password asked, so 'Almost done' with a set-password mail
    // (this company asks for no email confirmation; the mail goes out all the same).
    const page = await openHarness(session.context, server.url);
    const register = await openPopup(page, 'register', { planUid: 'plan-free', term: 'Monthly', skipPlanOptions: true });
    await fillPerson(register, { email });
    await acceptTerms(register);
    await register.getByRole('button', { name: 'Sign up', exact: true }).click();
    const done = page.getByRole('dialog', { name: 'Almost done' });
    await done.getByText('confirm your email address and set your password', { exact: false }).waitFor({ timeout: 20_000 });
    await done.getByRole('button', { name: 'Close' }).last().click();

    // The first password is set from the sign-up mail's link.
    await page.goto(await mailedSetPasswordLink(mails, email));
    const reset = page.getByRole('dialog', { name: 'Set your password' });
    await reset.getByLabel(/^New password/).fill(PASSWORD);
    await reset.getByRole('button', { name: 'Save password' }).click();
    // Signed in at once: the post-login URL carries the token in its fragment.
    const signUpToken = await landedToken(page);
    expect((await profileWith(signUpToken)).status).toBe(200);

    // Log out on the host page: that session ends on the server.
    const host = await openHarness(session.context, server.url);
    expect(await host.evaluate(() => (window as unknown as PorticoWindow).Portico.getAccessToken())).toBe(signUpToken);
    await logOut(host);
    expect((await profileWith(signUpToken)).status).toBe(401);

    // Log in with the password: the post-login URL again, with a new token the widget also keeps.
    await logIn(await open(host, 'login', 'Log in'), email, PASSWORD);
    const token = await landedToken(host);
    expect(token).not.toBe(signUpToken);

    // Meanwhile the same person signs in on a phone: a second session, started before the password change.
    const phone = await newContext(session.browser, { viewport: { width: 390, height: 844 } });
    await fakeMembersSite(phone);
    const phonePage = await openHarness(phone, server.url);
    await logIn(await open(phonePage, 'login', 'Log in'), email, PASSWORD);
    const phoneToken = await landedToken(phonePage);
    expect((await profileWith(phoneToken)).status).toBe(200);

    // Back on the host page the widget is still signed in (the token it stored is the one in the fragment).
    const account = await openHarness(session.context, server.url);
    expect(await account.evaluate(() => localStorage.getItem('portico.accessToken'))).toBe(token);
    let profile = await open(account, 'profile', 'Profile');
    await profile.getByText(email, { exact: true }).waitFor();

    // Edit the profile: a photo, then a first name (each group's link edits that group: issue 15).
    await profile.getByRole('button', { name: 'Change profile photo' }).click();
    const photoEdit = account.getByRole('dialog', { name: 'Change profile photo' });
    await photoEdit.getByLabel('Profile photo', { exact: true }).setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: tinyPng() });
    await photoEdit.getByRole('button', { name: 'Save' }).click();
    await account.getByRole('status').getByText('Profile updated').waitFor();
    profile = account.getByRole('dialog', { name: 'Profile' });
    await profile.getByRole('button', { name: 'Change name' }).click();
    const edit = account.getByRole('dialog', { name: 'Change name' });
    await edit.getByRole('textbox', { name: 'First name', exact: true }).fill('Augusta');
    await edit.getByRole('button', { name: 'Save' }).click();
    await account.getByRole('status').getByText('Profile updated').waitFor();
    profile = account.getByRole('dialog', { name: 'Profile' });
    await profile.getByText('Augusta', { exact: true }).waitFor();
    const img = profile.getByRole('img', { name: 'Your profile photo' });
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth)).toBe(1);
    await account.screenshot({ path: screenshotPath('account-journey-profile') });

    // Change the password from the profile.
    await profile.getByRole('button', { name: 'Change password' }).click();
    const change = account.getByRole('dialog', { name: 'Change password' });
    await change.getByLabel(/^Current password/).fill(PASSWORD);
    await change.getByLabel(/^New password/).fill(NEW_PASSWORD);
    await change.getByLabel(/^Confirm new password/).fill(NEW_PASSWORD);
    await change.getByRole('button', { name: 'Save' }).click();
    await account.getByText('Password changed').waitFor();
    await account.getByRole('dialog', { name: /Profile/ }).waitFor();

    // The change ended the phone's session (issued before it); the session that made it is kept.
    expect((await profileWith(phoneToken)).status).toBe(401);
    const mine = await profileWith(token);
    expect(mine.status).toBe(200);
    expect(mine.json).toMatchObject({ Email: email, FirstName: 'Augusta' });
    expect(mine.json?.ProfileImageS3Url).toMatch(/^\/api\/v1\/files\//);
    await phone.close();

    // Log out from the profile's own link, then log in: the old password is refused with its error, the new one lands signed in.
    const loggedOut = account.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/tokens/logout');
    await account.getByRole('dialog', { name: 'Profile' }).getByRole('button', { name: 'Log out' }).click();
    expect((await loggedOut).status()).toBe(204);
    expect((await profileWith(token)).status).toBe(401);
    const again = account.getByRole('dialog', { name: 'Log in' });
    await again.getByRole('heading', { name: 'Log in' }).waitFor();
    await logIn(again, email, PASSWORD);
    await again.getByRole('alert').getByText('Invalid email or password.').waitFor();
    expect(await again.getByRole('heading', { name: 'Log in' }).count()).toBe(1);
    await account.screenshot({ path: screenshotPath('account-journey-old-password') });
    await logIn(again, email, NEW_PASSWORD);
    const last = await landedToken(account);
    expect((await profileWith(last)).json).toMatchObject({ Email: email, FirstName: 'Augusta' });
  });
});
