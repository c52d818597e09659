import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { readFileSync } from 'node:fs';
import { ConfigError, DEMO_CONFIG_PATH, loadCompanyConfig, parseCompanyConfig, resolveConfigPlaceholders } from './load-company-config.ts';

const demo = () => YAML.parse(readFileSync(DEMO_CONFIG_PATH, 'utf8'));
const dir = mkdtempSync(path.join(os.tmpdir(), 'portico-config-'));

describe('company configuration (issue 2 item 3)', () => {
  it('the demo company is valid and rich enough to exercise every rule', () => {
    const c = loadCompanyConfig();
    expect(c.planFamilies.length).toBeGreaterThanOrEqual(2);
    expect(c.plans.some((p) => p.MonthlyRate === 0)).toBe(true); // a free plan
    for (const rate of ['MonthlyRate', 'QuarterlyRate', 'AnnualRate', 'OneTimeRate', 'SetupFee'] as const) {
      expect(c.plans.some((p) => (p[rate] ?? 0) > 0), rate).toBe(true);
    }
    expect(c.plans.some((p) => p.IsPerUser && p.MinimumQuantity > 1 && p.MaximumPeople)).toBe(true);
    expect(c.plans.some((p) => p.TrialPeriodDays || p.TrialUntilDate)).toBe(true);
    const types = new Set(c.addOns.map((a) => a.BillingAddOnType));
    expect([...types].sort()).toEqual(['OneTime', 'Recurring', 'Usage']);
    expect(c.addOns.some((a) => a.IsQuantityEditable)).toBe(true);
    expect(c.plans.some((p) => p.PlanAddOns.some((pa) => !pa.IsUserSelectable))).toBe(true);
    const coupons = c.coupons.map((k) => `${k.PercentOff ? 'percent' : 'amount'}-${k.Duration}`);
    for (const kind of ['percent-Once', 'percent-Forever', 'percent-Repeating', 'amount-Once', 'amount-Forever', 'amount-Repeating']) expect(coupons).toContain(kind);
    expect(c.emailLists).toHaveLength(2);
    expect(c.emailLists.some((l) => l.RequiresDoubleOptIn)).toBe(true);
  });

  it('a bad file stops start-up with a message naming each bad key path', () => {
    const raw = demo();
    raw.theme.borderWidth = 9;
    raw.plans[1].MonthlyRate = 'cheap';
    raw.company.siteOrigins = ['http://localhost:3000/some/path'];
    let message = '';
    try { parseCompanyConfig(raw); } catch (err) { message = (err as Error).message; }
    expect(message).toContain('theme.borderWidth');
    expect(message).toContain('plans.1.MonthlyRate');
    expect(message).toContain('company.siteOrigins.0');
  });

  it('checks references between entries once each entry is valid', () => {
    const raw = demo();
    raw.plans[2].PlanFamily.Uid = 'missing-family';
    raw.plans[1].PlanAddOns[0].AddOn.Uid = 'missing-addon';
    raw.fields.profile[0].Field = 'missing-field';
    raw.coupons[1].Uid = raw.coupons[0].Uid;
    let message = '';
    try { parseCompanyConfig(raw); } catch (err) { message = (err as Error).message; }
    expect(message).toContain("plans.2.PlanFamily.Uid: unknown plan family 'missing-family'");
    expect(message).toContain("plans.1.PlanAddOns.0.AddOn.Uid: unknown add-on 'missing-addon'");
    expect(message).toContain("fields.profile.0.Field: unknown field 'missing-field'");
    expect(message).toContain('coupons.1.Uid: duplicate Uid');
  });

  it('field input constraints land in ControlParams; a pattern that does not compile is refused', () => {
    const raw = demo();
    const bio = raw.fields.definitions.find((d: { Uid: string }) => d.Uid === 'f-bio');
    bio.Pattern = '[a-z';
    let message = '';
    try { parseCompanyConfig(raw); } catch (err) { message = (err as Error).message; }
    expect(message).toMatch(/fields\.definitions\.\d+\.Pattern: must be a valid regular expression/);
    bio.Pattern = '[a-z ]+';
    expect(parseCompanyConfig(raw).fields.definitions.find((d) => d.Uid === 'f-bio')).toMatchObject({ MaxLength: 500, Pattern: '[a-z ]+' });
  });

  it('rejects unknown keys, so a typo is not silently ignored', () => {
    const raw = demo();
    raw.theme.accentColour = '#ff0000';
    expect(() => parseCompanyConfig(raw)).toThrow(/theme.*accentColour|Unrecognized key.*accentColour/s);
  });

  it('reads JSON as well as YAML, and names unreadable or unparsable files', () => {
    const json = path.join(dir, 'company.json');
    writeFileSync(json, JSON.stringify({ company: { name: 'Solo' } }));
    const c = loadCompanyConfig(json);
    expect(c.company.currency).toBe('USD');
    expect(c.passwordPolicy.MinimumLength).toBe(8);
    const broken = path.join(dir, 'broken.yaml');
    writeFileSync(broken, 'company: [unclosed');
    expect(() => loadCompanyConfig(broken)).toThrow(ConfigError);
    expect(() => loadCompanyConfig(path.join(dir, 'absent.yaml'))).toThrow(/Cannot read company config/);
  });

  it('an edited YAML file takes effect at the next start, though parsed YAML is cached', () => {
    const file = path.join(dir, 'edited.yaml');
    writeFileSync(file, `company:\n  name: Before ${process.pid}\n`);
    expect(loadCompanyConfig(file).company.name).toBe(`Before ${process.pid}`);
    expect(loadCompanyConfig(file).company.name).toBe(`Before ${process.pid}`); // from the cache
    writeFileSync(file, `company:\n  name: After ${process.pid}\n`);
    expect(loadCompanyConfig(file).company.name).toBe(`After ${process.pid}`);
    // The cache is a copy, never trusted: an invalid file fails however often it was read.
    writeFileSync(file, `company:\n  name: After ${process.pid}\n  unknownKey: 1\n`);
    expect(() => loadCompanyConfig(file)).toThrow(/company.*unknownKey/s);
    expect(() => loadCompanyConfig(file)).toThrow(/company.*unknownKey/s);
  });

  it("the demo company's own links follow the server's public URL: ${PUBLIC_URL} (issue 13 item 3)", () => {
    const at = (c: ReturnType<typeof loadCompanyConfig>) => [
      c.company.websiteUrl, ...c.company.siteOrigins, c.registration.postLoginUrl, c.registration.callbackUrl, c.registration.confirmationUrl,
    ];
    // Without a public URL: the server's default address (PORT 3000).
    expect(at(loadCompanyConfig())).toEqual([
      'http://localhost:3000', 'http://localhost:3000', 'http://localhost:3000/?signed-in=1', 'http://localhost:3000/?processing=1',
      'http://localhost:3000/',
    ]);
    const moved = loadCompanyConfig(DEMO_CONFIG_PATH, { publicUrl: 'http://localhost:3123' });
    expect(at(moved)).toEqual([
      'http://localhost:3123', 'http://localhost:3123', 'http://localhost:3123/?signed-in=1', 'http://localhost:3123/?processing=1',
      'http://localhost:3123/',
    ]);
    const hrefs = [...moved.terms.html!.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
    expect(hrefs).toEqual(['http://localhost:3123/terms.html', 'http://localhost:3123/privacy.html']);
    expect(JSON.stringify(moved)).not.toMatch(/:3000|\$\{/);
    // A public URL with a trailing slash (or a path) gives no double slash.
    expect(loadCompanyConfig(DEMO_CONFIG_PATH, { publicUrl: 'https://demo.example/' }).registration.postLoginUrl).toBe('https://demo.example/?signed-in=1');
  });

  it('${PUBLIC_URL} works in any string of any config file; an unknown ${NAME} is an error naming its key path', () => {
    expect(resolveConfigPlaceholders({ a: ['${PUBLIC_URL}/x', 3, null, { b: 'see ${PUBLIC_URL} and ${PUBLIC_URL}/y' }] }, { publicUrl: 'https://p.example/base/' }))
      .toEqual({ a: ['https://p.example/base/x', 3, null, { b: 'see https://p.example/base and https://p.example/base/y' }] });
    // Text that only looks similar is left alone: lower-case names, a lone $ or braces.
    expect(resolveConfigPlaceholders({ t: '${lower} $5 {x}' }, { publicUrl: 'http://h' })).toEqual({ t: '${lower} $5 {x}' });
    const file = path.join(dir, 'typo.yaml');
    writeFileSync(file, "company:\n  name: Typo\n  websiteUrl: '${PUBLIK_URL}'\n");
    expect(() => loadCompanyConfig(file)).toThrow(/company\.websiteUrl: unknown placeholder \$\{PUBLIK_URL\}/);
  });

  it('zero-decimal currencies refuse fractional amounts', () => {
    const raw = demo();
    raw.company.currency = 'JPY';
    expect(() => parseCompanyConfig(raw)).toThrow(/addOns\.\d+\.\w+Rate: JPY amounts must be whole numbers/);
  });
});
