import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../errors/error-codes.ts';
import { configuredFields, fieldsToAsk, registrationFields } from './configured-fields.ts';
import { addressRule } from './address-rules.ts';
import { validateField as validateOne, validateFields as validateAll, messageValues, type FieldRuleOptions } from './field-rules.ts';
import { emptyAddress, emptyValue, type FieldValues } from './field-values.ts';
import { ALL_TYPES, entry } from './test-fields.ts';

const fields = configuredFields(ALL_TYPES);
// The address's rule is passed in (as the server and the address control do); the tax id's type and format are tax-ids' tests.
const rules: FieldRuleOptions = { Address: addressRule };
const validateField = (...[field, values]: Parameters<typeof validateOne>) => validateOne(field, values, rules);
const validateFields = (...[list, values]: Parameters<typeof validateAll>) => validateAll(list, values, rules);
const byPath = (path: string) => fields.find((f) => f.path === path)!;
const empty = (): FieldValues => Object.fromEntries(fields.map((f) => [f.path, emptyValue(f)]));
const codes = (values: FieldValues) => validateFields(fields, values).map((e) => [e.Field, e.ErrorCode]);
const filled = (): FieldValues => ({
  ...empty(),
  'Person.Email': 'ada@example.com',
  'Person.FirstName': 'Ada',
  'Person.LastName': 'Lovelace',
  'Account.Name': 'Analytical Engines',
  'Account.BillingAddress': { ...emptyAddress(), AddressLine1: '1 Main St', City: 'Springfield', State: 'IL', PostalCode: '62701', Country: 'US' },
});
const errorOf = (path: string, value: unknown) => validateField(byPath(path), { ...filled(), [path]: value as never })[0]?.ErrorCode;

describe('configured fields', () => {
  it('maps system names to entity properties and other names to FieldValues', () => {
    expect(fields.map((f) => f.path)).toEqual([
      'Person.Email', 'Person.FirstName', 'Person.LastName', 'Person.PhoneMobile', 'Person.FieldValues.Birthday',
      'Person.FieldValues.Bio', 'Person.FieldValues.MarketingConsent', 'Person.FieldValues.Role', 'Account.Name',
      'Account.FieldValues.CompanySize', 'Account.FieldValues.Employees', 'Account.FieldValues.Interests',
      'Account.BillingAddress', 'Account.MailingAddress', 'Account.TaxIds',
    ]);
    expect(byPath('Account.MailingAddress').sameAs).toEqual({ path: 'Account.BillingAddress', label: 'Same as billing address', checkedByDefault: true });
  });

  it('"Read-only fields are not shown": they are neither rendered nor validated', () => {
    const list = configuredFields([entry({ SystemName: 'Title', ControlType: 'Text' }, 'ReadOnly'), entry({ SystemName: 'Email', ControlType: 'Email' }, 'Required')]);
    expect(list.map((f) => f.path)).toEqual(['Person.Email']);
  });

  it('"A default single required field is Email" when registration has no configuration', () => {
    const list = registrationFields([]);
    expect(list.map((f) => [f.path, f.required, f.controlType])).toEqual([['Person.Email', true, 'Email']]);
    expect(validateFields(list, { 'Person.Email': ' ' }).map((e) => e.ErrorCode)).toEqual([ErrorCode.EmailRequired]);
  });

  it('bad ControlParams JSON is ignored rather than breaking the form', () => {
    const [f] = configuredFields([{ ...entry({ SystemName: 'X', ControlType: 'Text' }), Definition: { ...entry({ SystemName: 'X', ControlType: 'Text' }).Definition, ControlParams: '{oops' } }]);
    expect(f!.params).toEqual({ Options: [] });
  });
});

