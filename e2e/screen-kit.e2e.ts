import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { expectNoSeriousViolations } from './support/axe.ts';
import { browserPerFile, newContext } from './support/browser.ts';
import { describeFocus, screenshotPath } from './support/demo-page.ts';
import { openHarness, serverPerFile, uniqueEmail } from './support/signup.ts';
import { mailboxPerFile, mailedResetLink } from './support/mailbox.ts';
import { apiCalls } from './support/api-calls.ts';
import { fakeMembersSite, logIn, signInCompanyConfigPerFile } from './support/members-site.ts';

/**
 * The widget's screen kit (issue 13 section 1, docs/screens.md) as a visitor meets it: the
 * signed-in gate of the screen outlet (a signed-out visitor asking for a member screen gets login
 * and, signed in, lands on that screen, not on the post-login URL; an ended session does the same),
 * and the confirm shell (focus on the safe Cancel, the destructive action named by role and red in
 * light and dark, buttons stacked at phone width, axe clean).
 */
const ADMIN_KEY = 'e2e-kit-admin-key-0123456789';
const PASSWORD = 'Correct Horse Battery 42!';
const POPUP = { include: ['[data-portico-popup-host]'] };
const env: Record<string, string> = { PORTICO_ADMIN_KEY: ADMIN_KEY };
signInCompanyConfigPerFile(env, 'kit');
const mails = mailboxPerFile(env);
const session = browserPerFile();
const server = serverPerFile(env);
const api = apiCalls(() => server.url, ADMIN_KEY);

type PorticoOnPage = { Portico: { open(s: string): Promise<void>; setAccessToken(t: string | null): void; getAccessToken(): string | null; setTheme(t: object): void } };

/** A Team-plan account whose owner has a password (set through the forgot-password mail) and one more member. */
async function teamOwner(): Promise<{ email: string; token: string }> {
  const email = uniqueEmail('kit-owner');
  const imported = await api('POST', '/api/v1/admin/accounts/import', {
    admin: true,
    body: {
      Name: 'Kit Works', PrimaryContact: { Email: email, FirstName: 'Kim', LastName: 'Owner' },
      Subscription: { StartDate: new Date().toISOString().slice(0, 10) + 'T00:00:00Z', Plan: { Uid: 'plan-team' }, Quantity: 3, BillingRenewalTerm: 'Monthly' },
    },
  });
  expect(imported.status, JSON.stringify(imported.json)).toBe(201);
  const harness = new URL('/harness.html', server.url).href;
  expect((await api('POST', `/api/v1/crm/people/forgotPassword?parentUrl=${encodeURIComponent(harness)}`, { body: { Email: email, ResetUrl: harness } })).status).toBe(204);
  const resetToken = new URL(await mailedResetLink(mails, email)).searchParams.get('resetToken')!;
  expect((await api('POST', `/api/v1/crm/people/resetPassword/${resetToken}`, { body: { NewPassword: PASSWORD } })).status).toBe(200);
  const signedIn = await api('POST', '/api/v1/tokens', { form: { username: email, password: PASSWORD } });
  expect(signedIn.status).toBe(200);
  const token = signedIn.json.access_token as string;
  const memberEmail = uniqueEmail('kit-member');
  const member = await api('POST', `/api/v1/profile/account/people?parentUrl=${encodeURIComponent(harness)}`, { token, body: { Email: memberEmail, FirstName: 'Lee', LastName: 'Member' } });
  expect(member.status, JSON.stringify(member.json)).toBe(201);
  // Lee joins through the invitation's link, so Lee is a member rather than a pending invitation (issue 15).
  const inviteToken = new URL(await mailedResetLink(mails, memberEmail)).searchParams.get('resetToken')!;
  expect((await api('POST', `/api/v1/crm/people/resetPassword/${inviteToken}`, { body: { NewPassword: PASSWORD } })).status).toBe(200);
  return { email, token };
}

const openState = (page: Page, state: string) => page.evaluate((s) => (window as unknown as PorticoOnPage).Portico.open(s), state);
const setToken = (page: Page, token: string | null) => page.evaluate((t) => (window as unknown as PorticoOnPage).Portico.setAccessToken(t), token);
const setTheme = (page: Page, displayMode: 'light' | 'dark') => page.evaluate((m) => (window as unknown as PorticoOnPage).Portico.setTheme({ displayMode: m }), displayMode);

async function gatedLogin(page: Page, title: string): Promise<Locator> {
  const login = page.getByRole('dialog', { name: 'Log in' });
  await login.getByRole('heading', { name: 'Log in', level: 2 }).waitFor();
  await login.getByText(`Log in to continue to ${title}.`, { exact: true }).waitFor();
  return login;
}

