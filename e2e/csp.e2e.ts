import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { browserPerFile } from './support/browser.ts';
import { HARNESS, selectPlanEmbed, serverUrl } from './support/demo-page.ts';

const session = browserPerFile();

interface Recorded {
  violations: { directive: string; blocked: string; source: string; sample: string }[];
}

/** Records every securitypolicyviolation event and every console message about CSP. */
async function watchCsp(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: Recorded['violations'] };
    w.__csp = [];
    const record = (e: SecurityPolicyViolationEvent) =>
      w.__csp.push({ directive: e.effectiveDirective, blocked: e.blockedURI, source: e.sourceFile, sample: e.sample });
    // Capture phase on document: violations inside shadow roots bubble (composed) to here.
    document.addEventListener('securitypolicyviolation', record, true);
  });
  const consoleCsp: string[] = [];
  page.on('console', (m) => {
    if (/content security policy|content-security-policy/i.test(m.text())) consoleCsp.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => {
    if (/content security policy/i.test(e.message)) consoleCsp.push(`pageerror: ${e.message}`);
  });
  return {
    consoleCsp,
    violations: () => page.evaluate(() => (window as unknown as { __csp: Recorded['violations'] }).__csp),
  };
}

/** Opens a popup and checks the embeds, then closes the popup. */
async function openAndClosePopup(page: Page, trigger: string, expectedDialog: string) {
  await page.getByRole('button', { name: trigger, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: expectedDialog });
  await dialog.getByRole('heading', { level: 2 }).waitFor();
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
}

function expectStrict(csp: string | undefined | null) {
  expect(csp, 'Content-Security-Policy header').toBeTruthy();
  const directives = Object.fromEntries(
    csp!.split(';').map((d) => d.trim()).filter(Boolean).map((d) => {
      const [name, ...values] = d.split(/\s+/);
      return [name!.toLowerCase(), values];
    }),
  );
  expect(directives['default-src']).toEqual(["'self'"]);
  expect(directives['script-src']).toEqual(["'self'"]);
  expect(directives['style-src']).toEqual(["'self'"]);
}

describe('strict Content-Security-Policy', () => {
  test('the developer harness carries the strict CSP, and popup + embeds cause no violation (server mode)', async () => {
    const page = await session.context.newPage();
    const csp = await watchCsp(page);
    const response = await page.goto(`${serverUrl()}${HARNESS}`);
    expect(response?.status()).toBe(200);
    expectStrict(response?.headers()['content-security-policy']);

    await selectPlanEmbed(page).getByRole('button', { name: 'Choose Pro' }).waitFor();
    await page.locator('#controls-gallery').getByRole('heading', { level: 2 }).first().waitFor();
    await openAndClosePopup(page, 'selectPlan', 'Choose a plan');
    await openAndClosePopup(page, 'login', 'Log in');
    // Theme changes set custom properties through the CSSOM: allowed under style-src 'self'.
    await page.getByLabel('Display mode').selectOption('dark');
    await page.getByLabel('Corner shape').selectOption('pill');
    await page.waitForTimeout(300);

    expect(await csp.violations()).toEqual([]);
    expect(csp.consoleCsp).toEqual([]);

    // Control: the recorder does catch a real violation (an inline script injected by the test).
    await page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'void 0';
      document.head.appendChild(s);
    });
    await page.waitForFunction(() => (window as unknown as { __csp: unknown[] }).__csp.length > 0);
    expect((await csp.violations())[0]?.directive).toMatch(/^script-src/);
  });

  test('demo mode and the hostile page: no violation either', async () => {
    // profileView: the demo persona's profile in demo mode; with a server and no token, the outlet's signed-in gate shows login instead (no API call).
    for (const [path, profileDialog] of [[`${HARNESS}?demo=1`, 'Profile'], ['/hostile.html', 'Log in']] as const) {
      const page = await session.context.newPage();
      const csp = await watchCsp(page);
      const response = await page.goto(`${serverUrl()}${path}`);
      expectStrict(response?.headers()['content-security-policy']);
      await selectPlanEmbed(page).getByRole('button', { name: 'Choose Pro' }).waitFor();
      await openAndClosePopup(page, 'selectPlan', 'Choose a plan');
      await openAndClosePopup(page, 'profileView', profileDialog);
      expect(await csp.violations(), path).toEqual([]);
      expect(csp.consoleCsp, path).toEqual([]);
      await page.close();
    }
  });

  test('the Northwind site pages: no violation in either mode, popups and persona switch included', async () => {
    for (const path of ['/', '/?demo=1', '/account.html?demo=1']) {
      const page = await session.context.newPage();
      const csp = await watchCsp(page);
      const response = await page.goto(`${serverUrl()}${path}`);
      expectStrict(response?.headers()['content-security-policy']);
      // Demo mode signs its member personas in, and the header then offers Log out instead of Log in.
      if (path !== '/') await page.getByRole('radio', { name: 'Visitor (signed out)' }).click();
      await page.getByRole('banner').getByRole('button', { name: 'Log in', exact: true }).click();
      await page.getByRole('dialog').getByRole('heading', { level: 2 }).waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      if (path !== '/') await page.getByRole('radio', { name: 'Free member' }).click();
      await page.waitForTimeout(300);
      expect(await csp.violations(), path).toEqual([]);
      expect(csp.consoleCsp, path).toEqual([]);
      await page.close();
    }
  });

  test('a minimal host page under an even stricter CSP (default-src none) runs the widget with no violation', async () => {
    const page = await session.context.newPage();
    const csp = await watchCsp(page);
    const policy =
      "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; font-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
    const hostUrl = `${serverUrl()}/e2e-strict-host.html`;
    await page.route(hostUrl, (route) =>
      route.fulfill({
        status: 200,
        headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': policy },
        body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Strict host</title>
<script src="/portico.js" defer></script></head>
<body><main><h1>Strict host</h1>
<button type="button" data-portico-popup="selectPlan">Choose a plan</button>
<div id="embed" data-portico-embed="selectPlan"></div></main></body></html>`,
      }),
    );
    const response = await page.goto(hostUrl);
    expect(response?.headers()['content-security-policy']).toBe(policy);
    const embed = page.locator('#embed').getByRole('region', { name: 'Choose a plan' });
    await embed.getByRole('button', { name: 'Choose Starter' }).waitFor();
    await page.getByRole('button', { name: 'Choose a plan', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Choose a plan' });
    await dialog.getByRole('button', { name: 'Choose Starter' }).waitFor();
    // The widget's constructable stylesheets applied: the card has its themed border radius and padding.
    expect(await embed.evaluate((el) => getComputedStyle(el).paddingTop)).toBe('28px');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    expect(await csp.violations()).toEqual([]);
    expect(csp.consoleCsp).toEqual([]);
  });
});
