import { describe, expect, it } from 'vitest';
import { phoneForDisplay } from '../../components/phone-display.ts';
import { formatMediumDate } from '../../i18n/format-date.ts';
import type { WireFieldConfigurationEntry } from '@portico/core';
import { addressLines, displayValue, sameAddress } from './field-display.ts';

const yesNo = { yes: 'Yes', no: 'No' };
const def = (SystemName: string, ControlType: WireFieldConfigurationEntry['Definition']['ControlType'], extra: Partial<WireFieldConfigurationEntry['Definition']> = {}): WireFieldConfigurationEntry => ({
  Behavior: 'Editable', Group: null, Definition: { Uid: SystemName, EntityType: 'Account', SystemName, Label: SystemName, ControlType, ControlParams: null, ...extra },
});
const a = { Uid: 'a1', AddressLine1: '1 Main St', AddressLine2: null, City: 'Springfield', State: 'IL', PostalCode: '62701', Country: 'US' };

describe('field display', () => {
  it("addresses read 'City, State  PostalCode' (two spaces)", () => {
    expect(addressLines(a)).toEqual(['1 Main St', 'Springfield, IL  62701', 'US']);
    expect(sameAddress(a, { ...a, Uid: 'a2' })).toBe(true);
    expect(sameAddress(a, { ...a, City: 'Shelbyville' })).toBe(false);
    expect(sameAddress(null, null)).toBe(false);
  });

  it("the second address reads 'Same as' the one its definition names when equal", () => {
    const mailing = def('MailingAddress', 'Address', { SameAsObject: 'BillingAddress' });
    expect(displayValue(mailing, { Account: { BillingAddress: a, MailingAddress: { ...a, Uid: 'x' } } }, yesNo)).toEqual({ kind: 'sameAs', label: 'BillingAddress' });
    expect(displayValue(mailing, { Account: { BillingAddress: a, MailingAddress: { ...a, PostalCode: '1' } } }, yesNo).kind).toBe('address');
    expect(displayValue(mailing, { Account: {} }, yesNo)).toEqual({ kind: 'empty' });
  });

  it('choices show their labels; tax ids both parts; checkboxes yes/no', () => {
    const options = JSON.stringify({ Options: [{ Value: 'web', Label: 'Website' }, { Value: 'sales', Label: 'Sales' }] });
    expect(displayValue(def('Interests', 'CheckboxList', { ControlParams: options }), { Account: { FieldValues: { Interests: ['sales', 'web'] } } }, yesNo)).toEqual({ kind: 'text', text: 'Sales, Website' });
    const types = [{ Code: 'us_ein', Name: 'US EIN' }, { Code: 'eu_vat', Name: 'EU VAT number' }];
    // Issue 15: the type by its name from the settings, not '(us_ein)'.
    expect(displayValue(def('TaxId', 'TaxIdTypeTaxId'), { Account: { TaxIds: [{ TaxIdType: 'us_ein', TaxId: '12-3' }] } }, yesNo, undefined, types)).toEqual({ kind: 'text', text: '12-3 (US EIN)' });
    expect(displayValue(def('Ok', 'Checkbox'), { Account: { FieldValues: { Ok: true } } }, yesNo)).toEqual({ kind: 'text', text: 'Yes' });
  });

  it('dates in medium style and phone numbers in international format, through the view\'s formatters (issue 15)', () => {
    const format = { date: (v: string) => formatMediumDate(v, 'en-US'), phone: phoneForDisplay };
    expect(displayValue(def('Birthday', 'Date'), { Account: { FieldValues: { Birthday: '1990-02-03' } } }, yesNo, format)).toEqual({ kind: 'text', text: 'Feb 3, 1990' });
    expect(displayValue(def('PhoneWork', 'Tel', { EntityType: 'Person' }), { Person: { PhoneWork: '+14155552671' } }, yesNo, format)).toEqual({ kind: 'text', text: '+1 415 555 2671' });
    expect(displayValue(def('PhoneWork', 'Tel', { EntityType: 'Person' }), { Person: { PhoneWork: '' } }, yesNo, format)).toEqual({ kind: 'empty' });
  });
});
