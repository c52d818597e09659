import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { browserPerFile, newContext } from './support/browser.ts';
import { computed, HARNESS, openDemoPage, screenshotPath, selectPlanEmbed } from './support/demo-page.ts';

const session = browserPerFile();

const LIGHT_BG = 'rgb(255, 255, 255)';
const DARK_BG = 'rgb(15, 23, 42)';

/** The embedded selectPlan card, its secondary and primary (accent) plan buttons. */
function parts(page: Page) {
  const region = selectPlanEmbed(page);
  return {
    region,
    secondary: region.getByRole('button', { name: 'Choose Pro' }),
    primary: region.getByRole('button', { name: 'Choose Starter' }), // Starter is the default ("Most popular") plan
  };
}

/** Waits for a computed style value (theme changes go through React state). */
async function styleBecomes(page: Page, get: () => Promise<string>, expected: string): Promise<string> {
  const deadline = Date.now() + 5_000;
  let value = await get();
  while (value !== expected && Date.now() < deadline) {
    await page.waitForTimeout(50);
    value = await get();
  }
  return value;
}

describe('theme switching (demo page theme switcher)', () => {
  test('corner shape square / rounded / pill changes the button radius: 0 → 6px → 25px', async () => {
    const page = await openDemoPage(session.context, HARNESS);
    const { region, secondary, primary } = parts(page);
    const corner = page.getByLabel('Corner shape');
    const radius = async () => (await computed(secondary, ['border-top-left-radius']))['border-top-left-radius']!;

    // The page starts on "Rounded" (the server theme's default).
    expect(await radius()).toBe('6px');
    for (const [shape, expected] of [['square', '0px'], ['rounded', '6px'], ['pill', '25px']] as const) {
      await corner.selectOption(shape);
      expect(await styleBecomes(page, radius, expected), `cornerShape ${shape}`).toBe(expected);
      expect((await computed(primary, ['border-top-left-radius']))['border-top-left-radius']).toBe(expected);
      await region.screenshot({ path: screenshotPath(`theme-corner-${shape}`) });
    }
  });

  test('accent colour, border width and dark mode visibly change colours', async () => {
    const page = await openDemoPage(session.context, HARNESS);
    const { region, secondary, primary } = parts(page);
    const bg = async () => (await computed(region, ['background-color']))['background-color']!;
    const accent = async () => (await computed(primary, ['background-color']))['background-color']!;

    expect(await bg()).toBe(LIGHT_BG);
    expect(await accent()).toBe('rgb(79, 70, 229)'); // #4f46e5, the default accent
    await region.screenshot({ path: screenshotPath('theme-light') });

    await page.getByLabel('Accent colour').fill('#e11d48');
    expect(await styleBecomes(page, accent, 'rgb(225, 29, 72)')).toBe('rgb(225, 29, 72)');
    await region.screenshot({ path: screenshotPath('theme-accent-rose') });

    // The demo page's range input has no accessible name (its <label> also wraps the <output>, which takes
    // the label), so it is found as the theme form's only slider.
    await page.locator('#theme-form').getByRole('slider').fill('4');
    const border = async () => (await computed(secondary, ['border-top-width']))['border-top-width']!;
    expect(await styleBecomes(page, border, '4px')).toBe('4px');

    const textBefore = (await computed(region.getByRole('heading', { name: 'Choose a plan' }), ['color'])).color;
    await page.getByLabel('Display mode').selectOption('dark');
    expect(await styleBecomes(page, bg, DARK_BG)).toBe(DARK_BG);
    const textAfter = (await computed(region.getByRole('heading', { name: 'Choose a plan' }), ['color'])).color;
    expect(textAfter).not.toBe(textBefore);
    expect(textAfter).toBe('rgb(241, 245, 249)');
    await region.screenshot({ path: screenshotPath('theme-dark') });

    // The popup follows the same theme.
    await page.getByRole('button', { name: 'selectPlan', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Choose a plan' });
    await dialog.getByRole('button', { name: 'Choose Starter' }).waitFor();
    expect((await computed(dialog, ['background-color']))['background-color']).toBe(DARK_BG);
    expect((await computed(dialog.getByRole('button', { name: 'Choose Starter' }), ['background-color']))['background-color']).toBe('rgb(225, 29, 72)');
    await page.screenshot({ path: screenshotPath('theme-dark-popup') });
    await page.keyboard.press('Escape');

    // "Reset theme" goes back to the server's theme.
    await page.getByRole('button', { name: 'Reset theme' }).click();
    expect(await styleBecomes(page, bg, LIGHT_BG)).toBe(LIGHT_BG);
    expect(await styleBecomes(page, accent, 'rgb(79, 70, 229)')).toBe('rgb(79, 70, 229)');
  });

  test('window.Portico.setTheme changes the widget live', async () => {
    const page = await openDemoPage(session.context, HARNESS);
    const { secondary } = parts(page);
    const radius = async () => (await computed(secondary, ['border-top-left-radius']))['border-top-left-radius']!;
    await page.evaluate(() => (window as unknown as { Portico: { setTheme(t: object): void } }).Portico.setTheme({ cornerShape: 'pill' }));
    expect(await styleBecomes(page, radius, '25px')).toBe('25px');
    await page.evaluate(() => (window as unknown as { Portico: { resetTheme(): void } }).Portico.resetTheme());
    expect(await styleBecomes(page, radius, '6px')).toBe('6px');
  });

  test("displayMode 'auto' follows prefers-color-scheme live, without a reload", async () => {
    await session.context.close();
    session.context = await newContext(session.browser, { colorScheme: 'light' });
    const page = await openDemoPage(session.context, HARNESS);
    const { region } = parts(page);
    const bg = async () => (await computed(region, ['background-color']))['background-color']!;
    await page.evaluate(() => {
      (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
    });

    await page.getByLabel('Display mode').selectOption('auto');
    expect(await styleBecomes(page, bg, LIGHT_BG)).toBe(LIGHT_BG);

    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await styleBecomes(page, bg, DARK_BG)).toBe(DARK_BG);
    await region.screenshot({ path: screenshotPath('theme-auto-system-dark') });

    await page.emulateMedia({ colorScheme: 'light' });
    expect(await styleBecomes(page, bg, LIGHT_BG)).toBe(LIGHT_BG);
    // Same document all along: no reload happened.
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  });
});
