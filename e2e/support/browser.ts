import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';

/** Debian's Chromium, never a downloaded one (shared/toolchain-notes.md). */
export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

/** A fresh context (own storage, cookies) with a desktop viewport. */
export async function newContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  // Fail in seconds, not in Playwright's default 30 s: every wait here is for a local server.
  context.setDefaultTimeout(10_000);
  return context;
}

export interface BrowserSession {
  browser: Browser;
  context: BrowserContext;
}

/** One Chromium per test file and a fresh context per test (vitest hooks); read them from the returned object. */
export function browserPerFile(): BrowserSession {
  const session = {} as BrowserSession;
  beforeAll(async () => { session.browser = await launchBrowser(); });
  afterAll(async () => { await session.browser?.close(); });
  beforeEach(async () => { session.context = await newContext(session.browser); });
  afterEach(async () => { await session.context?.close(); });
  return session;
}
