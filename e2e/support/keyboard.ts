import type { Page } from 'playwright-core';

/** The accessible name of the focused control, looking through shadow roots (label, aria-label or text; a required '*' dropped). */
export function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    let a: Element | null = document.activeElement;
    while (a?.shadowRoot?.activeElement) a = a.shadowRoot.activeElement;
    const el = a as HTMLInputElement | null;
    return (el?.labels?.[0]?.textContent ?? el?.getAttribute('aria-label') ?? el?.textContent ?? '').replace(/\s+/g, ' ').replace(/\s*\*$/, '').trim();
  });
}

/** Presses Tab until the control named `name` has focus, as a keyboard user would. */
export async function tabTo(page: Page, name: string, max = 40): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await focusedName(page) === name) return;
  }
  throw new Error(`Tab never reached "${name}"`);
}
