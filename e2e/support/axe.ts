import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

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
