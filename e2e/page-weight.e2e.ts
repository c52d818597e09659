import { describe, expect, test } from 'vitest';
import { browserPerFile } from './support/browser.ts';
import { serverUrl } from './support/demo-page.ts';
import { recordTransfers, totalBytes } from './support/transferred.ts';

const session = browserPerFile();

// Issue 6 item 7: a visitor's first screen (a host page with the loader and one selectPlan embed)
// costs at most 100 KB over the wire. A size budget of what Chromium received, not a timing.
const FIRST_SCREEN_BUDGET_BYTES = 100 * 1024;

describe('bytes over the wire (measured in Chromium)', () => {
  test('the first screen of a minimal host page transfers at most 100 KB, every script brotli-compressed', async () => {
    const page = await session.context.newPage();
    const transfers = recordTransfers(page);
    await page.goto(new URL('/minimal.html', serverUrl()).href);
    await page.getByRole('region', { name: 'Choose a plan' }).getByRole('heading', { name: 'Starter', level: 3 }).waitFor();
    await transfers.settle();

    const firstScreen = transfers.of('first screen');
    const report = firstScreen.map((t) => `${t.transferredBytes} ${t.contentEncoding} ${t.path}`).join('\n');
    expect(firstScreen.map((t) => t.path), report).toContain('/chunks/app.js');
    // Brotli from the files compressed at build time (a file too small to gain from it may go as it is).
    expect(firstScreen.filter((t) => t.type === 'script' && t.contentEncoding !== 'br' && t.bodyBytes > 1024), report).toEqual([]);
    expect(totalBytes(firstScreen), report).toBeLessThanOrEqual(FIRST_SCREEN_BUDGET_BYTES);
  });
});
