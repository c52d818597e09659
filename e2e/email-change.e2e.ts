import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { expectNoSeriousViolations } from './support/axe.ts';
import { browserPerFile } from './support/browser.ts';
import { openHarness, serverPerFile, uniqueEmail } from './support/signup.ts';
import { decodedMail, mailboxPerFile, type Mail } from './support/mailbox.ts';
import { apiCalls } from './support/api-calls.ts';
import { signedInImportedOwner, todayStart, type ImportedOwner } from './support/team-owner.ts';

/**
 * Issue 12 items 1 and 2 in Chromium, by role and label: the email change (current password → a
 * link mailed to the new address → the link changes it; the old address gets a notice with an undo
 * link; the undo takes it back and asks for a new password), and 'Confirm it's you' on promote once
 * the sign-in is older than ten minutes (the server clock moved with the admin API). A token alone
 * cannot change the email through the API. axe in light and dark; screenshots in /tmp/shots.
 */
const ADMIN_KEY = 'e2e-email-change-admin-key-0123456789';
const PASSWORD = 'Correct Horse Battery 42!';
const POPUP = { include: ['[data-portico-popup-host]'] };
const SHOTS = '/tmp/shots';
const env: Record<string, string> = { PORTICO_ADMIN_KEY: ADMIN_KEY };
const mails = mailboxPerFile(env);
const session = browserPerFile();
const server = serverPerFile(env);
const api = apiCalls(() => server.url, ADMIN_KEY);

type PorticoWindow = { Portico: { setAccessToken(t: string | null): void; open(s: string, o?: object): Promise<void>; setTheme(t: object): void } };
const setTheme = (page: Page, displayMode: 'light' | 'dark') => page.evaluate((m) => (window as unknown as PorticoWindow).Portico.setTheme({ displayMode: m }), displayMode);

/** A customer with a password (set through the reset mail, as a first sign-in is), signed in over POST /tokens. */
async function customer(tag: string, plan = 'plan-team'): Promise<ImportedOwner> {
  return signedInImportedOwner(api, server.url, mails, {
    tag, password: PASSWORD, name: `Engines ${tag}`, subscription: { StartDate: todayStart(), Plan: { Uid: plan }, Quantity: 3, BillingRenewalTerm: 'Monthly' },
  });
}

