import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { configuredFields } from './configured-fields.ts';
import { addressRule } from './address-rules.ts';
import { validateFields } from './field-rules.ts';
import { emptyAddress, emptyValue, type FieldValues } from './field-values.ts';
import { normalizeForSubmit, toPayload, valuesFromPayload } from './submit-values.ts';
import { ALL_TYPES } from './test-fields.ts';

const fields = configuredFields(ALL_TYPES);
const empty = (): FieldValues => Object.fromEntries(fields.map((f) => [f.path, emptyValue(f)]));
const billing = { AddressLine1: ' 1 Main St ', AddressLine2: '', City: 'Springfield ', State: 'IL', PostalCode: ' 62701', Country: 'us' };

describe('normalizeForSubmit (spec 1 section 5: "On submit, text values are trimmed and checkbox-list values drop unchecked entries")', () => {
  it('trims text and drops unchecked and unknown checkbox-list entries, in option order', () => {
    const out = normalizeForSubmit(fields, {
      ...empty(),
      'Person.FirstName': '  Ada ',
      'Person.FieldValues.Bio': '\n hello \t',
      'Account.FieldValues.Interests': { product: true, web: true, sales: false, ghost: true },
    });
    expect(out['Person.FirstName']).toBe('Ada');
    expect(out['Person.FieldValues.Bio']).toBe('hello');
    expect(out['Account.FieldValues.Interests']).toEqual(['web', 'product']);
  });

  it('"A tax id is sent only when both the id and the type are present. Otherwise TaxIds is removed."', () => {
    expect(normalizeForSubmit(fields, { ...empty(), 'Account.TaxIds': { TaxIdType: 'eu_vat', TaxId: ' DE123 ' } })['Account.TaxIds'])
      .toEqual([{ TaxIdType: 'eu_vat', TaxId: 'DE123' }]);
    for (const half of [{ TaxIdType: 'eu_vat', TaxId: '  ' }, { TaxIdType: '', TaxId: 'DE123' }]) {
      const body = toPayload(normalizeForSubmit(fields, { ...empty(), 'Account.TaxIds': half }));
      expect(body.Account).not.toHaveProperty('TaxIds');
    }
  });

  it('an address marked "same as" sends a trimmed copy of the address it names', () => {
    const out = normalizeForSubmit(fields, { ...empty(), 'Account.BillingAddress': billing, 'Account.MailingAddress': { ...emptyAddress(), City: 'Elsewhere', SameAs: true } });
    const trimmed = { AddressLine1: '1 Main St', AddressLine2: '', City: 'Springfield', State: 'IL', PostalCode: '62701', Country: 'US' };
    expect(out['Account.BillingAddress']).toEqual(trimmed);
    expect(out['Account.MailingAddress']).toEqual(trimmed);
  });

  it('nests values into the body by path', () => {
    const body = toPayload(normalizeForSubmit(fields, { ...empty(), 'Person.Email': 'ada@example.com ', 'Person.FieldValues.Birthday': '1985-06-15' }));
    expect(body).toMatchObject({ Person: { Email: 'ada@example.com', FieldValues: { Birthday: '1985-06-15' } }, Account: { Name: '' } });
  });
});

describe('the server reads a body back with the same rules', () => {
  const text = fc.string({ maxLength: 12 });
  const arbitraryValues = fc.record({
    'Person.Email': text,
    'Person.FirstName': text,
    'Person.FieldValues.MarketingConsent': fc.boolean(),
    'Account.FieldValues.Interests': fc.dictionary(fc.constantFrom('web', 'sales', 'product', 'other'), fc.boolean()),
    'Account.BillingAddress': fc.record({ AddressLine1: text, AddressLine2: text, City: text, State: text, PostalCode: text, Country: fc.constantFrom('', 'US', 'GB', 'ca') }),
    'Account.TaxIds': fc.record({ TaxIdType: fc.constantFrom('', 'eu_vat'), TaxId: text }),
  });

  it('normalize → body → values → normalize changes nothing, and validation agrees on both sides (property)', () => {
    fc.assert(fc.property(arbitraryValues, (partial) => {
      const values = { ...empty(), ...partial };
      const sent = normalizeForSubmit(fields, values);
      const received = valuesFromPayload(fields, JSON.parse(JSON.stringify(toPayload(sent))));
      expect(normalizeForSubmit(fields, received)).toEqual(sent);
      // Trimming never turns a valid form invalid: the server (received) accepts what the widget (values) accepted.
      if (validateFields(fields, values, { Address: addressRule }).length === 0) expect(validateFields(fields, received, { Address: addressRule })).toEqual([]);
    }));
  });
});
