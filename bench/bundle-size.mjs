// bundle-size: the bytes a visitor's browser receives for the widget, measured in Chromium
// against the built server (run scripts/build.mjs first; run.mjs runs this with tsx).
// Next to each file: its raw size, gzip -9 and brotli sizes, so the transfer can be explained.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { ROOT, writeResult } from './lib/common.mjs';
import { launchBrowser, newContext } from '../e2e/support/browser.ts';
import { startServer } from '../e2e/support/server.ts';
import { recordTransfers } from '../e2e/support/transferred.ts';
import { acceptTerms, fillPerson } from '../e2e/support/signup.ts';

const DIST = path.join(ROOT, 'packages/widget/dist');
const GOAL_LOADER = 12 * 1024;
const GOAL_FIRST = 100 * 1024;
const KB = (bytes) => Number((bytes / 1024).toFixed(2));
const sum = (xs, key) => xs.reduce((s, x) => s + x[key], 0);

/** Raw, gzip -9 and brotli (max quality) sizes of a served widget file, or null for API answers and pages. */
function fileSizes(pathname) {
  const file = path.join(DIST, pathname);
  if (!pathname.endsWith('.js') || !existsSync(file)) return null;
  const buf = readFileSync(file);
  return {
    rawBytes: buf.length,
    gzipBytes: gzipSync(buf, { level: 9 }).length,
    brotliBytes: brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

function totals(transfers) {
  const rows = transfers.map((t) => ({ ...t, ...fileSizes(t.path) }));
  const js = rows.filter((r) => r.type === 'script' || r.path.endsWith('.js'));
  return {
    transferredBytes: sum(rows, 'transferredBytes'),
    transferredKB: KB(sum(rows, 'transferredBytes')),
    jsTransferredKB: KB(sum(js, 'transferredBytes')),
    jsRawKB: KB(js.reduce((s, r) => s + (r.rawBytes ?? 0), 0)),
    jsGzipKB: KB(js.reduce((s, r) => s + (r.gzipBytes ?? 0), 0)),
    jsBrotliKB: KB(js.reduce((s, r) => s + (r.brotliBytes ?? 0), 0)),
    responses: rows,
  };
}

const plansRegion = (page) => page.getByRole('region', { name: 'Choose a plan' }).first();

/** A fresh browser context (empty cache): the page until selectPlan shows its plans, then the way to checkout, then a repeat visit. */
async function visit(browser, url, { checkout }) {
  const context = await newContext(browser);
  const page = await context.newPage();
  const rec = recordTransfers(page);
  await page.goto(url);
  await plansRegion(page).getByRole('heading', { name: 'Starter', level: 3 }).waitFor();
  await rec.settle();
  const result = { firstScreen: totals(rec.of('first screen')) };
  if (checkout) {
    rec.step = 'checkout';
    await plansRegion(page).getByRole('button', { name: 'Choose Pro' }).click();
    // The sign-up flow asks who you are before the checkout (register, then checkout).
    const register = page.getByRole('region', { name: 'Sign up' }).first();
    await fillPerson(register, { email: `bundle.${Date.now()}@example.com` });
    await acceptTerms(register);
    await register.getByRole('button', { name: 'Continue to checkout' }).click();
    const region = page.getByRole('region', { name: 'Checkout' }).first();
    await region.getByRole('heading', { name: 'Checkout', level: 2 }).waitFor();
    await region.getByRole('region', { name: 'Order summary' }).getByRole('row', { name: /^Total due today / }).waitFor();
    await rec.settle();
    result.wayToCheckout = totals(rec.of('checkout'));
  }
  // The same visitor comes back: cached files and 304 answers should make this small.
  rec.step = 'repeat';
  await page.goto(url);
  await plansRegion(page).getByRole('heading', { name: 'Starter', level: 3 }).waitFor();
  await rec.settle();
  result.repeatVisit = totals(rec.of('repeat'));
  await context.close();
  return result;
}

/** Reference measured in the same run: React 19 + react-dom hello world, minified ESM, gzip -9. */
async function reactFloorGzip() {
  const out = await build({
    stdin: {
      contents: "import { createRoot } from 'react-dom/client'; import { jsx } from 'react/jsx-runtime'; createRoot(document.body).render(jsx('p', { children: 'hello' }));",
      resolveDir: path.join(ROOT, 'packages/widget'),
      loader: 'js',
    },
    bundle: true, minify: true, format: 'esm', target: 'es2022', write: false, logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  return gzipSync(Buffer.from(out.outputFiles[0].contents), { level: 9 }).length;
}

const server = await startServer();
const browser = await launchBrowser();
let minimal, demo;
try {
  minimal = await visit(browser, `${server.url}/minimal.html`, { checkout: true });
  demo = await visit(browser, `${server.url}/`, { checkout: false });
} finally {
  await browser.close();
  await server.stop();
}
const loader = minimal.firstScreen.responses.find((r) => r.path === '/portico.js');
const floor = await reactFloorGzip();
const first = minimal.firstScreen.transferredBytes;
const chunksAt = (t) => t.responses.filter((r) => r.path.startsWith('/chunks/')).map((r) => r.path);

const result = writeResult('bundle-size', {
  alsoRequired: loader.transferredBytes <= GOAL_LOADER,
  goal: { text: 'first screen of a minimal host page (loader + one selectPlan embed) ≤ 100 KB transferred in Chromium; loader ≤ 12 KB transferred', metric: 'firstScreenTransferredKB', op: '<=', value: 100, unit: 'KB' },
  actual: KB(first),
  figures: {
    loaderTransferredKB: KB(loader.transferredBytes),
    loaderRawKB: KB(loader.rawBytes),
    loaderGzipKB: KB(loader.gzipBytes),
    loaderBrotliKB: KB(loader.brotliBytes),
    loaderContentEncoding: loader.contentEncoding,
    loaderPass: loader.transferredBytes <= GOAL_LOADER,
    firstScreenTransferredKB: KB(first),
    firstScreenTransferredBytes: first,
    firstScreenPass: first <= GOAL_FIRST,
    firstScreenJsTransferredKB: minimal.firstScreen.jsTransferredKB,
    firstScreenJsRawKB: minimal.firstScreen.jsRawKB,
    firstScreenJsGzipKB: minimal.firstScreen.jsGzipKB,
    firstScreenJsBrotliKB: minimal.firstScreen.jsBrotliKB,
    wayToCheckoutTransferredKB: minimal.wayToCheckout.transferredKB,
    wayToCheckoutJsTransferredKB: minimal.wayToCheckout.jsTransferredKB,
    wayToCheckoutJsRawKB: minimal.wayToCheckout.jsRawKB,
    wayToCheckoutJsGzipKB: minimal.wayToCheckout.jsGzipKB,
    wayToCheckoutChunks: chunksAt(minimal.wayToCheckout),
    firstScreenPlusCheckoutTransferredKB: KB(first + minimal.wayToCheckout.transferredBytes),
    repeatVisitTransferredKB: minimal.repeatVisit.transferredKB,
    demoPageFirstScreenTransferredKB: demo.firstScreen.transferredKB,
    demoPageJsTransferredKB: demo.firstScreen.jsTransferredKB,
    demoPageJsRawKB: demo.firstScreen.jsRawKB,
    demoPageJsGzipKB: demo.firstScreen.jsGzipKB,
    demoPageRepeatVisitTransferredKB: demo.repeatVisit.transferredKB,
    reactFloorGzipKB: KB(floor),
    minimalHostPage: minimal,
    demoPage: { firstScreen: demo.firstScreen, repeatVisit: demo.repeatVisit },
  },
  method: 'The built server (packages/server/dist/main.mjs, fresh data folder) and Debian Chromium driven by playwright-core, desktop viewport, a fresh browser context (empty cache) per page. transferredBytes of a response = request.sizes().responseHeadersSize + responseBodySize, i.e. what came over the wire (compressed when the server compressed it). Minimal host page = packages/widget/demo/minimal.html (the loader + one data-portico-embed="selectPlan"). First screen = every response that finished from navigation until the selectPlan embed shows the "Starter" plan heading and the network is idle (no request for 500 ms): the page, the loader, every chunk, the settings and API answers. Way to checkout = every response after clicking "Choose Pro", through the register form (filled, terms accepted, "Continue to checkout"), until the order summary of the checkout shows "Total due today" and the network is idle (the sign-up and checkout chunks, the email check, validation and charge-summary answers; no card, no payment: register-interactive measures the whole paid sign-up). Repeat visit = the same page loaded again in the same context (HTTP cache warm). Demo page = / (every demo embed), first screen and repeat visit only. Loader = the /portico.js response of the minimal page. rawBytes/gzipBytes/brotliBytes = the file in packages/widget/dist, uncompressed, zlib gzip level 9 and brotli quality 11, for reference. reactFloorGzipKB: react + react-dom/client hello world bundled and minified by esbuild in the same run, gzip -9.',
});
console.log(JSON.stringify({ name: 'bundle-size', pass: result.pass, firstScreenTransferredKB: KB(first) }));