/** The newest link to `to` carrying `param` (the outbox delivers within a second or two). */
async function mailedLink(to: string, param: string): Promise<string> {
  for (let i = 0; i < 150; i++) {
    const mail = [...mails].reverse().find((m: Mail) => m.to.includes(to) && decodedMail(m.raw).includes(`${param}=`));
    const link = mail && new RegExp(`(http://\\S+?[?&]${param}=[A-Za-z0-9_-]{43})`).exec(decodedMail(mail.raw))?.[1];
    if (link) return link;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no ${param} link mailed to ${to}`);
}

/** axe in light and dark, and a screenshot of `shot` in each (and at phone width when asked). */
async function checkScreen(page: Page, shot: Locator, name: string, phone = false): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  for (const mode of ['light', 'dark'] as const) {
    await setTheme(page, mode);
    await expectNoSeriousViolations(page, POPUP);
    await shot.screenshot({ path: `${SHOTS}/${name}-${mode}.png` });
  }
  await setTheme(page, 'light');
  if (phone) {
    const size = page.viewportSize()!;
    await page.setViewportSize({ width: 375, height: 780 });
    await expectNoSeriousViolations(page, POPUP);
    await page.screenshot({ path: `${SHOTS}/${name}-phone.png` });
    await page.setViewportSize(size);
  }
}

describe('the email change in Chromium', () => {
  test('current password → link to the new address → changed; the old address gets the notice; the undo takes it back', async () => {
    const { email, token } = await customer('ada');
    const newEmail = uniqueEmail('augusta');

    // A token alone cannot change the email through the API.
    const put = await api('PUT', '/api/v1/profile', { token, body: { Email: newEmail } });
    expect(put.status).toBe(400);
    expect(put.json.FieldErrors[0]).toMatchObject({ Field: 'Person.Email', Message: expect.stringContaining("'Change email'") });
    expect((await api('POST', '/api/v1/profile/email', { token, body: { NewEmail: newEmail } })).status).toBe(400);
    expect((await api('POST', '/api/v1/profile/email', { token, body: { NewEmail: newEmail, Password: 'a guess' } })).status).toBe(400);

    const page = await openHarness(session.context, server.url);
    await page.evaluate((t) => (window as unknown as PorticoWindow).Portico.setAccessToken(t), token);
    await page.evaluate(() => (window as unknown as PorticoWindow).Portico.open('profile'));
    const profile = page.getByRole('dialog', { name: 'Profile' });
    await profile.getByText(email, { exact: true }).waitFor();
    await profile.getByRole('button', { name: 'Change email' }).click();

    const change = page.getByRole('dialog', { name: 'Change email' });
    await change.getByText(`Your email is ${email}.`, { exact: false }).waitFor();
    await change.getByRole('textbox', { name: 'New email' }).fill(newEmail);
    await change.getByLabel(/^Current password/).fill('not my password');
    await change.getByRole('button', { name: 'Send link' }).click();
    await change.getByRole('alert').filter({ hasText: 'The current password is not correct.' }).first().waitFor();
    await checkScreen(page, change, 'email-change-wrong-password', true);
    await change.getByLabel(/^Current password/).fill(PASSWORD);
    await change.getByRole('button', { name: 'Send link' }).click();

    const sent = page.getByRole('dialog', { name: 'Check your inbox' });
    await sent.getByText(`We sent a link to ${newEmail}.`, { exact: false }).waitFor();
    await checkScreen(page, sent, 'email-change-sent', true);
    // Nothing changed yet.
    expect((await api('GET', '/api/v1/profile', { token })).json.Email).toBe(email);

    // The link went to the new address only; the page it opens confirms with a POST.
    const link = await mailedLink(newEmail, 'emailChangeToken');
    expect(mails.filter((m) => m.to.includes(email) && decodedMail(m.raw).includes('emailChange')).length).toBe(0);
    await page.goto(link);
    const confirmed = page.getByRole('dialog', { name: 'Email changed' });
    await confirmed.getByText(`Your email is now ${newEmail}.`).waitFor();
    expect(page.url()).not.toContain('emailChangeToken');
    await confirmed.getByRole('button', { name: 'Sign out of all other sessions' }).waitFor();
    await checkScreen(page, confirmed, 'email-change-confirmed', true);
    expect((await api('GET', '/api/v1/profile', { token })).json.Email).toBe(newEmail);

    // The link works once.
    await page.goto(link);
    const used = page.getByRole('dialog', { name: 'Confirming your new email' });
    await used.getByRole('alert').filter({ hasText: 'This link is invalid, already used or expired.' }).waitFor();
    await checkScreen(page, used, 'email-change-link-used');

    // The old address got the notice with the undo link; the undo asks first, then takes the account back.
    const undoLink = await mailedLink(email, 'emailChangeUndoToken');
    expect(decodedMail([...mails].reverse().find((m) => m.to.includes(email))!.raw)).toContain(newEmail);
    await page.goto(undoLink);
    const undo = page.getByRole('dialog', { name: 'Undo email change' });
    await undo.getByText('Use this if you did not change your email yourself.', { exact: false }).waitFor();
    expect((await api('GET', '/api/v1/profile', { token })).json.Email).toBe(newEmail); // opening the page changed nothing
    await checkScreen(page, undo, 'email-change-undo', true);
    await undo.getByRole('button', { name: 'Undo the change' }).click();
    const undone = page.getByRole('dialog', { name: 'Email change undone' });
    await undone.getByText(`Your email is ${email} again, and everyone was signed out.`).waitFor();
    await checkScreen(page, undone, 'email-change-undone', true);
    expect((await api('GET', '/api/v1/profile', { token })).status).toBe(401);
    expect((await api('POST', '/api/v1/tokens', { form: { username: email, password: PASSWORD } })).status).toBe(400);
    await undone.getByRole('button', { name: 'Choose a new password' }).click();
    const forgot = page.getByRole('dialog', { name: 'Forgot password' });
    expect(await forgot.getByRole('textbox', { name: 'Email' }).inputValue()).toBe(email);
  });

  test("promote asks 'Confirm it's you' when the sign-in is older than ten minutes, then goes on", async () => {
    const owner = await customer('owner');
    const member = await customer('grace');
    expect((await api('POST', `/api/v1/admin/accounts/${owner.accountUid}/members`, { admin: true, body: { Email: member.email } })).status).toBeLessThan(300);
    const people = await api('GET', '/api/v1/profile/account/people', { token: owner.token });
    const link = (people.json.items as { Uid: string; IsPrimary: boolean }[]).find((p) => !p.IsPrimary)!;
    const clock = await api('GET', '/api/v1/admin/clock', { admin: true });
    const later = new Date(Date.parse(clock.json.Now as string) + 11 * 60_000).toISOString();
    expect((await api('PUT', '/api/v1/admin/clock', { admin: true, body: { Now: later } })).status).toBe(200);
    try {
      const page = await openHarness(session.context, server.url);
      await page.evaluate((t) => (window as unknown as PorticoWindow).Portico.setAccessToken(t), owner.token);
      await page.evaluate((uid) => (window as unknown as PorticoWindow).Portico.open('teamMemberPromote', { params: { uid, name: 'Ada Lovelace' } }), link.Uid);
      const promote = page.getByRole('dialog', { name: 'Make primary contact' });
      await promote.getByRole('button', { name: 'Make primary contact', exact: true }).click();

      const confirm = promote.getByRole('region', { name: "Confirm it's you" });
      await confirm.waitFor();
      const password = confirm.getByLabel(/^Password/);
      await expect.poll(() => password.evaluate((el) => (el.getRootNode() as ShadowRoot).activeElement === el)).toBe(true);
      await checkScreen(page, promote, 'reauth-promote', true);
      // Escape closes the step, not the popup; nothing was changed.
      await page.keyboard.press('Escape');
      await confirm.waitFor({ state: 'detached' });
      await promote.waitFor();
      expect((await api('GET', '/api/v1/profile/account/people', { token: owner.token })).json.items.find((p: { Uid: string }) => p.Uid === link.Uid).IsPrimary).toBe(false);

      await promote.getByRole('button', { name: 'Make primary contact', exact: true }).click();
      await confirm.getByLabel(/^Password/).fill('wrong password');
      await confirm.getByRole('button', { name: 'Confirm' }).click();
      await confirm.getByText('The current password is not correct.').first().waitFor();
      await checkScreen(page, promote, 'reauth-promote-wrong');
      await confirm.getByLabel(/^Password/).fill(PASSWORD);
      await confirm.getByRole('button', { name: 'Confirm' }).click();
      // The action ran again and succeeded: the owner is logged out (both sessions on the account end).
      await page.getByRole('dialog', { name: 'Log in' }).waitFor();
      const after = await api('POST', '/api/v1/tokens', { form: { username: member.email, password: PASSWORD } });
      expect(after.status).toBe(200);
    } finally {
      await api('PUT', '/api/v1/admin/clock', { admin: true, body: { Reset: true } });
    }
  });
});
