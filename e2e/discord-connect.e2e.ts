import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startLocalDiscord, type LocalDiscord } from '../packages/server/src/testing/local-discord.ts';
import { apiCalls } from './support/api-calls.ts';
import { auditBothThemes, expectNoSeriousViolations } from './support/axe.ts';
import { browserPerFile } from './support/browser.ts';
import { screenshotPath } from './support/demo-page.ts';
import { signInCompanyConfigPerFile } from './support/members-site.ts';
import { freeSignUpBody, openHarness, serverPerFile, uniqueEmail } from './support/signup.ts';

/**
 * Issue 18 (discord) "Must show" in Chromium, by role and label: a signed-in member connects Discord
 * from the profile through the local OAuth + Discord stand-in (a real HTTP server the server's config
 * points at): the authorize view, Discord's 'Authorize', the callback page, discordSettings with the
 * username; then disconnects through the confirmation with the spec's warning. Axe clean in light and
 * dark; screenshots at 1280 and 390 px.
 */
const ADMIN_KEY = 'e2e-discord-admin-key-0123456789';
const PASSWORD = 'Tr1cky-Lantern-Walk!';
const env: Record<string, string> = { PORTICO_ADMIN_KEY: ADMIN_KEY };
let ld: LocalDiscord;

beforeAll(async () => {
  ld = await startLocalDiscord();
  env.PORTICO_DISCORD_CLIENT_SECRET = ld.clientSecret;
  env.PORTICO_DISCORD_BOT_TOKEN = ld.botToken;
});
afterAll(async () => { await ld?.close(); });
signInCompanyConfigPerFile(env, 'discord', () => `
community:
  discord:
    promptAfterLogin: false
    oauth:
      clientId: '${ld.clientId}'
      redirectUri: '\${PUBLIC_URL}/api/v1/community/discord/callback'
      guildId: '${ld.guildId}'
      authorizeUrl: ${ld.config.authorizeUrl}
      tokenUrl: ${ld.config.tokenUrl}
      apiBaseUrl: ${ld.config.apiBaseUrl}
      defaultRoleId: role-member
      rolesByPlan:
        plan-free: role-free
`);
const session = browserPerFile();
const server = serverPerFile(env);
const api = apiCalls(() => server.url, ADMIN_KEY);

type PorticoWindow = { Portico: { setAccessToken(t: string | null): void; open(s: string): Promise<void> } };

async function signedUpMember(): Promise<string> {
  const email = uniqueEmail('discord');
  const nonce = await api('POST', '/api/v1/nonce');
  const registered = await api('POST', '/api/v1/crm/registrations', { body: freeSignUpBody(email, PASSWORD, nonce.json.Value) });
  expect(registered.status, JSON.stringify(registered.json)).toBe(201);
  const signIn = await api('POST', '/api/v1/tokens', { form: { username: email, password: PASSWORD } });
  expect(signIn.status, JSON.stringify(signIn.json)).toBe(200);
  return signIn.json.access_token as string;
}

async function signedInHarness(page: Page, token: string): Promise<void> {
  await page.waitForFunction(() => 'Portico' in window);
  await page.evaluate((t) => (window as unknown as PorticoWindow).Portico.setAccessToken(t), token);
}

async function open(page: Page, state: string, heading: string): Promise<Locator> {
  await page.evaluate((s) => (window as unknown as PorticoWindow).Portico.open(s), state);
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('heading', { name: heading, level: 2 }).waitFor({ timeout: 20_000 });
  return dialog;
}

/** Light and dark at 1280 px, then at 390 px, back to 1280. */
async function auditWidths(page: Page, dialog: Locator, name: string): Promise<void> {
  await auditBothThemes(page, dialog, `${name}-1280`);
  await page.setViewportSize({ width: 390, height: 844 });
  await auditBothThemes(page, dialog, `${name}-390`);
  await page.setViewportSize({ width: 1280, height: 900 });
}

