import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { expectNoSeriousViolations } from './support/axe.ts';
import { browserPerFile } from './support/browser.ts';
import { computed, HARNESS, openDemoPage, selectPlanEmbed } from './support/demo-page.ts';
import { repoRoot } from './support/server.ts';

const session = browserPerFile();

const EMBEDS = ['#embed-selectPlan', '#embed-profileView', '#embed-login', '#embed-register', '#controls-gallery'];

describe('axe-core (serious and critical violations) inside the widget', () => {
  test('every shadow root is open, so axe and assistive technology can analyse it', async () => {
    const page = await openDemoPage(session.context, HARNESS);
    for (const sel of EMBEDS) {
      expect(await page.locator(sel).evaluate((el) => el.shadowRoot?.mode ?? 'none (closed or missing)'), sel).toBe('open');
    }
    await page.getByRole('button', { name: 'login', exact: true }).click();
    await page.getByRole('dialog').waitFor();
    expect(await page.locator('[data-portico-popup-host]').evaluate((el) => el.shadowRoot?.mode ?? 'none')).toBe('open');
  });

  for (const [label, path] of [['server mode', HARNESS], ['demo mode', `${HARNESS}?demo=1`]] as const) {
    test(`embedded widgets (${label})`, async () => {
      const page = await openDemoPage(session.context, path);
      await page.locator('#controls-gallery').getByRole('heading', { level: 2 }).first().waitFor();
      await page.locator('#embed-profileView').getByRole('heading', { level: 2 }).waitFor();
      const results = await expectNoSeriousViolations(page, { include: EMBEDS });
      // axe really looked inside the shadow roots (targets are [host, inner] selector chains).
      const inner = [...results.passes, ...results.incomplete].flatMap((r) => r.nodes).filter((n) => Array.isArray(n.target[0]));
      expect(inner.length).toBeGreaterThan(0);
    });

    test(`popup dialog open (${label})`, async () => {
      const page = await openDemoPage(session.context, path);
      for (const [state, name] of [['selectPlan', 'Choose a plan'], ['login', undefined]] as const) {
        await page.getByRole('button', { name: state, exact: true }).click();
        const dialog = name ? page.getByRole('dialog', { name }) : page.getByRole('dialog');
        await dialog.getByRole('heading', { level: 2 }).waitFor();
        await dialog.getByRole('button', { name: 'Close' }).waitFor();
        await expectNoSeriousViolations(page, { include: ['[data-portico-popup-host]'] });
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
      }
    });
  }
});

// ---------------------------------------------------------------------------
// Issue 6, item 9: every built screen, in light and in dark, with accents that are
// hard to read in each mode (navy on a dark page, yellow on a white one).
// ---------------------------------------------------------------------------

/** The states whose row in the state table points at a real screen (`built(...)` in states.ts). */
function builtStates(): string[] {
  const table = readFileSync(path.join(repoRoot, 'packages/widget/src/states.ts'), 'utf8');
  return [...table.matchAll(/^\s*(\w+): built\(/gm)].map((m) => m[1]!);
}

/** What a screen needs to show all of itself: checkout a chosen plan (demo catalogue) with its invoice. */
const SCREEN_PARAMS: Record<string, Record<string, unknown>> = { checkout: { planUid: 'plan-team' } };

const BG = { light: 'rgb(255, 255, 255)', dark: 'rgb(15, 23, 42)' } as const;
/** The default accent in both modes, and in each mode the accent hardest to read there. */
const THEMES = [
  { displayMode: 'light', accentColor: '#4f46e5' }, { displayMode: 'light', accentColor: '#ffeb3b' },
  { displayMode: 'dark', accentColor: '#4f46e5' }, { displayMode: 'dark', accentColor: '#1a237e' },
] as const;

/** Embeds every built state in its own container on the demo page and waits until each has rendered. */
async function embedBuiltStates(page: Page, states: string[]): Promise<string[]> {
  const selectors: string[] = [];
  for (const state of states) {
    const id = `a11y-${state}`;
    await page.evaluate(async ({ id, state, params }) => {
      const el = document.createElement('div');
      el.id = id;
      document.querySelector('main')!.append(el);
      await (window as unknown as { Portico: { embed(el: Element, s: string, p?: object): Promise<unknown> } }).Portico.embed(el, state, params);
    }, { id, state, params: SCREEN_PARAMS[state] ?? {} });
    await page.locator(`#${id}`).getByRole('heading', { level: 2 }).first().waitFor();
    selectors.push(`#${id}`);
  }
  await page.locator('#a11y-checkout').getByRole('region', { name: 'Order summary' }).getByRole('row', { name: /^Total due today / }).waitFor();
  return selectors;
}

describe('axe-core on every built screen, light and dark (serious and critical: none)', () => {
  test('the built screens are the ones this suite expects to render', () => {
    expect(builtStates()).toEqual(expect.arrayContaining(['selectPlan', 'checkout', 'profile', 'profileView']));
  });

  for (const theme of THEMES) {
    test(`${theme.displayMode} mode, accent ${theme.accentColor}`, async () => {
      const page = await openDemoPage(session.context, `${HARNESS}?demo=1`);
      await page.evaluate((t) => (window as unknown as { Portico: { setTheme(t: object): void } }).Portico.setTheme(t), theme);
      await expect.poll(async () => (await computed(selectPlanEmbed(page), ['background-color']))['background-color']).toBe(BG[theme.displayMode]);

      const embeds = await embedBuiltStates(page, builtStates());
      // Also on the page: the internal controls gallery and a state that is not built yet (its placeholder screen).
      await page.locator('#controls-gallery').getByRole('heading', { level: 2 }).first().waitFor();
      await page.locator('#embed-login').getByRole('heading', { level: 2 }).waitFor();
      // Accent-coloured text is on screen, so the contrast rule really measures it.
      expect(await page.locator('#a11y-checkout').getByRole('button', { name: 'Change plan' }).count()).toBeGreaterThan(0);
      await expectNoSeriousViolations(page, { include: [...embeds, '#controls-gallery', '#embed-login'] });

      await page.getByRole('button', { name: 'selectPlan', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Choose a plan' });
      await dialog.getByRole('button', { name: 'Close' }).waitFor();
      await expectNoSeriousViolations(page, { include: ['[data-portico-popup-host]'] });
    });
  }
});
