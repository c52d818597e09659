import { describe, expect, it } from 'vitest';
import { COUNTRIES, countriesByName, countryByCode, countryCode, isStateRequired } from './countries.ts';
import { TAX_ID_TYPES, taxIdTypesOrDefault } from './tax-id-types.ts';

describe('countries (spec 1 section 7 "Other")', () => {
  it('holds every ISO 3166-1 country once, in the order a picker lists them (English names)', () => {
    const codes = COUNTRIES.map((c) => c.Code);
    expect(codes.length).toBe(250);
    expect(new Set(codes).size).toBe(codes.length);
    const byName = new Intl.Collator('en');
    expect([...COUNTRIES].sort((x, y) => byName.compare(x.Name, y.Name))).toEqual(COUNTRIES);
    expect(countriesByName()).toEqual(COUNTRIES);
    expect(COUNTRIES.slice(0, 3).map((c) => c.Name)).toEqual(['Afghanistan', 'Åland Islands', 'Albania']);
    expect(codes.every((c) => /^[A-Z]{2}$/.test(c))).toBe(true);
    expect(countryByCode('de')?.Name).toBe('Germany');
  });

  it('"A country lookup by Code or by Name returns Code, defaulting to US"', () => {
    expect(countryCode('CA')).toBe('CA');
    expect(countryCode('canada')).toBe('CA');
    expect(countryCode('United Kingdom')).toBe('GB');
    expect(countryCode('United States of America')).toBe('US');
    expect(countryCode('Atlantis')).toBe('US');
    expect(countryCode('')).toBe('US');
    expect(countryCode(null)).toBe('US');
  });

  it('a state is required for Canada and the United States of America only', () => {
    expect(COUNTRIES.filter((c) => c.StateRequired).map((c) => c.Code)).toEqual(['CA', 'US']);
    expect(isStateRequired('Canada')).toBe(true);
    expect(isStateRequired('mx')).toBe(false);
    expect(isStateRequired('Atlantis')).toBe(false);
  });
});

describe('tax id types', () => {
  it('the configured list wins; the static list is the fallback', () => {
    expect(taxIdTypesOrDefault([{ Code: 'eu_vat', Name: 'VAT' }])).toEqual([{ Code: 'eu_vat', Name: 'VAT' }]);
    expect(taxIdTypesOrDefault([])).toBe(TAX_ID_TYPES);
    expect(TAX_ID_TYPES.map((t) => t.Code)).toEqual(expect.arrayContaining(['eu_vat', 'gb_vat', 'us_ein', 'au_abn', 'ca_bn']));
  });
});
