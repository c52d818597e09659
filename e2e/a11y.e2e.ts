import { describe, expect, test } from 'vitest';
import { expectNoSeriousViolations } from './support/axe.ts';
import { browserPerFile } from './support/browser.ts';
import { openDemoPage } from './support/demo-page.ts';

const session = browserPerFile();

const EMBEDS = ['#embed-selectPlan', '#embed-profileView', '#embed-login', '#embed-register', '#controls-gallery'];

describe('axe-core (serious and critical violations) inside the widget', () => {
  test('every shadow root is open, so axe and assistive technology can analyse it', async () => {
    const page = await openDemoPage(session.context, '/');
    for (const sel of EMBEDS) {
      expect(await page.locator(sel).evaluate((el) => el.shadowRoot?.mode ?? 'none (closed or missing)'), sel).toBe('open');
    }
    await page.getByRole('button', { name: 'login', exact: true }).click();
    await page.getByRole('dialog').waitFor();
    expect(await page.locator('[data-portico-popup-host]').evaluate((el) => el.shadowRoot?.mode ?? 'none')).toBe('open');
  });

  for (const [label, path] of [['server mode', '/'], ['demo mode', '/?demo=1']] as const) {
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