describe('the signed-in gate: one place, the screen outlet', () => {
  test('a signed-out visitor opening Team gets login, signs in, and lands on Team (not the post-login URL); the same for Profile', async () => {
    const owner = await teamOwner();
    const context = await newContext(session.browser);
    await fakeMembersSite(context);
    try {
      const page = await openHarness(context, server.url);
      const apiCalls: string[] = [];
      page.on('request', (r) => { const u = new URL(r.url()); if (u.pathname.startsWith('/api/v1/profile')) apiCalls.push(`${r.method()} ${u.pathname}`); });
      await openState(page, 'team');
      const login = await gatedLogin(page, 'Team');
      // Nothing of the member screen: no raw 'Authentication is required.', no team read without a sign-in.
      expect(await page.getByText('Authentication is required.').count()).toBe(0);
      expect(apiCalls).toEqual([]);
      await setTheme(page, 'dark');
      await expectNoSeriousViolations(page, POPUP);
      await login.screenshot({ path: screenshotPath('kit-gate-team-login-dark') });
      await setTheme(page, 'light');

      await logIn(login, owner.email, PASSWORD);
      const team = page.getByRole('dialog', { name: 'Team' });
      await team.getByRole('list', { name: 'Team members' }).waitFor({ timeout: 20_000 });
      await team.getByText('Lee Member', { exact: true }).waitFor();
      expect(new URL(page.url()).host).toBe(new URL(server.url).host);
      // Focus moved with the person: to the Team heading.
      expect(await describeFocus(page)).toBe('<h2> Team');
      await page.keyboard.press('Escape');

      // Signed out again (the host page's Log out), the gate shows login for Profile; signing in opens Profile.
      await setToken(page, null);
      await openState(page, 'profile');
      const again = await gatedLogin(page, 'Profile');
      await logIn(again, owner.email, PASSWORD);
      const profile = page.getByRole('dialog', { name: 'Profile' });
      await profile.getByRole('button', { name: 'Change name' }).waitFor({ timeout: 20_000 });
      expect(new URL(page.url()).host).toBe(new URL(server.url).host);
    } finally {
      await context.close();
    }
  });

  test('an ended session on a member screen (the server answers 401): the token is forgotten and the same gate shows login', async () => {
    const owner = await teamOwner();
    const ended = await api('POST', '/api/v1/tokens', { form: { username: owner.email, password: PASSWORD } });
    expect((await api('POST', '/api/v1/tokens/logout', { token: ended.json.access_token as string })).status).toBe(204);
    const context = await newContext(session.browser);
    try {
      const page = await openHarness(context, server.url);
      await setToken(page, ended.json.access_token as string);
      await openState(page, 'account');
      const login = await gatedLogin(page, 'Account');
      expect(await page.evaluate(() => (window as unknown as PorticoOnPage).Portico.getAccessToken())).toBeNull();
      await logIn(login, owner.email, PASSWORD);
      await page.getByRole('dialog', { name: 'Account' }).getByText('Kit Works', { exact: true }).first().waitFor({ timeout: 20_000 });
    } finally {
      await context.close();
    }
  });
});

describe('the confirm shell (team remove and promote)', () => {
  for (const [width, height] of [[1280, 900], [390, 844]] as const) {
    test(`${width} px: focus lands on Cancel, the destructive action is named by role and red in light and dark, ${width < 500 ? 'the buttons stacked' : 'the buttons side by side'}, axe clean`, async () => {
      const owner = await teamOwner();
      const context = await newContext(session.browser, { viewport: { width, height } });
      try {
        const page = await openHarness(context, server.url);
        await setToken(page, owner.token);
        await openState(page, 'team');
        const team = page.getByRole('dialog', { name: 'Team' });
        await team.getByRole('button', { name: 'Remove Lee Member' }).click();
        const remove = page.getByRole('dialog', { name: 'Remove team member' });
        await remove.getByText('Are you sure you want to remove Lee Member from your account?', { exact: false }).waitFor();
        // The safe choice has the focus: Enter or Space does not remove anyone.
        await expect.poll(() => describeFocus(page)).toBe('<button> Cancel');
        const destroy = remove.getByRole('button', { name: 'Remove team member' });
        const cancel = remove.getByRole('button', { name: 'Cancel' });
        for (const mode of ['light', 'dark'] as const) {
          await setTheme(page, mode);
          await expect.poll(() => destroy.evaluate((el) => getComputedStyle(el).backgroundColor), { message: mode })
            .toBe(mode === 'light' ? 'rgb(185, 28, 28)' : 'rgb(252, 165, 165)');
          await expectNoSeriousViolations(page, POPUP);
          await remove.screenshot({ path: screenshotPath(`kit-confirm-remove-${width}-${mode}`) });
        }
        const [a, b] = [await destroy.boundingBox(), await cancel.boundingBox()];
        if (width < 500) {
          // Phone: one above the other, each the full width of the sheet (less its padding), tall enough to tap.
          expect(a!.width).toBeCloseTo(b!.width, 0);
          expect(a!.width).toBeGreaterThan(width - 60);
          expect(b!.y).toBeGreaterThan(a!.y + a!.height - 1);
          expect(a!.height).toBeGreaterThanOrEqual(48);
        } else {
          expect(Math.abs(a!.y - b!.y)).toBeLessThan(2);
          expect(b!.x).toBeGreaterThan(a!.x + a!.width);
        }
        await page.keyboard.press('Enter');
        await team.getByRole('list', { name: 'Team members' }).waitFor();
        await team.getByText('Lee Member', { exact: true }).waitFor();

        await team.getByRole('button', { name: 'Make primary contact: Lee Member' }).click();
        const promote = page.getByRole('dialog', { name: 'Make primary contact' });
        await promote.getByText('New primary contact: Lee Member', { exact: true }).waitFor();
        await expect.poll(() => describeFocus(page)).toBe('<button> Cancel');
        await promote.getByRole('button', { name: 'Make primary contact', exact: true }).waitFor();
        await promote.getByRole('button', { name: 'Cancel' }).click();
        await team.getByRole('list', { name: 'Team members' }).waitFor();
      } finally {
        await context.close();
      }
    });
  }
});
