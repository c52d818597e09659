import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { screenshotPath } from './demo-page.ts';
import { setHarnessTheme } from './team-owner.ts';

export interface AxeViolationSummary {
  id: string;
  impact: string | null | undefined;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core on the page (or on `include` selectors). axe-core analyses open
 * shadow roots; a shadow-piercing target is an array of selectors (host, inner).
 */
export async function scan(page: Page, opts: { include?: string[]; exclude?: string[] } = {}) {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']);
  for (const sel of opts.include ?? []) builder = builder.include(sel);
  for (const sel of opts.exclude ?? []) builder = builder.exclude(sel);
  const results = await builder.analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map<AxeViolationSummary>((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((n) => JSON.stringify(n.target)),
    }));
  return { results, serious };
}

/** Asserts that axe finds no serious or critical violation. */
export async function expectNoSeriousViolations(page: Page, opts: { include?: string[]; exclude?: string[] } = {}) {
  const { results, serious } = await scan(page, opts);
  expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);
  return results;
}

/** The harness's popup widgets: where the signed-in screens' scans look. */
export const POPUP_HOST = { include: ['[data-portico-popup-host]'] };

/**
 * The harness page in light and then dark mode (Portico.setTheme): axe finds nothing serious or critical
 * in `scope`, and `target` is photographed in each as `<name>-<mode>` (e2e/screenshots); light again after.
 */
export async function auditBothThemes(page: Page, target: Locator | Page, name: string, scope: { include?: string[] } = POPUP_HOST): Promise<void> {
  for (const mode of ['light', 'dark'] as const) {
    await setHarnessTheme(page, mode);
    await expectNoSeriousViolations(page, scope);
    await target.screenshot({ path: screenshotPath(`${name}-${mode}`) });
  }
  await setHarnessTheme(page, 'light');
}
