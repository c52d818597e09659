import { describe, expect, test } from 'vitest';
import { browserPerFile } from './support/browser.ts';
import { serverUrl } from './support/demo-page.ts';

const session = browserPerFile();

/** A host page of its own (served through the browser's router on the server's origin) with one loader attribute set. */
const hostPage = (loaderAttributes: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title>
<script src="/portico.js" ${loaderAttributes} defer></script></head>
<body><main><h1>Host page</h1><div id="plans" data-portico-embed="selectPlan"></div></main></body></html>`;

async function loadHost(loaderAttributes: string) {
  const page = await session.context.newPage();
  const requests: string[] = [];
  page.on('request', (r) => requests.push(new URL(r.url()).pathname));
  await page.route('**/host-under-test.html', (route) => route.fulfill({ contentType: 'text/html', body: hostPage(loaderAttributes) }));
  await page.goto(new URL('/host-under-test.html', serverUrl()).href);
  await page.locator('#plans').getByRole('heading', { name: 'Choose a plan', level: 2 }).waitFor();
  await page.locator('#plans').getByRole('heading', { name: 'Starter', level: 3 }).waitFor();
  return requests;
}

describe('startup settings source (spec: "A static JSON config is tried first when a cache duration is set")', () => {
  test('with data-settings-cache the widget reads the cacheable static settings file and makes no init call', async () => {
    const requests = await loadHost('data-settings-cache="300"');
    expect(requests).toContain('/config/portico-settings.json');
    expect(requests).not.toContain('/api/v1/widgets/auth/init');
  });
  test('without it the widget calls GET /api/v1/widgets/auth/init', async () => {
    const requests = await loadHost('');
    expect(requests).toContain('/api/v1/widgets/auth/init');
    expect(requests).not.toContain('/config/portico-settings.json');
  });
});
