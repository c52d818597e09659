import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';
import { loadCompanyConfig } from '../config/load-company-config.ts';
import { companyConfigSchema } from '../config/company-config.schema.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const get = (url: string, headers: Record<string, string> = {}) => t.request({ method: 'GET', url, headers });

describe('enums (spec 1 section 7 "Other")', () => {
  it('lists every country ordered by Name with limit -1, in the list shape', async () => {
    const res = await get('/api/v1/enums/countries?limit=-1&orderBy=Name');
    expect(res.statusCode).toBe(200);
    const body = res.json() as { metadata: { limit: number; offset: number; total: number }; items: { Code: string; Name: string }[] };
    expect(body.metadata).toEqual({ limit: -1, offset: 0, total: 250 });
    expect(body.items).toHaveLength(250);
    expect(body.items[0]).toEqual({ Code: 'AF', Name: 'Afghanistan', StateRequired: false });
    const names = body.items.map((c) => c.Name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(body.items.find((c) => c.Code === 'US')).toEqual({ Code: 'US', Name: 'United States', StateRequired: true });
  });

  it('pages and selects fields like every list route', async () => {
    const res = await get('/api/v1/enums/currencies?limit=2&offset=1&orderBy=Code&fields=Code');
    expect(res.json()).toEqual({ metadata: { limit: 2, offset: 1, total: expect.any(Number) }, items: [{ Code: 'AFN' }, { Code: 'ALL' }] });
    const yen = (await get('/api/v1/enums/currencies?limit=-1')).json().items.find((c: { Code: string }) => c.Code === 'JPY');
    expect(yen).toEqual({ Code: 'JPY', Name: 'Japanese Yen', Symbol: '¥', DecimalDigits: 0 });
    expect((await get('/api/v1/enums/countries?limit=-2')).statusCode).toBe(400);
    expect((await get('/api/v1/enums/countries?orderBy=Population')).statusCode).toBe(400);
  });

  it('serves the configured tax id types', async () => {
    const res = await get('/api/v1/billing/tax/tax-id-types?limit=-1');
    expect(res.json().items).toEqual([
      { Code: 'gb_vat', Name: 'UK VAT number' }, { Code: 'eu_vat', Name: 'EU VAT number' }, { Code: 'us_ein', Name: 'US EIN' },
    ].sort((a, b) => a.Name.localeCompare(b.Name, 'en')));
  });

  it('serves the three lists as one static file, cacheable and revalidated by ETag', async () => {
    const res = await get('/config/enums.json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(`public, max-age=${t.config.staticConfigCacheSeconds}`);
    const file = res.json();
    expect(file.Countries).toHaveLength(250);
    expect(file.Currencies.find((c: { Code: string }) => c.Code === 'EUR')).toMatchObject({ Name: 'Euro', Symbol: '€' });
    expect(file.TaxIdTypes.map((x: { Code: string }) => x.Code)).toEqual(['eu_vat', 'gb_vat', 'us_ein']);
    const again = await get('/config/enums.json', { 'if-none-match': res.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});

describe('a company without tax id types', () => {
  it('offers the default list', async () => {
    const config = companyConfigSchema.parse({ ...loadCompanyConfig(), billing: { ...loadCompanyConfig().billing, taxIdTypes: [] } });
    const other = await createTestApp({ config, database: t.database });
    try {
      const items = (await other.request({ method: 'GET', url: '/api/v1/billing/tax/tax-id-types?limit=-1&orderBy=Code' })).json().items;
      expect(items.map((x: { Code: string }) => x.Code)).toContain('au_abn');
    } finally {
      await other.app.close();
    }
  });
});
