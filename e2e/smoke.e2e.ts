import { describe, expect, test } from 'vitest';
import { serverUrl } from './support/demo-page.ts';

// The run's server (support/global-setup.ts) was spawned from the built bundle with an empty data
// folder just before the tests: a fresh start. Its start-up time is measured by bench/, not asserted here.
const server = { url: serverUrl() };

describe('smoke: a fresh server', () => {
  test('answers GET /api/v1/widgets/auth/init with the demo company settings', async () => {
    const res = await fetch(`${server.url}/api/v1/widgets/auth/init`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    const body = (await res.json()) as { BillingSystem?: string; PlanFamilies?: { Plans: { Name: string }[] }[] };
    expect(body.BillingSystem).toBeTruthy();
    const names = (body.PlanFamilies ?? []).flatMap((f) => f.Plans.map((p) => p.Name));
    expect(names).toEqual(expect.arrayContaining(['Free', 'Starter', 'Pro', 'Team']));
  });

  test('serves the demo page, the loader and the app chunk', async () => {
    const page = await fetch(`${server.url}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(await page.text()).toContain('/portico.js');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");

    const loader = await fetch(`${server.url}/portico.js`);
    expect(loader.status).toBe(200);
    expect(loader.headers.get('content-type')).toMatch(/javascript/);
    const app = await fetch(`${server.url}/chunks/app.js`);
    expect(app.status).toBe(200);

    const health = await fetch(`${server.url}/healthz`);
    expect(((await health.json()) as { status: string }).status).toBe('ok');
  });
});
