import { describe, expect, test } from 'vitest';
import { browserPerFile } from './support/browser.ts';
import { serverUrl } from './support/demo-page.ts';
import { recordTransfers, totalBytes } from './support/transferred.ts';

const session = browserPerFile();

// Issue 13 (was 100 KB in issue 6 item 7): a visitor's first screen (a host page with the loader and
// one selectPlan embed) costs at most 91 KB over the wire (90 KB until issue 15: the plan cards now state
// setup fees, minimum quantities and usage add-ons in the order summary's words, about 2 KB of core's
// planExtras, the shared wording and its strings; docs/decisions.md "Free sign-ups and what a plan card says"). A size budget of what Chromium received,
// not a timing. The whole way to a paid sign-up (<= 150 KB) is bench/bundle-size.mjs's and signup.e2e.ts's.
// Issue 16: this server is the development one, which also serves the host page (minimal.html, about 1 KB with
// its headers, against 0.67 KB from the bench's production setup), so the figure here runs about 0.35 KB above
// the production bench's. The 91 KB budget is held where it is defined, in production (bench/bundle-size.mjs:
// 90.84 KB after issue 16's eight screens); this test allows the development server's extra half kilobyte.
const FIRST_SCREEN_BUDGET_BYTES = 91.5 * 1024;

describe('bytes over the wire (measured in Chromium)', () => {
  test('the first screen of a minimal host page transfers at most 91.5 KB from the development server (91 KB in production), every script brotli-compressed', async () => {
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

  test("the first screen's chunks are preloaded by the loader beside chunks/app.js, and each downloads once", async () => {
    const page = await session.context.newPage();
    const transfers = recordTransfers(page);
    await page.goto(new URL('/minimal.html', serverUrl()).href);
    await page.getByRole('region', { name: 'Choose a plan' }).getByRole('heading', { name: 'Starter', level: 3 }).waitFor();
    await transfers.settle();
    const chunks = transfers.of('first screen').map((t) => t.path).filter((p) => p.startsWith('/chunks/'));
    // The loader's modulepreload hints name the selectPlan screen's chunks (not app.js, which it imports itself).
    const preloaded = await page.locator('link[rel="modulepreload"]').evaluateAll((links) => links.map((l) => new URL((l as HTMLLinkElement).href).pathname));
    // Chunks are named by hash (vite.config.ts), so the test says which by what arrived: every chunk the
    // first screen downloaded besides app.js was announced by the loader, so none waited for app.js to ask.
    expect(chunks.filter((c) => c !== '/chunks/app.js' && !preloaded.includes(c)), preloaded.join('\n')).toEqual([]);
    expect(preloaded.length).toBeGreaterThan(0);
    expect(preloaded).not.toContain('/chunks/app.js');
    // A preload the app's own import did not reuse would show as a second download.
    expect(chunks.toSorted(), chunks.join('\n')).toEqual([...new Set(chunks)].toSorted());
    expect(chunks).toEqual(expect.arrayContaining(['/chunks/app.js', ...preloaded]));
  });
});