describe('Discord connect and disconnect against the local OAuth server', () => {
  test('profile → Join our Discord → Authorize on Discord → connected page → discordSettings with the username → Disconnect (warning) → unconnected', async () => {
    const token = await signedUpMember();
    ld.setUser({ id: '80351110224678912', username: 'ada_lovelace' });
    const page = await openHarness(session.context, server.url);
    await page.setViewportSize({ width: 1280, height: 900 });
    await signedInHarness(page, token);
    const harnessUrl = page.url();

    // The profile's Discord row: not connected yet.
    const profile = await open(page, 'profile', 'Profile');
    await profile.getByText('Not connected').waitFor();
    await profile.getByRole('button', { name: 'Connect Discord' }).click();

    // The authorize view: 'Join our Discord' and Cancel.
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Join our Discord', level: 2 }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).waitFor();
    await auditWidths(page, dialog, 'discord-authorize');

    // To Discord (the stand-in) and its 'Authorize' button.
    await dialog.getByRole('button', { name: 'Join our Discord' }).click();
    await page.waitForURL(`${ld.config.authorizeUrl}?**`, { timeout: 20_000 });
    await page.getByRole('heading', { name: 'Authorize Portico' }).waitFor();
    await page.getByRole('button', { name: 'Authorize' }).click();

    // Back at Portico's callback page.
    await page.waitForURL(/\/api\/v1\/community\/discord\/callback/, { timeout: 20_000 });
    await page.getByRole('heading', { name: 'Discord connected', level: 1 }).waitFor();
    await page.getByText('You are connected as ada_lovelace').waitFor();
    expect(ld.memberRoles('80351110224678912')).toEqual(['role-free', 'role-member']);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await expectNoSeriousViolations(page);
      await page.screenshot({ path: screenshotPath(`discord-callback-1280-${scheme}`) });
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: screenshotPath('discord-callback-390-dark') });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.emulateMedia({ colorScheme: 'light' });
    const back = page.getByRole('link', { name: /^Back to / });
    expect(await back.getAttribute('href')).toBe(harnessUrl);
    await back.click();
    await page.waitForURL(harnessUrl);

    // discordSettings: the connected username and Disconnect.
    await signedInHarness(page, token);
    const settings = await open(page, 'discordSettings', 'Discord');
    await settings.getByText('Connected as ada_lovelace').waitFor();
    await auditWidths(page, settings, 'discord-settings-connected');

    // Disconnect asks first, with the spec's warning; Disconnect kicks from the server.
    await settings.getByRole('button', { name: 'Disconnect' }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByRole('heading', { name: 'Disconnect Discord?', level: 2 }).waitFor();
    await confirm.getByText('Disconnecting from Discord will kick you out of any connected servers.').waitFor();
    await auditWidths(page, confirm, 'discord-disconnect-confirm');
    await confirm.getByRole('button', { name: 'Disconnect' }).click();
    await page.getByRole('dialog').getByRole('heading', { name: 'Join our Discord', level: 2 }).waitFor({ timeout: 20_000 });
    await page.getByText('Discord disconnected').first().waitFor();
    expect(ld.memberRoles('80351110224678912')).toBeNull();
    expect(ld.calls.some((c) => c.method === 'DELETE' && c.path === `/api/v10/guilds/${ld.guildId}/members/80351110224678912`)).toBe(true);
  });

  test('Cancel on Discord ends on the not-connected page, nothing joined', async () => {
    const token = await signedUpMember();
    ld.setUser({ id: '80351110224678913', username: 'grace_hopper' });
    const page = await openHarness(session.context, server.url);
    await signedInHarness(page, token);
    const settings = await open(page, 'discordSettings', 'Join our Discord');
    await settings.getByRole('button', { name: 'Join our Discord' }).click();
    await page.getByRole('heading', { name: 'Authorize Portico' }).waitFor({ timeout: 20_000 });
    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.getByRole('heading', { name: 'Discord not connected', level: 1 }).waitFor({ timeout: 20_000 });
    await page.getByText('You cancelled the authorization on Discord.').waitFor();
    expect(ld.memberRoles('80351110224678913')).toBeNull();
  });
});
