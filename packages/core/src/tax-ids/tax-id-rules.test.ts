import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../errors/error-codes.ts';
import { configuredFields } from '../fields/configured-fields.ts';
import { validateFields } from '../fields/field-rules.ts';
import { TAX_ID_TYPES, taxIdText, taxIdTypeName } from '../geo/tax-id-types.ts';
import { CHECKED_TAX_ID_TYPES, checkTaxIdFormat } from './tax-id-formats.ts';
import { taxIdErrors, taxIdRule } from './tax-id-rules.ts';

/** Published sample numbers (valid check digits) and one near miss per type (issue 15: tax ids are checked by their type's format). */
const SAMPLES: Record<string, { valid: string[]; invalid: string[] }> = {
  eu_vat: { valid: ['DE136695976', 'FR40303265045', 'EL094259216', 'NL004495445B01', 'IE6388047V', 'de 136 695 976', 'XI980780684'], invalid: ['DE136695977', '136695976', 'US136695976', '123'] },
  gb_vat: { valid: ['GB980780684', '980 7806 84'], invalid: ['GB980780685', 'GB98078068'] },
  us_ein: { valid: ['94-1234567', '12-3456789'], invalid: ['00-1234567', '1234'] },
  ca_bn: { valid: ['123456782'], invalid: ['123456789'] },
  ca_gst_hst: { valid: ['123456782RT0001'], invalid: ['123456789RT0001'] },
  au_abn: { valid: ['51 824 753 556'], invalid: ['51 824 753 557'] },
  nz_gst: { valid: ['49-091-850'], invalid: ['49-091-851'] },
  ch_vat: { valid: ['CHE-107.787.577 MWST'], invalid: ['CHE-107.787.578 MWST'] },
  no_vat: { valid: ['NO 995 525 828 MVA'], invalid: ['NO 995 525 829 MVA'] },
  in_gst: { valid: ['27AAPFU0939F1ZV'], invalid: ['27AAPFU0939F1ZW'] },
  jp_cn: { valid: ['5-8356-7825-6246'], invalid: ['5-8356-7825-6247'] },
  sg_gst: { valid: ['M12345678X'], invalid: ['12'] },
  za_vat: { valid: ['4012345675'], invalid: ['5012345675'] },
  br_cnpj: { valid: ['16.727.230/0001-97'], invalid: ['16.727.230/0001-98'] },
  mx_rfc: { valid: ['GODE561231GR8'], invalid: ['GODE561331GR8'] },
  ae_trn: { valid: ['123456789012345'], invalid: ['12345678901234'] },
};

describe('tax id formats (stdnum)', () => {
  it('every type of the default list has a format check and samples here', () => {
    expect(TAX_ID_TYPES.map((t) => t.Code).sort()).toEqual([...CHECKED_TAX_ID_TYPES].sort());
    expect(Object.keys(SAMPLES).sort()).toEqual([...CHECKED_TAX_ID_TYPES].sort());
  });

  for (const [code, { valid, invalid }] of Object.entries(SAMPLES)) {
    it(`${code}: accepts ${valid.join(', ')}; refuses ${invalid.join(', ')}`, () => {
      for (const v of valid) expect([v, checkTaxIdFormat(code, v)]).toEqual([v, true]);
      for (const v of invalid) expect([v, checkTaxIdFormat(code, v)]).toEqual([v, false]);
    });
  }

  it('a type with no known format is accepted as typed', () => {
    expect(checkTaxIdFormat('xx_custom', 'anything')).toBe(true);
  });
});

describe('tax id rules', () => {
  const types = [{ Code: 'eu_vat', Name: 'EU VAT number' }, { Code: 'us_ein', Name: 'US EIN' }];

  it('a type the company does not offer is refused on the type; a bad number on the number, naming the type', () => {
    expect(taxIdErrors('Account.TaxIds', { TaxIdType: 'au_abn', TaxId: '51 824 753 556' }, { types, checkFormat: checkTaxIdFormat }))
      .toEqual([expect.objectContaining({ Field: 'Account.TaxIds.0.TaxIdType', ErrorCode: ErrorCode.InvalidValue })]);
    expect(taxIdErrors('Account.TaxIds', { TaxIdType: 'eu_vat', TaxId: 'DE123' }, { types, checkFormat: checkTaxIdFormat }))
      .toEqual([{ Field: 'Account.TaxIds.0.TaxId', ErrorCode: ErrorCode.InvalidTaxId, Message: 'Enter a valid EU VAT number.' }]);
    expect(taxIdErrors('Account.TaxIds', { TaxIdType: 'eu_vat', TaxId: 'DE136695976' }, { types, checkFormat: checkTaxIdFormat })).toEqual([]);
    // Half-filled: not this rule's business; formats not loaded yet: only the type.
    expect(taxIdErrors('Account.TaxIds', { TaxIdType: 'eu_vat', TaxId: '' }, { types, checkFormat: checkTaxIdFormat })).toEqual([]);
    expect(taxIdErrors('Account.TaxIds', { TaxIdType: 'eu_vat', TaxId: 'DE123' }, { types })).toEqual([]);
  });

  it('validateFields runs them (taxIdRule) for a TaxIdTypeTaxId field, required or not', () => {
    const fields = configuredFields([{ Behavior: 'Editable', Group: null, Definition: { Uid: 't', EntityType: 'Account', SystemName: 'TaxId', Label: 'Tax ID', ControlType: 'TaxIdTypeTaxId', ControlParams: null } }]);
    const values = { 'Account.TaxIds': { TaxIdType: 'us_ein', TaxId: '00-1234567' } };
    expect(validateFields(fields, values)).toEqual([]);
    expect(validateFields(fields, values, { TaxIdTypeTaxId: taxIdRule({ types, checkFormat: checkTaxIdFormat }) }).map((e) => e.Field)).toEqual(['Account.TaxIds.0.TaxId']);
  });

  it("a tax id is shown with its type's name, not its code", () => {
    expect(taxIdTypeName('eu_vat', types)).toBe('EU VAT number');
    expect(taxIdText({ TaxIdType: 'eu_vat', TaxId: 'DE136695976' }, types)).toBe('DE136695976 (EU VAT number)');
    expect(taxIdText({ TaxIdType: 'zz', TaxId: '1' }, types)).toBe('1 (zz)');
    expect(taxIdText({ TaxIdType: null, TaxId: null }, types)).toBe('');
  });
});
