import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { Challenge, Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { chromium } from 'playwright-core';
import { browserPerFile, CHROMIUM_ARGS, CHROMIUM_PATH, newContext } from './support/browser.ts';
import { serverUrl } from './support/demo-page.ts';

const session = browserPerFile();

/** Every securitypolicyviolation (shadow roots included, they bubble composed) and every CSP console message. */
async function watchCsp(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => w.__csp.push(`${e.effectiveDirective} ${e.blockedURI}`), true);
  });
  const consoleCsp: string[] = [];
  page.on('console', (m) => { if (/content.security.policy/i.test(m.text())) consoleCsp.push(m.text()); });
  return { consoleCsp, violations: () => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp) };
}

/**
 * A host page that embeds the internal gallery (whose captcha sample mounts the sign-up captcha).
 * `pageOrigin` other than the server's makes it a cross-origin embed, as on a customer's site.
 */
async function hostPage(page: Page, pageOrigin: string, policy: string) {
  const server = serverUrl();
  const script = pageOrigin === server ? '/portico.js' : `${server}/portico.js`;
  await page.route(`${pageOrigin}/e2e-captcha-host.js`, (route) => route.fulfill({
    status: 200, headers: { 'content-type': 'text/javascript' },
    body: "window.Portico.embed(document.getElementById('gallery'), '__controls');",
  }));
  await page.route(`${pageOrigin}/e2e-captcha-host.html`, (route) => route.fulfill({
    status: 200,
    headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': policy },
    body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Captcha host</title>
<script src="${script}" defer></script><script src="/e2e-captcha-host.js" defer></script></head>
<body><main><h1>Captcha host</h1><div id="gallery"></div></main></body></html>`,
  }));
  await page.goto(`${pageOrigin}/e2e-captcha-host.html`);
}

/** What the server will check, recomputed here: the token's solution is a real proof of work for its challenge. */
async function expectSolved(token: string) {
  const { challenge, solution } = JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as { challenge: Challenge; solution: Solution };
  expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
  const password = Buffer.concat([Buffer.from(challenge.parameters.nonce, 'hex'), Buffer.alloc(4)]);
  password.writeUInt32BE(solution.counter, password.length - 4);
  const { derivedKey } = await deriveKey(challenge.parameters, Buffer.from(challenge.parameters.salt, 'hex'), password);
  expect(Buffer.from(derivedKey).toString('hex')).toBe(solution.derivedKey);
  expect(solution.derivedKey.startsWith(challenge.parameters.keyPrefix)).toBe(true);
}

async function solveOnPage(page: Page) {
  const gallery = page.locator('#gallery').getByRole('region', { name: 'Form controls' });
  await gallery.getByRole('button', { name: 'Show the captcha' }).click();
  const started = Date.now();
  const captcha = gallery.getByRole('group', { name: 'Spam protection' });
  await captcha.getByRole('status').filter({ hasText: 'Checked: you are a person.' }).waitFor({ timeout: 30_000 });
  const ms = Date.now() - started;
  const token = await gallery.locator('[data-captcha-token]').getAttribute('data-captcha-token');
  expect(token).toBeTruthy();
  return { gallery, token: token!, ms };
}

describe('ALTCHA captcha in Chromium', () => {
  test('is solved in a Web Worker on a same-origin page under a strict CSP, with no violation', async () => {
    const page = await session.context.newPage();
    const csp = await watchCsp(page);
    const workers: string[] = [];
    page.on('worker', (w) => workers.push(w.url()));
    await hostPage(page, serverUrl(),
      "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; font-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'");
    const { gallery, token, ms } = await solveOnPage(page);
    console.info(`ALTCHA solved in a worker in ${ms} ms`);
    await expectSolved(token);
    expect(workers.some((u) => /\/chunks\/altcha-worker-[\w-]+\.js$/.test(u))).toBe(true);

    // A new token on request (after a refused submit): another challenge, solved again.
    await gallery.getByRole('button', { name: 'Make a new token' }).click();
    await expect.poll(() => gallery.locator('[data-captcha-token]').getAttribute('data-captcha-token'), { timeout: 30_000 })
      .not.toBe(token);
    await gallery.getByRole('status').filter({ hasText: 'Checked: you are a person.' }).waitFor({ timeout: 30_000 });
    await expectSolved((await gallery.locator('[data-captcha-token]').getAttribute('data-captcha-token'))!);

    expect(await csp.violations()).toEqual([]);
    expect(csp.consoleCsp).toEqual([]);
  });

  test('falls back to the main thread on a host page of another origin (no worker can start there)', async () => {
    // The host page is fulfilled by the test, so Chromium counts it as public and would ask before it
    // reaches the loopback server (Local Network Access); a customer's site reaching a public Portico is not asked.
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, '--disable-features=LocalNetworkAccessChecks'], headless: true });
    try {
      const page = await (await newContext(browser)).newPage();
      const csp = await watchCsp(page);
      const workers: string[] = [];
      page.on('worker', (w) => workers.push(w.url()));
      const server = serverUrl();
      const otherOrigin = server.replace('127.0.0.1', 'localhost');
      await hostPage(page, otherOrigin,
        `default-src 'none'; script-src 'self' ${server}; style-src 'self'; connect-src ${server}; img-src 'self' data:; base-uri 'none'; form-action 'none'`);
      const { token, ms } = await solveOnPage(page);
      console.info(`ALTCHA solved on the main thread in ${ms} ms`);
      await expectSolved(token);
      expect(workers).toEqual([]);
      expect(await csp.violations()).toEqual([]);
      expect(csp.consoleCsp).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  test('reCAPTCHA (a stand-in script: Google is not reachable here) renders into a light-DOM slot projected into the widget', async () => {
    const page = await session.context.newPage();
    const csp = await watchCsp(page);
    // The company switched to reCAPTCHA: the startup settings say so.
    for (const path of ['**/api/v1/widgets/auth/init*', '**/config/portico-settings.json']) {
      await page.route(path, async (route) => {
        const settings = await (await route.fetch()).json();
        await route.fulfill({ json: { ...settings, CaptchaProvider: 'recaptcha', PaymentSettings: { ...settings.PaymentSettings, CaptchaSiteKey: 'site-key-1' } } });
      });
    }
    const rendered: string[] = [];
    await page.exposeFunction('__renderedWith', (siteKey: string) => rendered.push(siteKey));
    await page.route('https://www.google.com/recaptcha/api.js?render=explicit', (route) => route.fulfill({
      status: 200, headers: { 'content-type': 'text/javascript' },
      body: `window.grecaptcha = {
        ready: (cb) => setTimeout(cb, 0),
        render(el, params) {
          window.__renderedWith(params.sitekey);
          const b = document.createElement('button');
          b.type = 'button'; b.textContent = "I'm not a robot";
          b.addEventListener('click', () => params.callback('recaptcha-token-1'));
          el.appendChild(b);
          return 7;
        },
        reset() {},
      };`,
    }));
    await hostPage(page, serverUrl(),
      "default-src 'none'; script-src 'self' https://www.google.com; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'");
    const gallery = page.locator('#gallery').getByRole('region', { name: 'Form controls' });
    await gallery.getByRole('button', { name: 'Show the captcha' }).click();
    // Playwright scopes locators by the DOM tree, where slotted content is not below the slot: find it on the page.
    const robot = page.getByRole('button', { name: "I'm not a robot" });
    await robot.waitFor();
    // Projected: it is drawn inside the widget's captcha box, not at the end of the host element.
    const box = (await gallery.getByRole('group', { name: 'Spam protection' }).boundingBox())!;
    const at = (await robot.boundingBox())!;
    expect(at.y >= box.y && at.y + at.height <= box.y + box.height && at.x >= box.x).toBe(true);
    await robot.click();
    await expect.poll(() => gallery.locator('[data-captcha-token]').getAttribute('data-captcha-token')).toBe('recaptcha-token-1');
    expect(rendered).toEqual(['site-key-1']);
    // The button lives in the host page's DOM, a child of the widget's shadow host, shown through a named slot.
    expect(await robot.evaluate((b) => {
      const container = b.parentElement!;
      return { inShadow: b.getRootNode() instanceof ShadowRoot, slotted: container.assignedSlot !== null, hostChild: container.parentElement?.shadowRoot !== null };
    })).toEqual({ inShadow: false, slotted: true, hostChild: true });
    expect(await csp.violations()).toEqual([]);
  });
});
