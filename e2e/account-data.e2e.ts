import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { expectNoSeriousViolations } from './support/axe.ts';
import { browserPerFile, newContext } from './support/browser.ts';
import { openHarness, serverPerFile } from './support/signup.ts';
import { mailboxPerFile } from './support/mailbox.ts';
import { apiCalls } from './support/api-calls.ts';
import { signedInTeamOwner } from './support/team-owner.ts';

/**
 * Issue 15 item 3 (and item 8's tax id row at phone width) in Chromium, by role and label, against a
 * real server: the account view and the account edit read the same 'Same as billing' rule; saving
 * unchanged sends nothing; a tax id is checked by its type's format and shown with its type's name.
 * axe in light and dark; screenshots in /work/shots/d/account-*.
 */
const ADMIN_KEY = 'e2e-account-data-admin-key-01234567';
const PASSWORD = 'Correct Horse Battery 42!';
const POPUP = { include: ['[data-portico-popup-host]'] };
const SHOTS = process.env.PORTICO_SHOTS_DIR ?? '/work/shots/d';
const env: Record<string, string> = { PORTICO_ADMIN_KEY: ADMIN_KEY };
const mails = mailboxPerFile(env);
const session = browserPerFile();
const server = serverPerFile(env);
const api = apiCalls(() => server.url, ADMIN_KEY);

type PorticoWindow = { Portico: { setAccessToken(t: string | null): void; open(s: string): Promise<void>; setTheme(t: object): void } };

/** The owner of a Team account with no address and no tax id (an import), signed in over POST /tokens. */
async function signedInOwner(): Promise<string> {
  return (await signedInTeamOwner(api, server.url, mails, 'acct', PASSWORD)).token;
}

async function signedInPage(token: string, viewport?: { width: number; height: number }) {
  const context = viewport ? await newContext(session.browser, { viewport }) : session.context;
  const page = await openHarness(context, server.url);
  await page.evaluate((t) => (window as unknown as PorticoWindow).Portico.setAccessToken(t), token);
  const writes: string[] = [];
  page.on('request', (r) => { if (r.method() === 'PUT' && new URL(r.url()).pathname === '/api/v1/profile/account') writes.push(r.url()); });
  return { page, writes, close: () => (viewport ? context.close() : page.close()) };
}

async function openAccount(page: Page): Promise<Locator> {
  await page.evaluate(() => (window as unknown as PorticoWindow).Portico.open('account'));
  const dialog = page.getByRole('dialog', { name: 'Account' });
  await dialog.getByRole('button', { name: 'Change address' }).waitFor();
  return dialog;
}

/** The value shown under a label in the account view ('Mailing address' → 'Not set'). */
const shownValue = (account: Locator, label: string) =>
  account.locator('.p-group-value').filter({ has: account.page().getByText(label, { exact: true }) }).locator(':scope > span:last-child');

async function axeAndShoot(page: Page, target: Locator, name: string) {
  for (const mode of ['light', 'dark'] as const) {
    await page.evaluate((m) => (window as unknown as PorticoWindow).Portico.setTheme({ displayMode: m }), mode);
    await expectNoSeriousViolations(page, POPUP);
    await target.screenshot({ path: `${SHOTS}/${name}-${mode}.png` });
  }
  await page.evaluate(() => (window as unknown as PorticoWindow).Portico.setTheme({ displayMode: 'light' }));
}

