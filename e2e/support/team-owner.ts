import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { apiCalls } from './api-calls.ts';
import { mailedResetLink, type Mail } from './mailbox.ts';
import { uniqueEmail } from './signup.ts';

/**
 * Ada Lovelace, primary contact of 'Analytical Engines' on the Team plan (3 seats), imported with the
 * admin key, her password set through the reset mail (as a first sign-in is), signed in over POST /tokens.
 */
export async function signedInTeamOwner(
  api: ReturnType<typeof apiCalls>, serverUrl: string, mails: Mail[], tag: string, password: string,
): Promise<{ email: string; token: string }> {
  const email = uniqueEmail(tag);
  const imported = await api('POST', '/api/v1/admin/accounts/import', {
    admin: true,
    body: {
      Name: 'Analytical Engines', PrimaryContact: { Email: email, FirstName: 'Ada', LastName: 'Lovelace' },
      Subscription: { StartDate: new Date().toISOString().slice(0, 10) + 'T00:00:00Z', Plan: { Uid: 'plan-team' }, Quantity: 3, BillingRenewalTerm: 'Monthly' },
    },
  });
  expect(imported.status, JSON.stringify(imported.json)).toBe(201);
  const harness = new URL('/harness.html', serverUrl).href;
  expect((await api('POST', `/api/v1/crm/people/forgotPassword?parentUrl=${encodeURIComponent(harness)}`, { body: { Email: email, ResetUrl: harness } })).status).toBe(204);
  const resetToken = new URL(await mailedResetLink(mails, email)).searchParams.get('resetToken')!;
  const reset = await api('POST', `/api/v1/crm/people/resetPassword/${resetToken}`, { body: { NewPassword: password } });
  expect(reset.status, JSON.stringify(reset.json)).toBe(200);
  const signIn = await api('POST', '/api/v1/tokens', { form: { username: email, password } });
  expect(signIn.status, JSON.stringify(signIn.json)).toBe(200);
  return { email, token: signIn.json.access_token as string };
}

type PorticoWindow = { Portico: { setAccessToken(t: string | null): void; open(s: string): Promise<void>; setTheme(t: object): void } };

/** The harness page's widgets signed in with `token` (or signed out with null), as a host page's setAccessToken does. */
export const setHarnessToken = (page: Page, token: string | null): Promise<void> =>
  page.evaluate((t) => (window as unknown as PorticoWindow).Portico.setAccessToken(t), token);

/** The page's widgets in light or dark mode (Portico.setTheme). */
export const setHarnessTheme = (page: Page, displayMode: 'light' | 'dark'): Promise<void> =>
  page.evaluate((m) => (window as unknown as PorticoWindow).Portico.setTheme({ displayMode: m }), displayMode);

/** Opens the Team popup and waits for its member list. */
export async function openTeamDialog(page: Page) {
  await page.evaluate(() => (window as unknown as PorticoWindow).Portico.open('team'));
  const dialog = page.getByRole('dialog', { name: 'Team' });
  await dialog.getByRole('list', { name: 'Team members' }).waitFor();
  return dialog;
}
