import { describe, expect, test } from 'vitest';
import { browserPerFile } from './support/browser.ts';
import { describeFocus, focusIsInside, HARNESS, openDemoPage, selectPlanEmbed, serverUrl } from './support/demo-page.ts';

const session = browserPerFile();

describe('demo page (server mode)', () => {
  test('a trigger button opens a labelled modal dialog that traps focus, closes on Escape and returns focus', async () => {
    const page = await openDemoPage(session.context, HARNESS);
    const trigger = page.getByRole('button', { name: 'selectPlan', exact: true });
    await trigger.click();

    const dialog = page.getByRole('dialog', { name: 'Choose a plan' });
    await dialog.waitFor();
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    // The screen inside the popup is the real one, with the server's plans.
    await dialog.getByRole('button', { name: 'Choose Pro' }).waitFor();
    expect(await focusIsInside(dialog), `focus is on ${await describeFocus(page)}`).toBe(true);

    // Tab and Shift+Tab go round and round inside the dialog.
    const seen = new Set<string>();
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('Tab');
      expect(await focusIsInside(dialog), `after Tab #${i + 1} focus is on ${await describeFocus(page)}`).toBe(true);
      seen.add(await describeFocus(page));
    }
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press('Shift+Tab');
      expect(await focusIsInside(dialog), `after Shift+Tab #${i + 1} focus is on ${await describeFocus(page)}`).toBe(true);
    }
    // The close button and the plan buttons are all reachable with Tab.
    expect([...seen].join('\n')).toContain('Close');
    expect([...seen].join('\n')).toContain('Choose Starter');

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await trigger.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  test('the close button and a backdrop click close the popup; focus returns to the trigger', async () => {
    const page = await openDemoPage(session.context, HARNESS);
    const trigger = page.getByRole('button', { name: 'login', exact: true });
    await trigger.click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    // login is not built yet: the dialog is named by the "not available" heading.
    expect(await dialog.getAttribute('aria-labelledby')).toBeTruthy();
    expect((await dialog.getByRole('heading', { level: 2 }).textContent())?.trim()).toBeTruthy();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await trigger.evaluate((el) => el === document.activeElement)).toBe(true);

    // A click on the backdrop (outside the dialog box) closes it too.
    await trigger.click();
    await dialog.getByRole('button', { name: 'Close' }).waitFor();
    await page.mouse.click(5, 5);
    await dialog.waitFor({ state: 'detached' });
    expect(await trigger.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  test('embedded selectPlan lists the demo company plans with prices from the server', async () => {
    const page = await openDemoPage(session.context, '/');
    const region = selectPlanEmbed(page);
    const plans = region.getByRole('listitem');
    const names = await region.getByRole('heading', { level: 3 }).allTextContents();
    expect(names.sort()).toEqual(['Free', 'Pro', 'Starter', 'Team']);
    // The company's translation override (config `translations.en`) replaces the default intro text.
    await expect.poll(() => region.getByText('Pick the Northwind plan that fits your team. You can change it later.').count()).toBe(1);

    // Prices come from packages/server/config/demo-company.yaml via /api/v1/widgets/auth/init.
    const init = (await (await fetch(`${serverUrl()}/api/v1/widgets/auth/init`)).json()) as {
      PlanFamilies: { IsDefault?: boolean; Plans: { Name: string; MonthlyRate?: number | null; IsActive?: boolean }[] }[];
    };
    const family = init.PlanFamilies.find((f) => f.IsDefault) ?? init.PlanFamilies[0]!;
    const rates = Object.fromEntries(family.Plans.map((p) => [p.Name, p.MonthlyRate]));
    expect(rates).toMatchObject({ Free: 0, Starter: 29, Pro: 79, Team: 15 });

    // The price line: amount and term are separate spans, read them as a screen reader would (joined by a space).
    const priceOf = async (name: string) => {
      const card = plans.filter({ has: page.getByRole('heading', { name, exact: true }) });
      const parts = await card.locator('.p-price > span').allInnerTexts();
      return parts.map((t) => t.trim()).join(' ');
    };
    expect(await priceOf('Free')).toBe('Free');
    expect(await priceOf('Starter')).toBe('$29.00 / month');
    expect(await priceOf('Pro')).toBe('$79.00 / month');
    expect(await priceOf('Team')).toBe('$15.00 per seat / month');
    for (const name of names) {
      expect(await region.getByRole('button', { name: `Choose ${name}` }).isEnabled()).toBe(true);
    }

    // Switching the billing term shows the yearly prices.
    await region.getByRole('radio', { name: 'Yearly' }).check();
    expect(await priceOf('Starter')).toBe('$290.00 / year');
    expect(await priceOf('Pro')).toBe('$790.00 / year');
  });

  test('Portico.embed renders a state in place, and a data-portico-embed container added later renders too', async () => {
    const page = await openDemoPage(session.context, '/');
    await page.evaluate(async () => {
      const el = document.createElement('div');
      el.id = 'late-embed';
      document.body.appendChild(el);
      await (window as unknown as { Portico: { embed(e: Element, s: string): Promise<unknown> } }).Portico.embed(el, 'selectPlan');
      const declarative = document.createElement('div');
      declarative.id = 'late-declarative';
      declarative.setAttribute('data-portico-embed', 'selectPlan');
      document.body.appendChild(declarative);
    });
    for (const id of ['#late-embed', '#late-declarative']) {
      const region = page.locator(id).getByRole('region', { name: 'Choose a plan' });
      await region.getByRole('button', { name: 'Choose Starter' }).waitFor();
      expect(await page.locator(id).getByRole('dialog').count()).toBe(0);
    }
  });
});
