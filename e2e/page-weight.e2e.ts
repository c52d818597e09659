import { describe, expect, test } from 'vitest';
import { browserPerFile } from './support/browser.ts';
import { serverUrl } from './support/demo-page.ts';
import { recordTransfers, totalBytes } from './support/transferred.ts';
import { serverPerFile } from './support/signup.ts';
import { apiCalls } from './support/api-calls.ts';

const session = browserPerFile();
// The chat's weight is measured with an operator online (the live panel), so on a server of this file's own with an admin key.
const CHAT_ADMIN_KEY = 'e2e-page-weight-admin-key-0123456789';
const chatServer = serverPerFile({ PORTICO_ADMIN_KEY: CHAT_ADMIN_KEY });
const chatApi = apiCalls(() => chatServer.url, CHAT_ADMIN_KEY);
/** Issue 19: after the panel opens, what the chat itself downloads (app.js aside, which every widget needs). */
const CHAT_BUDGET_BYTES = 40 * 1024;

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

  test("the Chat button costs nothing before it is opened (no chunk, socket or storage of the chat); then the chat's own bytes are at most 40 KB", async () => {
    expect((await chatApi('POST', '/api/v1/admin/operators', { admin: true, body: { Email: 'weight@northwind.example', Name: 'Wey', Role: 'agent', Password: 'Correct Horse Battery 42!' } })).status).toBe(201);
    expect((await chatApi('PUT', '/api/v1/admin/chat/presence', { admin: true, body: { Operator: 'weight@northwind.example', Online: true } })).status).toBe(200);
    const page = await session.context.newPage();
    // The smallest host page (the loader and a selectPlan embed, which this test does not count) with a Chat button added.
    const host = new URL('/minimal.html', chatServer.url).href;
    const transfers = recordTransfers(page);
    const sockets: string[] = [];
    page.on('websocket', (ws) => sockets.push(ws.url()));
    await page.goto(host);
    await page.waitForFunction(() => 'Portico' in window);
    await page.evaluate(() => document.querySelector('main')!.insertAdjacentHTML('beforeend', '<button type="button" data-portico-popup="chat">Chat</button>'));
    await page.getByRole('region', { name: 'Choose a plan' }).waitFor();
    await transfers.settle();
    // Nothing of the chat: no chunk of it, no socket, nothing stored.
    const before = transfers.of('first screen').map((t) => t.path);
    expect(before.filter((p) => /chat|socket|support/.test(p)), before.join('\n')).toEqual([]);
    expect(sockets).toEqual([]);
    expect(await page.evaluate(() => Object.keys(localStorage).length + Object.keys(sessionStorage).length)).toBe(0);

    transfers.step = 'chat opened';
    await page.getByRole('button', { name: 'Chat' }).click();
    await page.getByRole('dialog').getByRole('textbox', { name: 'Type your message...' }).waitFor();
    await page.getByRole('dialog').getByRole('heading', { level: 2, name: 'Hi there 👋' }).waitFor();
    await transfers.settle();
    const opened = transfers.of('chat opened');
    const report = opened.map((t) => `${t.transferredBytes} ${t.contentEncoding} ${t.path}`).join('\n');
    expect(sockets.map((u) => new URL(u).pathname)).toEqual(['/api/v1/chat/hub/']);
    const paths = opened.map((t) => t.path);
    expect(paths, report).toEqual(expect.arrayContaining(['/chunks/chat.js', '/chunks/chat-socket.js', '/api/v1/support/settings']));
    expect(paths.filter((p) => p === '/chunks/chat-demo.js'), report).toEqual([]);
    // app.js came with the page's embed; anything else is what opening the chat cost (the popup frame included).
    const chatOwn = opened.filter((t) => t.path !== '/chunks/app.js');
    expect(chatOwn.filter((t) => t.type === 'script' && t.contentEncoding !== 'br' && t.bodyBytes > 1024), report).toEqual([]);
    console.log(`[page-weight] chat after opening: ${totalBytes(chatOwn)} bytes beside app.js (${totalBytes(opened)} with it)\n${report}`);
    expect(totalBytes(chatOwn), report).toBeLessThanOrEqual(CHAT_BUDGET_BYTES);
    await page.close();
  });
});
