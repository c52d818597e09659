import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { expectNoSeriousViolations } from './support/axe.ts';
import { browserPerFile, newContext } from './support/browser.ts';
import { computed, HARNESS, openDemoPage, screenshotPath, selectPlanEmbed, serverUrl } from './support/demo-page.ts';

/**
 * The demo as a customer's website (issue 7): `npm start` opens the Northwind Analytics site
 * (index.html, account.html) with the widget in it; the developer harness is its own page.
 */
const session = browserPerFile();

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const footer = (page: Page) => page.getByRole('contentinfo');
const accountScreen = (page: Page) => page.locator('#account-screen');

/** Opens a popup from a trigger, checks its dialog by name, closes it with Escape: focus goes back to the trigger. */
async function openAndClose(page: Page, trigger: Locator, dialogName: RegExp) {
  await trigger.click();
  const dialog = page.getByRole('dialog', { name: dialogName });
  await dialog.getByRole('button', { name: 'Close' }).waitFor();
  expect(await dialog.getAttribute('aria-modal')).toBe('true');
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  expect(await trigger.evaluate((el) => el === document.activeElement)).toBe(true);
}

describe('the Northwind site', () => {
  test('the home page is a company site: header with Log in and Sign up, the plan list in the pricing section, links to the account page and the harness', async () => {
    const page = await openDemoPage(session.context, '/');
    expect(await page.title()).toContain('Northwind Analytics');
    await page.getByRole('heading', { level: 1, name: 'Dashboards your whole team can read' }).waitFor();

    const banner = page.getByRole('banner');
    expect(await banner.getByRole('button', { name: 'Log in', exact: true }).isVisible()).toBe(true);
    expect(await banner.getByRole('button', { name: 'Sign up', exact: true }).isVisible()).toBe(true);

    // The pricing section holds the embedded plan list, with the server's plans.
    const plans = page.getByRole('region', { name: 'Simple pricing' }).getByRole('region', { name: 'Choose a plan' });
    expect((await plans.getByRole('heading', { level: 3 }).allTextContents()).sort()).toEqual(['Free', 'Pro', 'Starter', 'Team']);
    // Issue 18: the Chat button is back; the chat state shows the live panel or, with no operator online, the offline one (chat.e2e.ts, support.e2e.ts).
    expect(await page.getByRole('button', { name: 'Chat with us' }).isVisible()).toBe(true);

    // Signed out: no Account link in the header (it shows for members, beside their name and Log out); the footer links the account page.
    expect(await banner.getByRole('link', { name: 'Account', exact: true }).count()).toBe(0);
    expect(await footer(page).getByRole('link', { name: 'Your account' }).getAttribute('href')).toBe('/account.html');
    await mainNav(page).getByRole('link', { name: 'Developer harness' }).click();
    await page.waitForURL(`**${HARNESS}`);
    // The harness still has a popup button for every state and opens them.
    await page.getByRole('heading', { level: 2, name: 'Open a state in a popup' }).waitFor();
    await openAndClose(page, page.getByRole('button', { name: 'selectPlan', exact: true }), /^Choose a plan$/);
    await page.getByRole('link', { name: 'Northwind site' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  test('Log in and Sign up open the login and register states in a popup', async () => {
    const page = await openDemoPage(session.context, '/');
    const banner = page.getByRole('banner');
    await openAndClose(page, banner.getByRole('button', { name: 'Log in', exact: true }), /^Log in\b/);
    await openAndClose(page, banner.getByRole('button', { name: 'Sign up', exact: true }), /^Sign up\b/);
    await openAndClose(page, page.getByRole('button', { name: 'Start free' }), /^Sign up\b/);
  });

  test('the account page embeds the account screens, one section at a time', async () => {
    const page = await session.context.newPage();
    await page.goto(new URL('/account.html?demo=1', serverUrl()).href);
    await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor();
    // The demo persona (a paying team owner) is signed in: the header's Account link is there, marked as this page.
    expect(await page.getByRole('banner').getByRole('link', { name: 'Account', exact: true }).getAttribute('aria-current')).toBe('page');
    const sections = page.getByRole('navigation', { name: 'Account sections' });
    const profile = accountScreen(page).getByRole('region', { name: 'Profile' });
    await profile.getByRole('button', { name: 'Change name' }).waitFor();
    expect(await sections.getByRole('link', { name: 'Profile' }).getAttribute('aria-current')).toBe('page');

    // Issue 15: only sections whose screens are built (Plan and Billing since issue 16).
    expect(await sections.getByRole('link').allTextContents()).toEqual(['Profile', 'Account', 'Plan', 'Billing', 'Team']);
    await sections.getByRole('link', { name: 'Account' }).click();
    await accountScreen(page).getByRole('heading', { level: 2, name: 'Account' }).waitFor();
    expect(await profile.count()).toBe(0);
    expect(await sections.getByRole('link', { name: 'Account' }).getAttribute('aria-current')).toBe('page');
    expect(await sections.getByRole('link', { name: 'Profile' }).getAttribute('aria-current')).toBeNull();

    // The browser's Back button returns to the profile; a link straight to a section opens it.
    await page.goBack();
    await profile.getByRole('button', { name: 'Change name' }).waitFor();
    await page.goto(new URL('/account.html?demo=1#team', serverUrl()).href);
    await accountScreen(page).getByRole('heading', { level: 2, name: 'Team' }).waitFor();
    // The Account screen (the company's details) has its own section beside Profile (issue 15).
    await sections.getByRole('link', { name: 'Account', exact: true }).click();
    await accountScreen(page).getByRole('heading', { level: 2, name: /^Account\b/ }).waitFor();
    expect(await sections.getByRole('link', { name: 'Account', exact: true }).getAttribute('aria-current')).toBe('page');
    expect(new URL(page.url()).hash).toBe('#account');
    // The Plan section (issue 16): the persona's Team plan, its seats and term, 'Cancel subscription'.
    await sections.getByRole('link', { name: 'Plan', exact: true }).click();
    const plan = accountScreen(page).getByRole('list', { name: 'Current plan' });
    await plan.getByText('8 seats', { exact: true }).waitFor();
    await plan.getByText('Yearly', { exact: true }).waitFor();
    await accountScreen(page).getByRole('button', { name: 'Cancel subscription' }).waitFor();
    // The Billing section (issue 16): the persona's next payment, card and invoices, with no server call.
    await sections.getByRole('link', { name: 'Billing', exact: true }).click();
    await accountScreen(page).getByRole('heading', { level: 2, name: 'Billing' }).waitFor();
    await accountScreen(page).getByRole('region', { name: 'Invoices' }).getByRole('button', { name: /^Download invoice #\d+ \(PDF\)$/ }).first().waitFor();
  });
});

describe('demo mode on the site', () => {
  test('made-up data, a persona switch in the footer, links that keep demo mode and the persona, and no API request', async () => {
    const requests: string[] = [];
    session.context.on('request', (r) => requests.push(r.url()));
    const page = await openDemoPage(session.context, '/?demo=1');
    // The demo company's plans (issue 15), as the server mode shows them.
    expect((await selectPlanEmbed(page).getByRole('heading', { level: 3 }).allTextContents()).sort()).toEqual(['Free', 'Pro', 'Starter', 'Team']);
    await page.getByRole('banner').getByText('Demo mode', { exact: true }).waitFor();

    await footer(page).getByRole('radio', { name: 'Free member' }).click();
    expect(new URL(page.url()).searchParams.get('persona')).toBe('freeMember');
    await page.getByRole('banner').getByRole('link', { name: 'Account', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/account.html' && url.search === '?demo=1&persona=freeMember');

    // The account page starts as the persona chosen on the home page.
    expect(await footer(page).getByRole('radio', { name: 'Free member' }).getAttribute('aria-checked')).toBe('true');
    const profile = accountScreen(page).getByRole('region', { name: 'Profile' });
    await profile.getByRole('button', { name: 'Change name' }).waitFor();
    // Signed out: the signed-in gate shows login where the profile was.
    await footer(page).getByRole('radio', { name: 'Visitor (signed out)' }).click();
    await accountScreen(page).getByRole('region', { name: 'Log in' }).getByText('Log in to continue to Profile.', { exact: true }).waitFor();
    expect(await profile.getByRole('button', { name: 'Change name' }).count()).toBe(0);
    await openAndClose(page, page.getByRole('banner').getByRole('button', { name: 'Log in', exact: true }), /^Log in\b/);

    expect(requests.filter((u) => u.includes('/api/'))).toEqual([]);
    expect(requests.some((u) => u.includes('/chunks/'))).toBe(true);

    // Turning demo mode off stays on the page, now with the server's data.
    await footer(page).getByRole('link', { name: 'Turn demo mode off' }).click();
    await page.waitForURL((url) => url.pathname === '/account.html' && url.search === '');
    await footer(page).getByRole('link', { name: 'Turn demo mode on' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { Portico: { config: { demo: boolean } } }).Portico.config.demo)).toBe(false);
    expect(await page.getByRole('banner').getByText('Demo mode', { exact: true }).isVisible()).toBe(false);
  });
});

const WIDGET_BG = { light: 'rgb(255, 255, 255)', dark: 'rgb(15, 23, 42)' } as const;

describe('light and dark: the site and the widget follow the colour scheme, axe finds nothing serious', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`${colorScheme} (screenshots at 1280 and 390 px in e2e/screenshots/site-*)`, async () => {
      for (const width of [1280, 390]) {
        const context = await newContext(session.browser, { colorScheme, viewport: { width, height: width > 500 ? 900 : 844 } });
        try {
          const home = await openDemoPage(context, '/');
          expect((await computed(selectPlanEmbed(home), ['background-color']))['background-color']).toBe(WIDGET_BG[colorScheme]);
          await expectNoSeriousViolations(home);
          await home.screenshot({ path: screenshotPath(`site-home-${width}-${colorScheme}`), fullPage: true });

          const demoHome = await openDemoPage(context, '/?demo=1');
          await footer(demoHome).getByRole('radio', { name: 'Paying team owner' }).waitFor();
          await expectNoSeriousViolations(demoHome);

          for (const [path, name] of [['/account.html', 'server'], ['/account.html?demo=1', 'demo']] as const) {
            const account = await context.newPage();
            await account.goto(new URL(path, serverUrl()).href);
            await accountScreen(account).getByRole('heading', { level: 2 }).first().waitFor();
            await expectNoSeriousViolations(account);
            await account.screenshot({ path: screenshotPath(`site-account-${name}-${width}-${colorScheme}`), fullPage: true });
          }
        } finally {
          await context.close();
        }
      }
    });
  }
});
