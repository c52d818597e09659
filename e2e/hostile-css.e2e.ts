import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { browserPerFile } from './support/browser.ts';
import { computed, HARNESS, openDemoPage, screenshotPath, selectPlanEmbed } from './support/demo-page.ts';

const session = browserPerFile();

const PROPS = [
  'color', 'font-size', 'font-family', 'font-weight', 'line-height', 'letter-spacing', 'text-transform',
  'background-color', 'border-top-style', 'border-top-width', 'border-top-color', 'border-top-left-radius',
  'padding-top', 'padding-left', 'height',
] as const;

/** Computed styles of widget text and controls, by role and name, in the embed and in a popup. */
async function widgetStyles(page: Page): Promise<Record<string, Record<string, string>>> {
  const region = selectPlanEmbed(page);
  const out: Record<string, Record<string, string>> = {
    'embed card': await computed(region, PROPS),
    'embed heading "Choose a plan"': await computed(region.getByRole('heading', { name: 'Choose a plan' }), PROPS),
    'embed intro paragraph': await computed(region.getByText('Pick the Northwind plan that fits your team.'), PROPS), // the demo company's translated intro (config translations.en)
    'embed plan name "Pro"': await computed(region.getByRole('heading', { name: 'Pro', exact: true }), PROPS),
    'embed button "Choose Pro"': await computed(region.getByRole('button', { name: 'Choose Pro' }), PROPS),
    'embed button "Choose Starter"': await computed(region.getByRole('button', { name: 'Choose Starter' }), PROPS),
    'embed radio label "Monthly"': await computed(region.getByText('Monthly', { exact: true }), PROPS),
  };
  await page.getByRole('button', { name: 'selectPlan', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose a plan' });
  await dialog.getByRole('button', { name: 'Choose Pro' }).waitFor();
  out['popup dialog'] = await computed(dialog, PROPS);
  out['popup heading'] = await computed(dialog.getByRole('heading', { name: 'Choose a plan' }), PROPS);
  out['popup button "Choose Pro"'] = await computed(dialog.getByRole('button', { name: 'Choose Pro' }), PROPS);
  out['popup button "Close"'] = await computed(dialog.getByRole('button', { name: 'Close' }), PROPS);
  out['popup dialog size'] = await dialog.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { width: `${Math.round(r.width)}`, height: `${Math.round(r.height)}` };
  });
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  return out;
}

describe('hostile host stylesheet', () => {
  test('widget text and controls compute identically on hostile.html and harness.html', async () => {
    const clean = await openDemoPage(session.context, HARNESS);
    const reference = await widgetStyles(clean);
    await selectPlanEmbed(clean).screenshot({ path: screenshotPath('hostile-reference-index') });

    const hostile = await openDemoPage(session.context, '/hostile.html');
    // The hostile stylesheet is really applied to the host page…
    const hostHeading = await computed(hostile.getByRole('heading', { name: 'Open a state in a popup' }), ['color', 'font-size']);
    expect(hostHeading).toEqual({ color: 'rgb(255, 0, 0)', 'font-size': '40px' });
    // …but not inside the widget.
    const attacked = await widgetStyles(hostile);
    await selectPlanEmbed(hostile).screenshot({ path: screenshotPath('hostile-hostile-html') });

    expect(attacked).toEqual(reference);
    for (const [name, styles] of Object.entries(attacked)) {
      if (styles.color) expect(styles.color, name).not.toBe('rgb(255, 0, 0)');
      if (styles['font-size']) expect(styles['font-size'], name).not.toBe('40px');
    }
    // Sanity: widget text is the themed light-mode ink and 15px/24px, not the host's.
    expect(attacked['embed intro paragraph']!['font-size']).toBe('15px');
    expect(attacked['embed heading "Choose a plan"']!.color).toBe('rgb(15, 23, 42)');
  });
});
