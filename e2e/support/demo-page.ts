import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { inject } from 'vitest';
import { repoRoot } from './server.ts';

export const screenshotDir = path.join(repoRoot, 'e2e/screenshots');

/** The URL of the one server the global setup started. */
export function serverUrl(): string {
  return inject('serverUrl');
}

/**
 * The developer harness: a popup button for every state (named by the state), the embeds
 * gallery (#embed-profileView, #embed-login, #embed-register, #controls-gallery), the theme
 * form and the persona switcher. `/` is the Northwind company site, whose pricing section
 * also embeds selectPlan as #embed-selectPlan.
 */
export const HARNESS = '/harness.html';

/**
 * Opens a demo host page (`/`, `/?demo=1`, HARNESS, `/hostile.html`…) and waits until
 * window.Portico exists and the embedded selectPlan (#embed-selectPlan) shows its heading.
 */
export async function openDemoPage(context: BrowserContext, pathAndQuery = '/'): Promise<Page> {
  const page = await context.newPage();
  await page.goto(new URL(pathAndQuery, serverUrl()).href);
  await page.waitForFunction(() => 'Portico' in window);
  await selectPlanEmbed(page).getByRole('heading', { name: 'Choose a plan', level: 2 }).waitFor();
  return page;
}

/** The embedded selectPlan widget: a region named by its screen heading. */
export function selectPlanEmbed(page: Page): Locator {
  return page.locator('#embed-selectPlan').getByRole('region', { name: 'Choose a plan' });
}

/** Computed style values of one element (inside a shadow root or not). */
export function computed(locator: Locator, props: readonly string[]): Promise<Record<string, string>> {
  return locator.evaluate((el, names) => {
    const cs = getComputedStyle(el);
    return Object.fromEntries(names.map((n) => [n, cs.getPropertyValue(n)]));
  }, [...props]);
}

/** Whether the focused element (followed through shadow roots) is inside `locator`'s element. */
export function focusIsInside(locator: Locator): Promise<boolean> {
  return locator.evaluate((container) => {
    let active: Element | null = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    return !!active && active !== container && container.contains(active);
  });
}

/** Description of the deepest focused element, for assertion messages. */
export function describeFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    let active: Element | null = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    if (!active) return '(nothing)';
    const label = active.getAttribute('aria-label') ?? active.textContent?.trim().slice(0, 40) ?? '';
    return `<${active.tagName.toLowerCase()}> ${label}`;
  });
}

export function screenshotPath(name: string): string {
  mkdirSync(screenshotDir, { recursive: true });
  return path.join(screenshotDir, `${name}.png`);
}
