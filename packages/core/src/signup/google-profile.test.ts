import { describe, expect, it } from 'vitest';
import { addressRule } from '../fields/address-rules.ts';
import { configuredFields, registrationFields } from '../fields/configured-fields.ts';
import { ALL_TYPES, entry } from '../fields/test-fields.ts';
import { googleProfileToRegistration } from './google-profile.ts';

const ada = { email: 'ada@example.com', email_verified: true, given_name: 'Ada', family_name: 'Lovelace', picture: 'https://lh3/x' };
const nameAndEmail = configuredFields([
  entry({ SystemName: 'Email', ControlType: 'Email' }, 'SystemRequired'),
  entry({ SystemName: 'FirstName', ControlType: 'Text' }, 'Required'),
  entry({ SystemName: 'LastName', ControlType: 'Text' }, 'Required'),
  entry({ SystemName: 'PhoneMobile', ControlType: 'Tel' }),
]);

describe('googleProfileToRegistration (spec 1 section 4: "Google sign-in with full valid data submits automatically")', () => {
  it('fills email and names and is complete when every required field is then valid', () => {
    const r = googleProfileToRegistration(ada, nameAndEmail);
    expect(r.values).toEqual({ 'Person.Email': 'ada@example.com', 'Person.FirstName': 'Ada', 'Person.LastName': 'Lovelace', 'Person.PhoneMobile': '' });
    expect(r).toMatchObject({ complete: true, missing: [] });
  });

  it('is complete for the default single Email field', () => {
    expect(googleProfileToRegistration(ada, registrationFields([]))).toMatchObject({ complete: true, values: { 'Person.Email': 'ada@example.com' } });
  });

  it('is not complete while a required field Google cannot fill is empty, and names it', () => {
    const r = googleProfileToRegistration(ada, configuredFields(ALL_TYPES), {}, { Address: addressRule });
    expect(r.complete).toBe(false);
    expect(r.missing).toEqual(['Account.Name', 'Account.BillingAddress']);
    expect(r.values['Person.FirstName']).toBe('Ada');
  });

  it('keeps what the visitor already typed for fields Google does not fill', () => {
    const fields = [...nameAndEmail, ...configuredFields([entry({ EntityType: 'Account', SystemName: 'Name', ControlType: 'Text' }, 'Required')])];
    const r = googleProfileToRegistration(ada, fields, { 'Account.Name': 'Analytical Engines', 'Person.Email': 'typed@example.com' });
    expect(r.values['Account.Name']).toBe('Analytical Engines');
    expect(r.values['Person.Email']).toBe('ada@example.com');
    expect(r.complete).toBe(true);
  });

  it('is never complete with an unverified or missing email, or without a family name a field requires', () => {
    expect(googleProfileToRegistration({ ...ada, email_verified: false }, nameAndEmail).complete).toBe(false);
    expect(googleProfileToRegistration({ ...ada, email: undefined }, nameAndEmail).complete).toBe(false);
    const noFamily = googleProfileToRegistration({ email: 'cher@example.com', email_verified: true, name: 'Cher' }, nameAndEmail);
    expect(noFamily).toMatchObject({ complete: false, missing: ['Person.LastName'], values: { 'Person.FirstName': 'Cher' } });
  });
});
