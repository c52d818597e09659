import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InitSettings } from '@portico/core';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const init = async (query = '') => {
  const res = await t.request({ method: 'GET', url: `/api/v1/widgets/auth/init${query}` });
  return { res, body: JSON.parse(res.body) as InitSettings };
};

describe('GET /api/v1/widgets/auth/init (spec "Settings loaded at startup")', () => {
  it('returns the startup settings of both specs for the demo company', async () => {
    const { res, body } = await init();
    expect(res.statusCode).toBe(200);
    expect(body.BillingSystem).toBe('Native');
    expect(body.PasswordPolicy.MinimumLength).toBe(10);
    expect(body.TermsLocations).toBe(3);
    expect(body.DiscountsExist).toBe(true);
    expect(body.PaymentSettings).toMatchObject({ CompanyName: 'Northwind Analytics', Currency: 'USD', CurrencySymbol: '$', TaxEnabled: true });
    expect(body.Theme.cornerShape).toBe('rounded');
    expect(body.EmailList?.Uid).toBe('list-newsletter');
    expect(body.TranslationOverrideLanguages).toEqual(['en']);
    expect(body.StaticConfig).toEqual({ Path: '/config/portico-settings.json', CacheDurationSeconds: 300 });
  });
  it('lists only active plan families with their active plans, money in major units', async () => {
    const { body } = await init();
    expect(body.PlanFamilies.map((f) => f.Uid).sort()).toEqual(['fam-academy', 'fam-analytics']);
    const analytics = body.PlanFamilies.find((f) => f.Uid === 'fam-analytics')!;
    const starter = analytics.Plans.find((p) => p.Uid === 'plan-starter')!;
    expect(starter).toMatchObject({ MonthlyRate: 29, QuarterlyRate: 79, AnnualRate: 290, TrialPeriodDays: 14 });
    expect(starter.PlanAddOns.find((pa) => pa.AddOn.Uid === 'addon-extra-dashboards')?.AddOn.MonthlyRate).toBe(4.5);
    expect(body.PlanFamilies.flatMap((f) => f.Plans).some((p) => p.Uid === 'plan-legacy')).toBe(false);
  });
  it('uses every control type in the field configuration', async () => {
    const { body } = await init();
    const all = [...body.FieldConfiguration.Registration, ...body.FieldConfiguration.Profile, ...body.FieldConfiguration.Account];
    const types = new Set(all.map((e) => e.Definition.ControlType));
    expect([...types].sort()).toEqual(['Address', 'Checkbox', 'CheckboxList', 'Date', 'Email', 'Number', 'RadioList', 'Select', 'TaxIdTypeTaxId', 'Tel', 'Text', 'TextArea']);
    // Input constraints (spec 1 section 5 "Inputs") travel in ControlParams next to the Options.
    const employees = all.find((e) => e.Definition.Uid === 'f-employees')!.Definition;
    expect(JSON.parse(employees.ControlParams!)).toEqual({ Min: 1, Max: 10000 });
    expect(JSON.parse(all.find((e) => e.Definition.Uid === 'f-size')!.Definition.ControlParams!).Options).toHaveLength(4);
  });
  it('sanitizes rich text (terms) before it reaches the widget', async () => {
    const { body } = await init();
    expect(body.TermsText).toContain('rel="noopener noreferrer"');
    expect(body.TermsText).not.toMatch(/<script|onerror/i);
  });
  it('the fields parameter selects what the answer returns', async () => {
    const { body } = await init('?fields=BillingSystem,PlanFamilies.Uid,PlanFamilies.Plans.Name');
    expect(Object.keys(body)).toEqual(['BillingSystem', 'PlanFamilies']);
    expect(Object.keys(body.PlanFamilies[0]!)).toEqual(['Uid', 'Plans']);
    expect(Object.keys(body.PlanFamilies[0]!.Plans[0]!)).toEqual(['Name']);
  });
  it('rejects a malformed fields parameter with 400', async () => {
    const res = await t.request({ method: 'GET', url: '/api/v1/widgets/auth/init?fields=a..b' });
    expect(res.statusCode).toBe(400);
  });
  it('serves the same settings as a cacheable static file with a working ETag', async () => {
    const res = await t.request({ method: 'GET', url: '/config/portico-settings.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const again = await t.request({ method: 'GET', url: '/config/portico-settings.json', headers: { 'if-none-match': String(res.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });
  it('offers only active add-ons to sign-up', async () => {
    expect((await t.admin({ method: 'DELETE', url: '/api/v1/admin/addons/addon-data-retention' })).statusCode).toBe(200);
    const { body } = await init();
    const pro = body.PlanFamilies.flatMap((f) => f.Plans).find((p) => p.Uid === 'plan-pro')!;
    expect(pro.PlanAddOns.map((pa) => pa.AddOn.Uid)).not.toContain('addon-data-retention');
    expect(pro.PlanAddOns.map((pa) => pa.AddOn.Uid)).toContain('addon-priority-support');
  });
  it('reflects an admin change to the catalogue at once', async () => {
    const res = await t.admin({ method: 'PUT', url: '/api/v1/admin/plans/plan-pro', payload: { Name: 'Pro Plus' } });
    expect(res.statusCode).toBe(200);
    const { body } = await init();
    expect(body.PlanFamilies.flatMap((f) => f.Plans).find((p) => p.Uid === 'plan-pro')?.Name).toBe('Pro Plus');
  });
});
