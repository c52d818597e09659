import { describe, expect, it } from 'vitest';
import { ConfigError, loadCompanyConfig, parseCompanyConfig } from '../config/load-company-config.ts';

/** The company config's `leadForms` (docs/lead-forms.md "The config shape"): a bad form stops start-up with its key path. */
describe('lead forms in the company config', () => {
  const base = () => structuredClone(loadCompanyConfig()) as unknown as Record<string, unknown> & { leadForms: Record<string, unknown>[] };
  const problem = (leadForms: unknown[]) => {
    try {
      parseCompanyConfig({ ...base(), leadForms }, 'test');
      return '';
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      return (err as Error).message;
    }
  };
  const form = { Uid: 'f', Name: 'F', Title: 'F', Fields: [{ SystemName: 'Email', Required: true }] };

  it('the demo company\'s two forms load', () => {
    expect(loadCompanyConfig().leadForms.map((f) => f.Uid)).toEqual(['newsletter', 'book-demo']);
  });

  it('names each bad key path: an unknown list, a missing Email, an unknown field, a hidden field without a default, a duplicate Uid, a javascript: redirect', () => {
    expect(problem([{ ...form, EmailListUid: 'no-such-list' }])).toMatch(/leadForms\.0\.EmailListUid.*unknown email list/s);
    expect(problem([{ ...form, Fields: [{ SystemName: 'FirstName' }] }])).toMatch(/leadForms\.0\.Fields.*needs an Email field/s);
    expect(problem([{ ...form, Fields: [...form.Fields, { SystemName: 'ShoeSize' }] }])).toMatch(/leadForms\.0\.Fields\.1\.SystemName/);
    expect(problem([{ ...form, Fields: [...form.Fields, { SystemName: 'LastName', Hidden: true }] }])).toMatch(/leadForms\.0\.Fields\.1\.DefaultValue/);
    expect(problem([form, form])).toMatch(/leadForms\.1\.Uid.*duplicate/s);
    expect(problem([{ ...form, PostSubmission: { Action: 'redirect', Url: 'javascript:alert(1)' } }])).toMatch(/leadForms\.0\.PostSubmission\.Url/);
    expect(problem([form])).toBe('');
  });
});