describe('account data in Chromium (issue 15)', () => {
  test("'Same as billing' is one state: the view says 'Not set' and the edit opens unticked; once equal, both say same", async () => {
    const { page, writes, close } = await signedInPage(await signedInOwner());
    let account = await openAccount(page);
    expect(await shownValue(account, 'Mailing address').textContent()).toBe('Not set');
    await account.getByRole('button', { name: 'Change address' }).click();
    let edit = page.getByRole('dialog', { name: 'Edit account' });
    const sameAs = edit.getByRole('checkbox', { name: 'Same as billing address' });
    await sameAs.waitFor();
    expect(await sameAs.isChecked()).toBe(false);
    await axeAndShoot(page, edit, 'account-edit-not-set');

    const billing = edit.getByRole('group', { name: 'Billing address' });
    await billing.getByRole('textbox', { name: 'Address line 1' }).fill('1 Market St');
    await billing.getByRole('textbox', { name: 'City' }).fill('San Francisco');
    await billing.getByRole('textbox', { name: 'Postal code' }).fill('94105');
    await billing.getByRole('combobox', { name: 'Country' }).selectOption('US');
    await billing.getByRole('textbox', { name: 'State / Province' }).fill('CA');
    await sameAs.check();
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').getByText('Account updated').waitFor();
    account = page.getByRole('dialog', { name: 'Account' });
    await account.getByText('Same as billing address', { exact: true }).waitFor();
    expect(writes).toHaveLength(1);
    await axeAndShoot(page, account, 'account-view-same-as');
    await account.getByRole('button', { name: 'Change address' }).click();
    edit = page.getByRole('dialog', { name: 'Edit account' });
    expect(await edit.getByRole('checkbox', { name: 'Same as billing address' }).isChecked()).toBe(true);
    await close();
  });

  test('saving the account unchanged sends no request and stores nothing', async () => {
    const token = await signedInOwner();
    const { page, writes, close } = await signedInPage(token);
    const account = await openAccount(page);
    await account.getByRole('button', { name: 'Change address' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit account' });
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').getByText('No changes to save').waitFor();
    await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Change address' }).waitFor();
    expect(writes).toEqual([]);
    expect((await api('GET', '/api/v1/profile/account', { token })).json).toMatchObject({ MailingAddress: null, BillingAddress: null, TaxIds: [] });
    await close();
  });

  test("a tax id is checked by its type's format in the form, and shown with the type's name", async () => {
    const token = await signedInOwner();
    const { page, writes, close } = await signedInPage(token);
    const account = await openAccount(page);
    await account.getByRole('button', { name: 'Change organization' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit account' });
    const taxId = edit.getByRole('group', { name: 'Tax ID' });
    await taxId.getByRole('combobox', { name: 'Tax ID type' }).selectOption({ label: 'EU VAT number' });
    const number = taxId.getByRole('textbox', { name: 'Tax ID number' });
    await number.fill('DE123');
    await number.blur();
    await taxId.getByText('Enter a valid EU VAT number.').waitFor();
    expect(await number.getAttribute('aria-invalid')).toBe('true');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.getByRole('alert').getByText(/Enter a valid EU VAT number\./).waitFor();
    expect(writes).toEqual([]);
    await axeAndShoot(page, edit, 'account-edit-tax-id-invalid');

    await number.fill('DE 136 695 976');
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').getByText('Account updated').waitFor();
    const view = page.getByRole('dialog', { name: 'Account' });
    await view.getByText('DE 136 695 976 (EU VAT number)', { exact: true }).waitFor();
    expect(await view.getByText('(eu_vat)', { exact: false }).count()).toBe(0);
    expect((await api('GET', '/api/v1/profile/account', { token })).json.TaxIds).toEqual([{ TaxIdType: 'eu_vat', TaxId: 'DE 136 695 976' }]);
    await axeAndShoot(page, view, 'account-view-tax-id');
    await close();
  });

  test("phone width: the tax id's type and number stack, neither label nor select is cut", async () => {
    const { page, close } = await signedInPage(await signedInOwner(), { width: 390, height: 844 });
    const account = await openAccount(page);
    await account.getByRole('button', { name: 'Change organization' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit account' });
    const taxId = edit.getByRole('group', { name: 'Tax ID' });
    const type = taxId.getByRole('combobox', { name: 'Tax ID type' });
    await type.selectOption({ label: 'EU VAT number' });
    const number = taxId.getByRole('textbox', { name: 'Tax ID number' });
    const [t, n, g] = [await type.boundingBox(), await number.boundingBox(), await taxId.boundingBox()];
    // Stacked: the number under the type, each as wide as the group allows.
    expect(n!.y).toBeGreaterThanOrEqual(t!.y + t!.height);
    expect(t!.width).toBeGreaterThan(g!.width * 0.8);
    // The label's text fits: nothing clipped.
    const clipped = await taxId.locator('label', { hasText: 'Tax ID type' }).evaluate((el) => el.scrollWidth > el.clientWidth);
    expect(clipped).toBe(false);
    await type.scrollIntoViewIfNeeded();
    await axeAndShoot(page, taxId, 'account-edit-tax-id-390');
    await page.screenshot({ path: `${SHOTS}/account-edit-390-light.png` });
    await close();
  });
});
