import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { expectNoSeriousViolations } from './support/axe.ts';
import { browserPerFile, newContext } from './support/browser.ts';
import { screenshotPath } from './support/demo-page.ts';
import { openHarness, serverPerFile, uniqueEmail } from './support/signup.ts';
import { mailboxPerFile, mailedResetLink } from './support/mailbox.ts';
import { apiCalls } from './support/api-calls.ts';
import { openTeamDialog, setHarnessTheme, setHarnessToken } from './support/team-owner.ts';

/**
 * Issue 15 items 2, 8 and 10 (team part), in Chromium by role and label, mail read from a real SMTP
 * server: pending invitations listed apart with their date, resent (a new mail, the old link dead)
 * and revoked through the confirm shell; the invitee's set-password screen names who invited them
 * to which account; the former owner is told on the login screen why they were signed out; long
 * addresses at phone width break at the '@' only. axe in light and dark.
 */
const ADMIN_KEY = 'e2e-team-invitations-admin-key-0123';
const PASSWORD = 'Correct Horse Battery 42!';
const POPUP = { include: ['[data-portico-popup-host]'] };
const env: Record<string, string> = { PORTICO_ADMIN_KEY: ADMIN_KEY };
const mails = mailboxPerFile(env);
const session = browserPerFile();
const server = serverPerFile(env);
const api = apiCalls(() => server.url, ADMIN_KEY);

const tokenOf = (link: string) => new URL(link).searchParams.get('resetToken')!;
const mailsTo = (to: string) => mails.filter((m) => m.to.includes(to)).length;

async function setPasswordWith(token: string): Promise<string> {
  const res = await api('POST', `/api/v1/crm/people/resetPassword/${token}`, { body: { NewPassword: PASSWORD } });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.access_token as string;
}

async function signIn(email: string): Promise<string> {
  const res = await api('POST', '/api/v1/tokens', { form: { username: email, password: PASSWORD } });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.access_token as string;
}

/** An account on the per-seat Team plan, its owner Ada Lovelace with a password, signed in. */
async function ownerAccount(name: string, quantity = 5) {
  const email = uniqueEmail('ada');
  const imported = await api('POST', '/api/v1/admin/accounts/import', {
    admin: true,
    body: {
      Name: name, PrimaryContact: { Email: email, FirstName: 'Ada', LastName: 'Lovelace' },
      Subscription: { StartDate: new Date().toISOString().slice(0, 10) + 'T00:00:00Z', Plan: { Uid: 'plan-team' }, Quantity: quantity, BillingRenewalTerm: 'Monthly' },
    },
  });
  expect(imported.status, JSON.stringify(imported.json)).toBe(201);
  const harness = new URL('/harness.html', server.url).href;
  expect((await api('POST', `/api/v1/crm/people/forgotPassword?parentUrl=${encodeURIComponent(harness)}`, { body: { Email: email, ResetUrl: harness } })).status).toBe(204);
  await setPasswordWith(tokenOf(await mailedResetLink(mails, email)));
  return { email, token: await signIn(email) };
}

/** Invites through the API with the harness as the link's page; waits for the mail. */
async function invite(ownerToken: string, body: { Email: string; FirstName?: string; LastName?: string }): Promise<string> {
  const harness = new URL('/harness.html', server.url).href;
  const res = await api('POST', `/api/v1/profile/account/people?parentUrl=${encodeURIComponent(harness)}`, { token: ownerToken, body });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return mailedResetLink(mails, body.Email);
}




/** Today in the spec's medium style, as the page's own Intl says it ('Nov 27, 2026'). */
const todayMedium = (page: Page) => page.evaluate(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date()));

