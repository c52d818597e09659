import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { repoRoot } from './server.ts';

/** The post-login URL the sign-in tests give the demo company: a members site that does not exist. */
export const POST_LOGIN = 'http://members.portico.test/welcome?from=widget';

/** The post-login URL's host does not exist: the browser gets a small page for it, and the URL it went to is kept. */
export async function fakeMembersSite(context: BrowserContext): Promise<void> {
  await context.route('http://members.portico.test/**', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Members</title><h1>Members area</h1>' }));
}

/** Waits for the post-login URL and reads the access token from its fragment (where the widget puts it). */
export async function landedToken(page: Page): Promise<string> {
  await page.waitForURL(/members\.portico\.test/, { timeout: 20_000 });
  const token = new URLSearchParams(new URL(page.url()).hash.slice(1)).get('access_token');
  expect(token, page.url()).toBeTruthy();
  return token!;
}

/**
 * The demo company's config changed by `edit` (which checks its own replacements), written to a
 * temporary file that `env` points the file's server at: call before serverPerFile(env).
 */
export function companyConfigPerFile(env: Record<string, string>, tag: string, edit: (demoYaml: string) => string): void {
  let dir = '';
  beforeAll(() => {
    const config = edit(readFileSync(path.join(repoRoot, 'packages/server/config/demo-company.yaml'), 'utf8'));
    dir = mkdtempSync(path.join(os.tmpdir(), `portico-e2e-${tag}-`));
    writeFileSync(path.join(dir, 'company.yaml'), config);
    env.PORTICO_CONFIG = path.join(dir, 'company.yaml');
  });
  afterAll(() => { if (dir) rmSync(dir, { recursive: true, force: true }); });
}

/**
 * The demo company's config for sign-in tests (companyConfigPerFile): the post-login URL above, no email
 * confirmation, no captcha, and `extra` YAML appended (a Google client id…), read when the hook runs.
 */
export function signInCompanyConfigPerFile(env: Record<string, string>, tag: string, extra: () => string = () => ''): void {
  companyConfigPerFile(env, tag, (demo) => {
    const config = demo
      .replace("postLoginUrl: '${PUBLIC_URL}/?signed-in=1'", `postLoginUrl: ${POST_LOGIN}`)
      .replace('requireEmailConfirmation: true', 'requireEmailConfirmation: false')
      .replace('captcha:\n  provider: altcha', 'captcha:\n  provider: none')
      + extra();
    expect(config).toContain(POST_LOGIN);
    expect(config).toContain('requireEmailConfirmation: false');
    expect(config).toContain('provider: none');
    return config;
  });
}

/** Fills the login screen's email and password (found by role and label) and presses 'Log in'. */
export async function logIn(dialog: Locator, email: string, password: string): Promise<void> {
  await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
  await dialog.getByLabel(/^Password/).fill(password);
  await dialog.getByRole('button', { name: 'Log in' }).click();
}