describe('validation rules (spec 1 section 5)', () => {
  it('an empty form lists every required field, in form order, with the email its own code', () => {
    expect(codes(empty())).toEqual([
      ['Person.Email', ErrorCode.EmailRequired],
      ['Person.FirstName', ErrorCode.Required],
      ['Person.LastName', ErrorCode.Required],
      ['Account.Name', ErrorCode.Required],
      ['Account.BillingAddress.AddressLine1', ErrorCode.Required],
      ['Account.BillingAddress.City', ErrorCode.Required],
      ['Account.BillingAddress.Country', ErrorCode.Required],
      ['Account.BillingAddress.PostalCode', ErrorCode.Required],
    ]);
  });

  it('a filled form has no errors; white space alone does not fill a field', () => {
    expect(codes(filled())).toEqual([]);
    expect(errorOf('Person.FirstName', '   ')).toBe(ErrorCode.Required);
  });

  it('email must match the pattern (Errors.InvalidEmail)', () => {
    expect(errorOf('Person.Email', 'ada@example')).toBe(ErrorCode.InvalidEmail);
    expect(errorOf('Person.Email', '  ada@example.com ')).toBeUndefined();
  });

  it('inputs support minlength, maxlength and pattern', () => {
    expect(errorOf('Account.Name', 'A')).toBe(ErrorCode.TooShort);
    expect(errorOf('Account.Name', 'Acme <script>')).toBe(ErrorCode.PatternMismatch);
    expect(errorOf('Person.FieldValues.Bio', 'x'.repeat(21))).toBe(ErrorCode.TooLong);
    expect(errorOf('Person.FieldValues.Bio', '😀'.repeat(20))).toBeUndefined();
    expect(validateField(byPath('Person.FieldValues.Bio'), { 'Person.FieldValues.Bio': 'x'.repeat(21) })[0]!.Message).toBe('Enter at most 20 characters.');
  });

  it('numbers and dates support min and max', () => {
    expect(errorOf('Account.FieldValues.Employees', 'ten')).toBe(ErrorCode.InvalidNumber);
    expect(errorOf('Account.FieldValues.Employees', '0')).toBe(ErrorCode.BelowMinimum);
    expect(errorOf('Account.FieldValues.Employees', '501')).toBe(ErrorCode.AboveMaximum);
    expect(errorOf('Account.FieldValues.Employees', '12')).toBeUndefined();
    expect(errorOf('Person.FieldValues.Birthday', '2001-02-29')).toBe(ErrorCode.InvalidDate);
    expect(errorOf('Person.FieldValues.Birthday', '1899-12-31')).toBe(ErrorCode.BelowMinimum);
    expect(errorOf('Person.FieldValues.Birthday', '2021-01-01')).toBe(ErrorCode.AboveMaximum);
    expect(errorOf('Person.FieldValues.Birthday', '1985-06-15')).toBeUndefined();
    expect(messageValues(byPath('Account.FieldValues.Employees'))).toEqual({ label: 'Employees', min: 1, max: 500 });
  });

  it('phone numbers are sent in E.164', () => {
    expect(errorOf('Person.PhoneMobile', '+12133734253')).toBeUndefined();
    expect(errorOf('Person.PhoneMobile', '213 373 4253')).toBe(ErrorCode.InvalidPhone);
  });

  it('select and radio values must be one of the options', () => {
    expect(errorOf('Account.FieldValues.CompanySize', '11-50')).toBeUndefined();
    expect(errorOf('Account.FieldValues.CompanySize', '5000+')).toBe(ErrorCode.InvalidValue);
    expect(errorOf('Person.FieldValues.Role', 'pilot')).toBe(ErrorCode.InvalidValue);
  });

  it('a required checkbox must be ticked; a required checkbox list needs one known option ticked', () => {
    const [box, list] = configuredFields([
      entry({ SystemName: 'Terms', ControlType: 'Checkbox' }, 'Required'),
      entry({ SystemName: 'Topics', ControlType: 'CheckboxList' }, 'Required', { Options: [{ Value: 'a', Label: 'A' }] }),
    ]);
    expect(validateField(box!, { [box!.path]: false }).map((e) => e.ErrorCode)).toEqual([ErrorCode.Required]);
    expect(validateField(box!, { [box!.path]: true })).toEqual([]);
    expect(validateField(list!, { [list!.path]: { a: false, zzz: true } }).map((e) => e.ErrorCode)).toEqual([ErrorCode.Required]);
    expect(validateField(list!, { [list!.path]: { a: true } })).toEqual([]);
  });
});

describe('addresses', () => {
  const billing = byPath('Account.BillingAddress');
  const address = (parts: Partial<ReturnType<typeof emptyAddress>>) => ({ ...emptyAddress(), AddressLine1: '1 Main St', City: 'Town', PostalCode: '12345', ...parts });
  const errors = (parts: Partial<ReturnType<typeof emptyAddress>>, field = billing) =>
    validateField(field, { ...filled(), [field.path]: address(parts) }).map((e) => e.Field);

  it('"State is also needed when the country is Canada or the United States of America"', () => {
    expect(errors({ Country: 'US' })).toEqual(['Account.BillingAddress.State']);
    expect(errors({ Country: 'CA' })).toEqual(['Account.BillingAddress.State']);
    expect(errors({ Country: 'CA', State: 'ON' })).toEqual([]);
    expect(errors({ Country: 'GB' })).toEqual([]);
    expect(errors({ Country: 'United States of America' })).toEqual(['Account.BillingAddress.State']);
  });

  it('an unknown country is an error on the country', () => {
    expect(validateField(billing, { [billing.path]: address({ Country: 'Atlantis' }) })[0]).toMatchObject({ Field: 'Account.BillingAddress.Country', ErrorCode: ErrorCode.InvalidValue });
  });

  it('an optional address may stay empty, but one that was started must be complete', () => {
    const mailing = { ...byPath('Account.MailingAddress'), sameAs: undefined };
    expect(validateField(mailing, { [mailing.path]: { ...emptyAddress(), Country: 'US' } })).toEqual([]);
    expect(validateField(mailing, { [mailing.path]: { ...emptyAddress(), City: 'Paris' } }).map((e) => e.Field))
      .toEqual(['Account.MailingAddress.AddressLine1', 'Account.MailingAddress.Country', 'Account.MailingAddress.PostalCode']);
  });

  it('an address marked "same as" is not checked itself (its source is)', () => {
    const mailing = byPath('Account.MailingAddress');
    expect(validateField(mailing, { [mailing.path]: { ...emptyAddress(), City: 'x', SameAs: true } })).toEqual([]);
    expect(validateField(mailing, { [mailing.path]: { ...emptyAddress(), City: 'x', SameAs: false } })).not.toEqual([]);
  });

  it('an address is checked by the rule passed in; without one it is an error of the caller, never a pass', () => {
    expect(() => validateOne(billing, { [billing.path]: address({ Country: 'Atlantis' }) })).toThrow(/Account\.BillingAddress is an Address/);
    expect(validateOne(billing, {}, { Address: () => [] })).toEqual([]);
  });

  it('any address with the four parts and a state is valid, whatever the country (property)', () => {
    const text = fc.string({ minLength: 1, maxLength: 20 }).filter((s) => s.trim() !== '');
    const country = fc.constantFrom('US', 'CA', 'GB', 'DE', 'JP', 'us', 'Canada');
    fc.assert(fc.property(text, text, text, text, country, (line1, city, state, postal, c) => {
      expect(validateField(billing, { [billing.path]: { ...emptyAddress(), AddressLine1: line1, City: city, State: state, PostalCode: postal, Country: c } })).toEqual([]);
    }));
  });
});