describe('pending invitations on the Team screen', () => {
  test('listed apart with the date they were sent; Resend mails a new link (the old one stops working); Revoke frees the seat', async () => {
    const owner = await ownerAccount('Analytical Engines');
    const graceEmail = uniqueEmail('grace');
    const firstLink = await invite(owner.token, { Email: graceEmail, FirstName: 'Grace', LastName: 'Hopper' });
    const nameless = uniqueEmail('contractor');
    await invite(owner.token, { Email: nameless });

    const page = await openHarness(session.context, server.url);
    await setHarnessToken(page, owner.token);
    const team = await openTeamDialog(page);
    const pending = team.getByRole('list', { name: 'Pending invitations' });
    await pending.waitFor();
    // Apart from the members: only the owner is a member; both invitations are pending, each holding a seat.
    expect(await team.getByRole('list', { name: 'Team members' }).getByRole('listitem').count()).toBe(1);
    expect(await pending.getByRole('listitem').count()).toBe(2);
    await team.getByText('Using 3 out of 5 seats', { exact: true }).waitFor();
    await team.getByText('This includes 2 pending invitations: each holds a seat until it is accepted or revoked.', { exact: true }).waitFor();
    const graceRow = pending.getByRole('listitem').filter({ hasText: 'Grace Hopper' });
    await graceRow.getByText(`Invited ${await todayMedium(page)}`, { exact: true }).waitFor();
    // No '(no name)' anywhere: the address stands in for a missing name.
    expect(await team.getByText('(no name)').count()).toBe(0);
    await pending.getByRole('listitem').filter({ hasText: nameless }).waitFor();

    await setHarnessTheme(page, 'light');
    await expectNoSeriousViolations(page, POPUP);
    await team.screenshot({ path: screenshotPath('c-team-pending-light') });
    await setHarnessTheme(page, 'dark');
    await expectNoSeriousViolations(page, POPUP);
    await team.screenshot({ path: screenshotPath('c-team-pending-dark') });
    await setHarnessTheme(page, 'light');

    // Resend right after the invitation: nothing more is mailed (a double click, an impatient owner), and the notice says so.
    const resendGrace = graceRow.getByRole('button', { name: `Resend invitation to ${graceEmail}` });
    const before = mailsTo(graceEmail);
    await resendGrace.click();
    await page.getByText(`The invitation to ${graceEmail} was sent less than a minute ago. Give it a moment to arrive.`).waitFor();
    expect(mailsTo(graceEmail)).toBe(before);
    // Two minutes later (the server's clock, moved by the admin key): a second mail with a new link; the first link no longer opens anything.
    const now = (await api('GET', '/api/v1/admin/clock', { admin: true })).json.Now as string;
    expect((await api('PUT', '/api/v1/admin/clock', { admin: true, body: { Now: new Date(Date.parse(now) + 120_000).toISOString() } })).status).toBe(200);
    try {
      const received = mails.length;
      await resendGrace.click();
      await page.getByText(`Invitation sent again to ${graceEmail}`).waitFor();
      const secondLink = await mailedResetLink(mails, graceEmail, received);
      expect(mailsTo(graceEmail)).toBe(before + 1);
      expect(tokenOf(secondLink)).not.toBe(tokenOf(firstLink));
      expect((await api('GET', `/api/v1/crm/people/resetPassword/${tokenOf(firstLink)}/options`)).status).toBe(404);
      expect((await api('GET', `/api/v1/crm/people/resetPassword/${tokenOf(secondLink)}/options`)).status).toBe(200);
    } finally {
      await api('PUT', '/api/v1/admin/clock', { admin: true, body: { Reset: true } });
    }

    // Revoke: the confirm shell (focus on Cancel), then the row and its seat go.
    await pending.getByRole('button', { name: `Revoke invitation to ${nameless}` }).click();
    const revoke = page.getByRole('dialog', { name: 'Revoke invitation' });
    await revoke.getByText(`Revoke the invitation to ${nameless}? The link in their email will stop working and their seat becomes free.`, { exact: true }).waitFor();
    await setHarnessTheme(page, 'dark');
    await expectNoSeriousViolations(page, POPUP);
    await revoke.screenshot({ path: screenshotPath('c-team-revoke-dark') });
    await setHarnessTheme(page, 'light');
    await revoke.getByRole('button', { name: 'Revoke invitation' }).click();
    await page.getByText(`The invitation to ${nameless} was revoked`).waitFor();
    const after = page.getByRole('dialog', { name: 'Team' });
    await after.getByText('Using 2 out of 5 seats', { exact: true }).waitFor();
    await expect.poll(() => after.getByRole('list', { name: 'Pending invitations' }).getByRole('listitem').count()).toBe(1);
  });

  test('the invitee\'s set-password screen says who invited them to which account; once they join, they are no longer pending', async () => {
    const owner = await ownerAccount('Difference Engines Ltd');
    const email = uniqueEmail('lin');
    const link = await invite(owner.token, { Email: email, FirstName: 'Lin' });

    const context = await newContext(session.browser);
    const page = await context.newPage();
    await page.goto(link);
    const screen = page.getByRole('dialog', { name: 'Set your password' });
    await screen.getByText('Ada Lovelace invited you to join Difference Engines Ltd.', { exact: true }).waitFor();
    await screen.getByText('Choose a password to join. Saving it signs you in.', { exact: true }).waitFor();
    await setHarnessTheme(page, 'light');
    await expectNoSeriousViolations(page, POPUP);
    await screen.screenshot({ path: screenshotPath('c-invitee-set-password-light') });
    await setHarnessTheme(page, 'dark');
    await expectNoSeriousViolations(page, POPUP);
    await screen.screenshot({ path: screenshotPath('c-invitee-set-password-dark') });
    await screen.getByLabel('New password').fill(PASSWORD);
    await screen.getByRole('button', { name: 'Save password' }).click();
    await page.waitForFunction(() => (window as unknown as { Portico: { getAccessToken(): string | null } }).Portico.getAccessToken() !== null);
    await context.close();

    const ownerPage = await openHarness(session.context, server.url);
    await setHarnessToken(ownerPage, owner.token);
    const team = await openTeamDialog(ownerPage);
    await team.getByRole('list', { name: 'Team members' }).getByText('Lin', { exact: true }).waitFor();
    expect(await team.getByRole('list', { name: 'Pending invitations' }).count()).toBe(0);
  });

  test('the former owner is told on the login screen why they were signed out after handing the account over', async () => {
    const owner = await ownerAccount('Jacquard Looms');
    const email = uniqueEmail('joan');
    await setPasswordWith(tokenOf(await invite(owner.token, { Email: email, FirstName: 'Joan', LastName: 'Clarke' })));
    const page = await openHarness(session.context, server.url);
    await setHarnessToken(page, owner.token);
    const team = await openTeamDialog(page);
    await team.getByRole('button', { name: 'Make primary contact: Joan Clarke' }).click();
    await page.getByRole('dialog', { name: 'Make primary contact' }).getByRole('button', { name: 'Make primary contact', exact: true }).click();
    const login = page.getByRole('dialog', { name: 'Log in' });
    const notice = login.getByRole('status').filter({ hasText: 'You made Joan Clarke the primary contact, so you were logged out. Log in again to continue as a team member.' });
    await notice.waitFor();
    await setHarnessTheme(page, 'light');
    await expectNoSeriousViolations(page, POPUP);
    await login.screenshot({ path: screenshotPath('c-login-after-handover-light') });
    await setHarnessTheme(page, 'dark');
    await expectNoSeriousViolations(page, POPUP);
    await login.screenshot({ path: screenshotPath('c-login-after-handover-dark') });
  });

  test('at phone width a long address breaks at the @ only, never mid-word, and stays whole for screen readers', async () => {
    const owner = await ownerAccount('Babbage & Daughters');
    const long = `maria.okafor-villanueva.${Date.now()}@finance.brightlabs-holdings.example`;
    await invite(owner.token, { Email: long, FirstName: 'Maria', LastName: 'Okafor' });
    const phone = await newContext(session.browser, { viewport: { width: 390, height: 844 } });
    const page = await openHarness(phone, server.url);
    await setHarnessToken(page, owner.token);
    const team = await openTeamDialog(page);
    const row = team.getByRole('list', { name: 'Pending invitations' }).getByRole('listitem').filter({ hasText: 'Maria Okafor' });
    const email = row.locator('.p-email');
    await email.waitFor();
    expect(await email.getAttribute('title')).toBe(long);
    expect((await email.textContent())).toBe(long);
    // Each piece (the local part, '@domain') sits on one line: a break, if any, falls at the '@'.
    const pieces = await email.locator('.p-email-part').evaluateAll((els) => els.map((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return { text: el.textContent, lines: new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size };
    }));
    expect(pieces.map((p) => p.text)).toEqual([long.slice(0, long.indexOf('@')), long.slice(long.indexOf('@'))]);
    expect(pieces.every((p) => p.lines === 1)).toBe(true);
    await setHarnessTheme(page, 'light');
    await expectNoSeriousViolations(page, POPUP);
    await team.screenshot({ path: screenshotPath('c-team-pending-phone-light') });
    await setHarnessTheme(page, 'dark');
    await expectNoSeriousViolations(page, POPUP);
    await team.screenshot({ path: screenshotPath('c-team-pending-phone-dark') });
    await phone.close();
  });
});
