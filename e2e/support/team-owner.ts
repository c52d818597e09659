import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { apiCalls } from './api-calls.ts';
import { mailedResetLink, type Mail } from './mailbox.ts';
import { uniqueEmail } from './signup.ts';

/** A signed-in primary contact of an imported account (signedInImportedOwner). */
export interface ImportedOwner { email: string; token: string; accountUid: string }

/**
 * Ada Lovelace, primary contact of an account imported with the admin key (`subscription` as the import
 * takes it, `name` the account's), her password set through the reset mail (as a first sign-in is),
 * signed in over POST /tokens.
 */
export async function signedInImportedOwner(
  api: ReturnType<typeof apiCalls>, serverUrl: string, mails: Mail[],
  opts: { tag: string; password: string; name?: string; subscription: Record<string, unknown> },
): Promise<ImportedOwner> {
  const email = uniqueEmail(opts.tag);
  const imported = await api('POST', '/api/v1/admin/accounts/import', {
    admin: true,
    body: { Name: opts.name ?? 'Analytical Engines', PrimaryContact: { Email: email, FirstName: 'Ada', LastName: 'Lovelace' }, Subscription: opts.subscription },
  });
  expect(imported.status, JSON.stringify(imported.json)).toBe(201);
  const harness = new URL('/harness.html', serverUrl).href;
  expect((await api('POST', `/api/v1/crm/people/forgotPassword?parentUrl=${encodeURIComponent(harness)}`, { body: { Email: email, ResetUrl: harness } })).status).toBe(204);
  const resetToken = new URL(await mailedResetLink(mails, email)).searchParams.get('resetToken')!;
  const reset = await api('POST', `/api/v1/crm/people/resetPassword/${resetToken}`, { body: { NewPassword: opts.password } });
  expect(reset.status, JSON.stringify(reset.json)).toBe(200);
  const signIn = await api('POST', '/api/v1/tokens', { form: { username: email, password: opts.password } });
  expect(signIn.status, JSON.stringify(signIn.json)).toBe(200);
  return { email, token: signIn.json.access_token as string, accountUid: imported.json.Uid as string };
}

/** Today, midnight UTC, as the import's StartDate. */
export const todayStart = () => `${new Date().toISOString().slice(0, 10)}T00:00:00Z`;

/** Ada Lovelace, primary contact of 'Analytical Engines' on the Team plan (3 seats), signed in (signedInImportedOwner). */
export async function signedInTeamOwner(
  api: ReturnType<typeof apiCalls>, serverUrl: string, mails: Mail[], tag: string, password: string,
): Promise<ImportedOwner> {
  return signedInImportedOwner(api, serverUrl, mails, {
    tag, password, subscription: { StartDate: todayStart(), Plan: { Uid: 'plan-team' }, Quantity: 3, BillingRenewalTerm: 'Monthly' },
  });
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
