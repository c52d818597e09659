import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectNoSeriousViolations } from './support/axe.ts';
import { browserPerFile } from './support/browser.ts';
import { screenshotPath } from './support/demo-page.ts';
import { repoRoot } from './support/server.ts';
import { openHarness, openPopup, serverPerFile, uniqueEmail } from './support/signup.ts';

/**
 * The community-server prompt of "Finishing login" (spec 2 section 4) in Chromium: with
 * `community.discord` configured and `promptAfterLogin`, a login stops at discordInterstitial
 * before the redirect; 'Join our Discord' links to the configured invite; 'Not now' goes on to the
 * post-login URL with the token in the fragment. Discord itself is never reached.
 */
const POST_LOGIN = 'http://members.portico.test/welcome?from=widget';
const INVITE = 'https://discord.gg/portico-e2e';
const PASSWORD = 'Tr1cky-Lantern-Walk!';
const env: Record<string, string> = {};
let configDir = '';

beforeAll(() => {
  const demo = readFileSync(path.join(repoRoot, 'packages/server/config/demo-company.yaml'), 'utf8');
  const config = demo
    .replace("postLoginUrl: '${PUBLIC_URL}/?signed-in=1'", `postLoginUrl: ${POST_LOGIN}`)
    .replace('requireEmailConfirmation: true', 'requireEmailConfirmation: false')
    .replace('captcha:\n  provider: altcha', 'captcha:\n  provider: none')
    + `\ncommunity:\n  discord:\n    inviteUrl: ${INVITE}\n    promptAfterLogin: true\n    planUids: [plan-free]\n`;
  expect(config).toContain(POST_LOGIN);
  expect(config).toContain('provider: none');
  configDir = mkdtempSync(path.join(os.tmpdir(), 'portico-e2e-community-'));
  writeFileSync(path.join(configDir, 'company.yaml'), config);
  env.PORTICO_CONFIG = path.join(configDir, 'company.yaml');
});
afterAll(() => { if (configDir) rmSync(configDir, { recursive: true, force: true }); });

const session = browserPerFile();
const server = serverPerFile(env);

async function api(method: string, url: string, body?: unknown) {
  const res = await fetch(`${server.url}${url}`, {
    method, ...(body !== undefined ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
}

/** A free account (plan-free, the one planUids names) whose primary contact has a password. */
async function signUp(tag: string): Promise<{ email: string; accountUid: string }> {
  const email = uniqueEmail(tag);
  const nonce = await api('POST', '/api/v1/nonce');
  const res = await api('POST', '/api/v1/crm/registrations', {
    Person: { Email: email, FirstName: 'Ada', LastName: 'Lovelace', Password: PASSWORD },
    Account: { Name: 'Analytical Engines', BillingAddress: { AddressLine1: '1 Market St', City: 'San Francisco', State: 'CA', PostalCode: '94105', Country: 'US' } },
    Subscription: { Plan: { Uid: 'plan-free' }, Quantity: 1, BillingRenewalTerm: 'Monthly' },
    TermsAccepted: true, Nonce: nonce.json.Value as string,
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return { email, accountUid: (res.json.Account as { Uid: string }).Uid };
}

/** The post-login URL's host does not exist: the browser gets a small page for it. */
async function fakeMembersSite(context: BrowserContext) {
  await context.route('http://members.portico.test/**', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Members</title><h1>Members area</h1>' }));
}

describe('community-server prompt after login', () => {
  test('login stops at discordInterstitial (invite link, axe clean in light and dark); Not now lands at the post-login URL with the token in the fragment', async () => {
    await fakeMembersSite(session.context);
    const { email, accountUid } = await signUp('discord');
    const page = await openHarness(session.context, server.url);
    const login = await openPopup(page, 'login', {}, 'Log in');
    const status = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/profile/discord');
    await login.getByRole('textbox', { name: 'Email' }).fill(email);
    await login.getByLabel(/^Password/).fill(PASSWORD);
    await login.getByRole('button', { name: 'Log in' }).click();
    expect((await status).status()).toBe(200);

    const prompt = page.getByRole('dialog', { name: 'Join our Discord' });
    await prompt.getByRole('heading', { name: 'Join our Discord', level: 2 }).waitFor({ timeout: 20_000 });
    await prompt.getByText('Your plan includes our community server.', { exact: false }).waitFor();
    // Still on the harness: the redirect waits for the person's answer.
    expect(new URL(page.url()).hostname).not.toBe('members.portico.test');
    const join = prompt.getByRole('link', { name: /Join our Discord/ });
    expect(await join.getAttribute('href')).toBe(INVITE);
    expect(await join.getAttribute('target')).toBe('_blank');
    expect(await join.getAttribute('rel')).toContain('noopener');
    await expectNoSeriousViolations(page, { include: ['[data-portico-popup-host]'] });
    await page.evaluate(() => (window as unknown as { Portico: { setTheme(t: object): void } }).Portico.setTheme({ displayMode: 'dark' }));
    await expectNoSeriousViolations(page, { include: ['[data-portico-popup-host]'] });
    await page.screenshot({ path: screenshotPath('discord-interstitial') });

    await prompt.getByRole('button', { name: 'Not now' }).click();
    await page.waitForURL(/members\.portico\.test/, { timeout: 20_000 });
    const landed = new URL(page.url());
    expect(`${landed.origin}${landed.pathname}`).toBe('http://members.portico.test/welcome');
    expect(landed.searchParams.get('from')).toBe('widget');
    const token = new URLSearchParams(landed.hash.slice(1)).get('access_token');
    expect(token).toBeTruthy();
    expect(decodeJwt(token!)).toMatchObject({ email, account_uid: accountUid });
  });
});
