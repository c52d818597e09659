import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InitSettings, WireDiscountCoupon } from '@portico/core';
import type { WireLeadForm } from '@portico/core/lead-forms/lead-form';
import { DEFAULT_PUBLIC_URL } from '../config/load-company-config.ts';
import { createTestApp, type TestApp } from '../testing/create-test-app.ts';

/**
 * Demo mode's company is the demo company (issue 15: the demo showed another company's plans): the
 * widget's `src/demo/generated/demo-company.ts` is the init answer of a server running
 * config/demo-company.yaml, plus its coupons (which init does not list), with the server's own
 * address taken out so links point at whatever site hosts the demo pages. This test fails when the
 * file is stale; `npm run demo:company` (this test with UPDATE_DEMO_COMPANY=1) writes it.
 */
const FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../widget/src/demo/generated/demo-company.ts');

/** The company's own parts of the settings; the rest (captcha, Google, gateway keys) is demo mode's own. */
const KEYS = [
  'BillingSystem', 'RegistrationEnabled', 'RegistrationUrls', 'EmailList', 'EmailLists', 'PasswordPolicy', 'TermsText', 'TermsLocations',
  'DiscountsExist', 'TaxIdTypes', 'TranslationOverrideLanguages', 'TranslationOverrides', 'PlanFamilies', 'FieldConfiguration', 'Theme', 'CustomCss',
] as const satisfies readonly (keyof InitSettings)[];

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

async function generated(): Promise<string> {
  const init = (await t.request({ method: 'GET', url: '/api/v1/widgets/auth/init' })).json() as InitSettings;
  const settings = Object.fromEntries(KEYS.map((k) => [k, init[k]]));
  const payment = { CallbackUrl: init.PaymentSettings.CallbackUrl, CompanyName: init.PaymentSettings.CompanyName, Currency: init.PaymentSettings.Currency, CurrencySymbol: init.PaymentSettings.CurrencySymbol };
  // The config's coupons are in major units already, as the wire's.
  const coupons: WireDiscountCoupon[] = t.config.coupons.map((c) => ({
    Uid: c.Uid, UniqueIdentifier: c.UniqueIdentifier, Name: c.Name, PercentOff: c.PercentOff ?? null, AmountOff: c.AmountOff ?? null,
    Duration: c.Duration, DurationInMonths: c.DurationInMonths ?? null, RedeemBy: c.RedeemBy ? new Date(c.RedeemBy).toISOString() : null,
    PlanUids: c.PlanUids ?? [], IsActive: c.IsActive ?? true,
  }));
  // Lead forms (issue 18): each as the public read answers it, for demo mode's transport.
  const leadForms = await Promise.all(t.config.leadForms.map(async (f) => (await t.request({ method: 'GET', url: `/api/v1/public/lead-forms/${f.Uid}` })).json() as WireLeadForm));
  // Links of the company's site ('${PUBLIC_URL}/terms.html', the post-login URL) become the demo site's own paths.
  const json = JSON.stringify({ settings, payment, coupons, leadForms }, null, 2).split(DEFAULT_PUBLIC_URL).join('');
  return [
    '// Generated from packages/server/config/demo-company.yaml by packages/server/src/widgets/demo-company.test.ts:',
    '// run `npm run demo:company` after changing the demo company. Do not edit.',
    "import type { InitSettings, WireDiscountCoupon } from '@portico/core';",
    "import type { WireLeadForm } from '@portico/core/lead-forms/lead-form';",
    '',
    `export const DEMO_COMPANY: {\n  settings: Pick<InitSettings, ${KEYS.map((k) => `'${k}'`).join(' | ')}>;\n  payment: Pick<InitSettings['PaymentSettings'], 'CallbackUrl' | 'CompanyName' | 'Currency' | 'CurrencySymbol'>;\n  coupons: WireDiscountCoupon[];\n  leadForms: WireLeadForm[];\n} = ${json};`,
    '',
  ].join('\n');
}

describe('the demo company in demo mode (widget src/demo/generated/demo-company.ts)', () => {
  it('is the demo company the server runs: plans, prices, add-ons, coupons, fields, tax id types, links', async () => {
    const text = await generated();
    if (process.env.UPDATE_DEMO_COMPANY === '1') writeFileSync(FILE, text);
    const checkedIn = (() => { try { return readFileSync(FILE, 'utf8'); } catch { return ''; } })();
    expect(checkedIn, 'The demo company of demo mode is stale: run npm run demo:company and commit the file').toBe(text);
  });
});
