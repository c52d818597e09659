import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { pngOfSize, tinyPng } from '../packages/server/src/files/test-images.ts';
import { expectNoSeriousViolations } from './support/axe.ts';
import { browserPerFile, newContext } from './support/browser.ts';
import { screenshotPath } from './support/demo-page.ts';
import { openHarness, serverPerFile } from './support/signup.ts';
import { mailboxPerFile } from './support/mailbox.ts';
import { apiCalls } from './support/api-calls.ts';
import { signedInTeamOwner } from './support/team-owner.ts';

/**
 * Issue 8 item 4 in Chromium, by role and label: a customer signed in through POST /tokens (the
 * token handed to the widget as a host page does) edits the profile with a photo (shown after),
 * is refused a .png that is really an executable and a file over 2MB, and edits
 * the account with the mailing address 'same as' the billing one. axe in light and dark, at desktop
 * and phone widths; screenshots in e2e/screenshots/profile-*.
 */
const ADMIN_KEY = 'e2e-profile-admin-key-0123456789';
const PASSWORD = 'Correct Horse Battery 42!';
const POPUP = { include: ['[data-portico-popup-host]'] };
const env: Record<string, string> = { PORTICO_ADMIN_KEY: ADMIN_KEY };
const mails = mailboxPerFile(env);
const session = browserPerFile();
const server = serverPerFile(env);


const api = apiCalls(() => server.url, ADMIN_KEY);

/** A customer on the Team plan with a password (set through the reset mail, as a first sign-in is), signed in over POST /tokens. */
async function signedUpCustomer(): Promise<{ email: string; token: string }> {
  return signedInTeamOwner(api, server.url, mails, 'ada', PASSWORD);
}

type PorticoWindow = { Portico: { setAccessToken(t: string | null): void; open(s: string): Promise<void>; setTheme(t: object): void } };
const setTheme = (page: Page, displayMode: 'light' | 'dark') => page.evaluate((m) => (window as unknown as PorticoWindow).Portico.setTheme({ displayMode: m }), displayMode);

async function open(page: Page, state: string, heading: string): Promise<Locator> {
  await page.evaluate((s) => (window as unknown as PorticoWindow).Portico.open(s), state);
  const dialog = page.getByRole('dialog', { name: heading });
  await dialog.getByRole('heading', { name: heading, level: 2 }).waitFor();
  return dialog;
}

async function axeBothThemes(page: Page, shot: Locator, name: string): Promise<void> {
  for (const mode of ['light', 'dark'] as const) {
    await setTheme(page, mode);
    await expectNoSeriousViolations(page, POPUP);
    await shot.screenshot({ path: screenshotPath(`${name}-${mode}`) });
  }
  await setTheme(page, 'light');
}