describe('tax ids', () => {
  it('optional: half a tax id is not an error (it is simply not sent)', () => {
    expect(errorOf('Account.TaxIds', { TaxIdType: 'eu_vat', TaxId: '' })).toBeUndefined();
  });

  it('required: both parts are needed, errors on the wire paths of the TaxIds list', () => {
    const [tax] = configuredFields([entry({ EntityType: 'Account', SystemName: 'TaxId', ControlType: 'TaxIdTypeTaxId' }, 'Required')]);
    expect(validateField(tax!, {}).map((e) => e.Field)).toEqual(['Account.TaxIds.0.TaxIdType', 'Account.TaxIds.0.TaxId']);
  });
});

describe('unknown control types', () => {
  it('are skipped, even when required, so a field the widget cannot render never blocks the form', () => {
    const [odd] = configuredFields([entry({ SystemName: 'Signature', ControlType: 'Signature' as never }, 'Required')]);
    expect(validateField(odd!, {})).toEqual([]);
  });
});

describe('RequiredWhenPaymentDue (issue 15)', () => {
  const entries = [
    entry({ SystemName: 'Email', ControlType: 'Email' }, 'SystemRequired'),
    entry({ EntityType: 'Account', SystemName: 'BillingAddress', ControlType: 'Address' }, 'RequiredWhenPaymentDue'),
    entry({ EntityType: 'Account', SystemName: 'MailingAddress', ControlType: 'Address' }, 'Required'),
  ];
  const address = { ...emptyAddress(), AddressLine1: '1 Main St', City: 'Springfield', State: 'IL', PostalCode: '62701', Country: 'US' };

  it('is required when payment is due, optional otherwise; the spec\'s Required stays required either way', () => {
    const due = registrationFields(entries, { paymentDue: true });
    const free = registrationFields(entries, { paymentDue: false });
    const unknown = configuredFields(entries);
    expect(due.map((f) => [f.path, f.required])).toEqual([['Person.Email', true], ['Account.BillingAddress', true], ['Account.MailingAddress', true]]);
    expect(free.map((f) => [f.path, f.required])).toEqual([['Person.Email', true], ['Account.BillingAddress', false], ['Account.MailingAddress', true]]);
    expect(unknown.find((f) => f.path === 'Account.BillingAddress')!.required).toBe(false);
    const values = { 'Person.Email': 'ada@example.com', 'Account.BillingAddress': emptyAddress(), 'Account.MailingAddress': address };
    expect(validateFields(due, values).some((e) => e.Field.startsWith('Account.BillingAddress'))).toBe(true);
    expect(validateFields(free, values)).toEqual([]);
    // Sent anyway when nothing is due, an address is still checked.
    expect(validateFields(free, { ...values, 'Account.BillingAddress': { ...address, PostalCode: '' } }).map((e) => e.Field)).toEqual(['Account.BillingAddress.PostalCode']);
  });

  it('a sign-up with nothing due does not ask for it at all (fieldsToAsk); with payment due it does', () => {
    expect(fieldsToAsk(registrationFields(entries, { paymentDue: false }), false).map((f) => f.path)).toEqual(['Person.Email', 'Account.MailingAddress']);
    expect(fieldsToAsk(registrationFields(entries, { paymentDue: true }), true).map((f) => f.path)).toEqual(['Person.Email', 'Account.BillingAddress', 'Account.MailingAddress']);
  });
});
