import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { browserPerFile, newContext } from './support/browser.ts';
import { HARNESS, openDemoPage, selectPlanEmbed } from './support/demo-page.ts';

const session = browserPerFile();

async function storageSnapshot(page: Page) {
  const inPage = await page.evaluate(() => ({
    localStorage: Object.keys(localStorage),
    sessionStorage: Object.keys(sessionStorage),
    documentCookie: document.cookie,
  }));
  return { ...inPage, cookies: (await page.context().cookies()).map((c) => c.name) };
}
const EMPTY = { localStorage: [], sessionStorage: [], documentCookie: '', cookies: [] };

async function openAndClose(page: Page, trigger: string, dialogName: string) {
  await page.getByRole('button', { name: trigger, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: dialogName });
  await dialog.getByRole('heading', { name: dialogName, level: 2 }).waitFor();
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
}

describe('demo mode', () => {
  test('makes zero requests to the API while states open and personas switch (developer harness)', async () => {
    const requests: string[] = [];
    session.context.on('request', (r) => requests.push(r.url()));
    const page = await openDemoPage(session.context, `${HARNESS}?demo=1`);

    expect(await page.evaluate(() => (window as unknown as { Portico: { config: { demo: boolean } } }).Portico.config.demo)).toBe(true);
    const plans = selectPlanEmbed(page);
    // Demo data, not the server's: the Northwind Journal plans, and the "Demo mode" badge.
    expect((await plans.getByRole('heading', { level: 3 }).allTextContents()).sort()).toEqual(['Community', 'Pro', 'Team']);
    await plans.getByText('Demo mode', { exact: true }).waitFor();

    await openAndClose(page, 'selectPlan', 'Choose a plan');
    await openAndClose(page, 'profileView', 'Profile');
    await openAndClose(page, 'login', 'Log in');
    await openAndClose(page, 'billing', 'This screen is not available yet');

    // Persona switcher: the embedded profile follows the persona.
    const profile = page.locator('#embed-profileView').getByRole('region', { name: 'Profile' });
    await profile.getByRole('button', { name: 'Change name' }).waitFor();
    // The visitor is signed out: the signed-in gate shows login in the embed; a member persona brings the profile back.
    await page.getByRole('radio', { name: 'Visitor (signed out)' }).click();
    const gated = page.locator('#embed-profileView').getByRole('region', { name: 'Log in' });
    await gated.getByText('Log in to continue to Profile.', { exact: true }).waitFor();
    expect(await profile.getByRole('button', { name: 'Change name' }).count()).toBe(0);
    for (const persona of ['Free member', 'Past-due member', 'Paying team owner']) {
      await page.getByRole('radio', { name: persona }).click();
      expect(await page.getByRole('radio', { name: persona }).getAttribute('aria-checked')).toBe('true');
      await profile.getByRole('button', { name: 'Change name' }).waitFor();
      await openAndClose(page, 'profileView', 'Profile');
    }
    // A choice inside a widget still gives feedback without a server.
    await plans.getByRole('button', { name: 'Choose Pro' }).click();
    await page.waitForTimeout(300);

    const api = requests.filter((u) => u.includes('/api/'));
    expect(api).toEqual([]);
    // Sanity: the page did load its own files (the recorder works).
    expect(requests.some((u) => u.endsWith('/portico.js'))).toBe(true);
    expect(requests.some((u) => u.includes('/chunks/'))).toBe(true);

    // Demo mode never touches browser storage, even after the widget is used.
    expect(await storageSnapshot(page)).toEqual(EMPTY);
  });

  test('server mode, by contrast, does call the init API (the request recorder sees API calls)', async () => {
    const requests: string[] = [];
    session.context.on('request', (r) => requests.push(r.url()));
    await openDemoPage(session.context, '/');
    expect(requests.filter((u) => u.includes('/api/v1/widgets/auth/init')).length).toBeGreaterThan(0);
  });
});

describe('browser storage before use', () => {
  test('loading the page and rendering embeds writes no localStorage, sessionStorage or cookie (server and demo mode)', async () => {
    // The company site and the harness (whose controls gallery renders every form control).
    const pages = [['/', false], ['/?demo=1', false], [HARNESS, true], [`${HARNESS}?demo=1`, true], ['/hostile.html', true]] as const;
    for (const [path, hasGallery] of pages) {
      const fresh = await newContext(session.browser);
      try {
        expect(await fresh.cookies()).toEqual([]);
        const page = await openDemoPage(fresh, path);
        if (hasGallery) await page.locator('#controls-gallery').getByRole('heading', { level: 2 }).first().waitFor();
        await page.waitForTimeout(300);
        expect(await storageSnapshot(page), path).toEqual(EMPTY);
      } finally {
        await fresh.close();
      }
    }
  });
});