describe('profile and account in Chromium', () => {
  test('edit the profile with a photo; bad photos refused; account with same-as address', async () => {
    const { email, token } = await signedUpCustomer();
    const page = await openHarness(session.context, server.url);
    await page.evaluate((t) => (window as unknown as PorticoWindow).Portico.setAccessToken(t), token);

    // profileView: the default photo group, the configured groups, Password; 'Change <group>' links.
    let profile = await open(page, 'profile', 'Profile');
    const groups = profile.getByRole('listitem');
    await profile.getByText(email, { exact: true }).waitFor();
    expect(await groups.locator('.p-group-label').allTextContents()).toEqual(['Profile photo', 'Name', 'Email', 'Contact', 'About', 'Password']);
    for (const link of ['Change profile photo', 'Change name', 'Change email', 'Change password']) await profile.getByRole('button', { name: link }).waitFor();
    await axeBothThemes(page, profile, 'profile-view');

    // 'Change profile photo' edits the photo alone (issue 15). A .png that is really an executable is
    // refused by the server (the name passes the browser's check) and cleared.
    await profile.getByRole('button', { name: 'Change profile photo' }).click();
    let edit = page.getByRole('dialog', { name: 'Change profile photo' });
    const photo = edit.getByLabel('Profile photo', { exact: true });
    await edit.getByText('Max 2MB, png or jpg').waitFor();
    expect(await edit.getByRole('textbox').count()).toBe(0);
    // Save with no file chosen saves nothing, and says so rather than 'Profile updated'.
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.getByRole('alert').filter({ hasText: 'Choose a photo to upload first.' }).waitFor();
    expect(await page.getByText('Profile updated').count()).toBe(0);
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(2048, 0x90)]);
    await photo.setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: exe });
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.getByRole('alert').filter({ hasText: 'This file type can not be uploaded.' }).waitFor();
    expect(await photo.inputValue()).toBe('');
    // Over 2MB: refused in the browser at once, with the file's name, and no preview.
    await photo.setInputFiles({ name: 'holiday.png', mimeType: 'image/png', buffer: pngOfSize(2_000_001) });
    await edit.getByRole('alert').filter({ hasText: 'holiday.png is larger than 2MB.' }).waitFor();
    expect(await page.getByText('This file type can not be uploaded.').count()).toBe(0); // file errors replace each other
    expect(await edit.getByRole('img', { name: 'Preview of your new profile photo' }).count()).toBe(0);
    await axeBothThemes(page, edit, 'profile-edit-photo-error');
    // A real photo: previewed before it is saved (issue 15), then saved.
    await photo.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: tinyPng() });
    const preview = edit.getByRole('img', { name: 'Preview of your new profile photo' });
    await preview.waitFor();
    expect(await preview.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    await expect.poll(() => preview.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth)).toBe(1);
    await axeBothThemes(page, edit, 'profile-edit-photo-preview');
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').getByText('Profile updated').first().waitFor();
    await page.getByRole('dialog', { name: 'Profile' }).getByRole('heading', { name: 'Profile', level: 2 }).waitFor();

    // 'Change name' edits the name group only (issue 15): first and last name, nothing else.
    profile = page.getByRole('dialog', { name: 'Profile' });
    await profile.getByRole('button', { name: 'Change name' }).click();
    edit = page.getByRole('dialog', { name: 'Change name' });
    await edit.getByRole('textbox', { name: 'First name', exact: true }).fill('Augusta');
    expect(await edit.getByRole('textbox').count()).toBe(2);
    expect(await edit.getByLabel('Profile photo', { exact: true }).count()).toBe(0);
    expect(await edit.getByLabel('Birthday').count()).toBe(0);
    await axeBothThemes(page, edit, 'profile-edit-name');
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').getByText('Profile updated').first().waitFor();
    await page.getByRole('dialog', { name: 'Profile' }).getByRole('heading', { name: 'Profile', level: 2 }).waitFor();

    // 'Change about' and 'Change contact': a birthday, a bio and a phone (the email has its own step: email-change.e2e.ts).
    profile = page.getByRole('dialog', { name: 'Profile' });
    await profile.getByRole('button', { name: 'Change about' }).click();
    edit = page.getByRole('dialog', { name: 'Change about' });
    await edit.getByLabel('Birthday').fill('1815-12-10');
    await edit.getByRole('textbox', { name: 'About you' }).fill('Wrote the first program.');
    expect(await edit.getByRole('textbox', { name: 'First name', exact: true }).count()).toBe(0);
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').getByText('Profile updated').first().waitFor();
    await page.getByRole('dialog', { name: 'Profile' }).getByRole('heading', { name: 'Profile', level: 2 }).waitFor();
    profile = page.getByRole('dialog', { name: 'Profile' });
    await profile.getByRole('button', { name: 'Change contact' }).click();
    edit = page.getByRole('dialog', { name: 'Change contact' });
    await edit.getByRole('textbox', { name: 'Mobile phone' }).pressSequentially('4155552671');
    await edit.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').getByText('Profile updated').first().waitFor();
    await page.getByRole('dialog', { name: 'Profile' }).getByRole('heading', { name: 'Profile', level: 2 }).waitFor();

    // The view: the date in medium style, the phone in international format (issue 15), the photo.
    profile = page.getByRole('dialog', { name: 'Profile' });
    await profile.getByText(email, { exact: true }).waitFor();
    await profile.getByText('Augusta', { exact: true }).waitFor();
    await profile.getByText('Dec 10, 1815', { exact: true }).waitFor();
    await profile.getByText('+1 415 555 2671', { exact: true }).waitFor();
    const img = profile.getByRole('img', { name: 'Your profile photo' });
    await img.waitFor();
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth)).toBe(1);
    const saved = await api('GET', '/api/v1/profile', { token });
    expect(saved.json).toMatchObject({ Email: email, FirstName: 'Augusta', PhoneMobile: '+14155552671', FieldValues: { Birthday: '1815-12-10', Bio: 'Wrote the first program.' } });
    expect(saved.json.ProfileImageS3Url).toMatch(/^\/api\/v1\/files\//);
    await axeBothThemes(page, profile, 'profile-view-after');

    // The account: Organization (a Team plan) and Address; the owner edits with 'Same as billing address'.
    let account = await open(page, 'account', 'Account');
    await account.getByRole('button', { name: 'Change address' }).waitFor(); // the account has loaded
    expect(await account.locator('.p-group-label').allTextContents()).toEqual(['Organization', 'Address']);
    await account.getByRole('button', { name: 'Change address' }).click();
    const accountEdit = page.getByRole('dialog', { name: 'Edit account' });
    const billing = accountEdit.getByRole('group', { name: 'Billing address' });
    await billing.getByRole('textbox', { name: 'Address line 1' }).fill('1 Market St');
    await billing.getByRole('textbox', { name: 'City' }).fill('San Francisco');
    await billing.getByRole('textbox', { name: 'Postal code' }).fill('94105');
    await billing.getByRole('combobox', { name: 'Country' }).selectOption('US');
    await billing.getByRole('textbox', { name: 'State / Province' }).fill('CA');
    const sameAs = accountEdit.getByRole('checkbox', { name: 'Same as billing address' });
    // No mailing address saved: the box opens unticked, as the view says 'Not set' (issue 15, account-data.e2e.ts); ticked here.
    expect(await sameAs.isChecked()).toBe(false);
    await sameAs.check();
    await accountEdit.getByRole('textbox', { name: 'Company name' }).fill('Engines & Co');
    await axeBothThemes(page, accountEdit, 'profile-account-edit');
    await accountEdit.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').getByText('Account updated').waitFor();
    account = page.getByRole('dialog', { name: 'Account' });
    await account.getByText('San Francisco, CA  94105', { exact: true }).waitFor();
    await account.getByText('Same as billing address', { exact: true }).waitFor();
    await account.getByText('Engines & Co', { exact: true }).first().waitFor();
    const acc = (await api('GET', '/api/v1/profile/account', { token })).json;
    expect(acc).toMatchObject({ Name: 'Engines & Co', BillingAddress: { City: 'San Francisco', State: 'CA' }, MailingAddress: { City: 'San Francisco', PostalCode: '94105' } });
    await axeBothThemes(page, account, 'profile-account');
    await page.close();
  });

  test('phone width: the profile screens as a full-screen sheet, axe clean in light and dark', async () => {
    const { token } = await signedUpCustomer();
    const context = await newContext(session.browser, { viewport: { width: 390, height: 844 } });
    const page = await openHarness(context, server.url);
    await page.evaluate((t) => (window as unknown as PorticoWindow).Portico.setAccessToken(t), token);
    const profile = await open(page, 'profile', 'Profile');
    await profile.getByRole('button', { name: 'Change name' }).waitFor();
    await axeBothThemes(page, profile, 'profile-view-phone');
    await profile.getByRole('button', { name: 'Change name' }).click();
    const edit = page.getByRole('dialog', { name: 'Change name' });
    await edit.getByRole('textbox', { name: 'First name', exact: true }).waitFor();
    await axeBothThemes(page, edit, 'profile-edit-phone');
    await context.close();
  });
});
