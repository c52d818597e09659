import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@portico/core';
import { configuredFields, emptyAddress, emptyValue, type FieldValues } from '@portico/core/fields/index';
import { addressRule } from '@portico/core/fields/address-rules';
import { ALL_TYPES } from '@portico/core/fields/test-fields';
import { firstFocusPath, toDisplayError } from './form-display.ts';
import { formReducer, hasValue, initialFormState, placeProblem, shownErrors as shownWith, toFormProblem, valueAtPath, type FormAction, type FormState } from './form-state.ts';

const fields = configuredFields(ALL_TYPES);
// The address control's rule, as address-field.tsx provides it to the forms (forms/control-rules.ts).
const shownErrors = (...[state, list, extra]: Parameters<typeof shownWith>) => shownWith(state, list, extra, { Address: addressRule });
const start = (): FormState => initialFormState(Object.fromEntries(fields.map((f) => [f.path, emptyValue(f)])) as FieldValues);
const run = (...actions: FormAction[]) => actions.reduce(formReducer, start());
const paths = (state: FormState) => shownErrors(state, fields).map((s) => s.path);
const known = [...fields.map((f) => f.path), 'Account.BillingAddress.City', 'Account.TaxIds.0.TaxId', 'Password'];
const problem = (fieldErrors: { Field: string; ErrorCode: string; Message: string }[], code: string = ErrorCode.ValidationFailed) => ({ code, fieldErrors });

describe('which errors show (spec 1 section 5: "Forms validate on each change")', () => {
  it('nothing shows on a fresh form; an input left with a wrong value shows its own error; a submit shows all, in form order', () => {
    expect(paths(start())).toEqual([]);
    expect(paths(run({ type: 'change', path: 'Person.Email', value: 'ada@' }, { type: 'touch', path: 'Person.Email' }))).toEqual(['Person.Email']);
    expect(paths(run({ type: 'submit' }))).toEqual([
      'Person.Email', 'Person.FirstName', 'Person.LastName', 'Account.Name',
      'Account.BillingAddress.AddressLine1', 'Account.BillingAddress.City', 'Account.BillingAddress.Country', 'Account.BillingAddress.PostalCode',
    ]);
  });

  it('issue 15: an untouched field turns red only once it was left with something wrong, or after a submit attempt', () => {
    // Typing alone shows nothing yet: the person has not left the field.
    const typing = run({ type: 'change', path: 'Person.Email', value: 'ada@' });
    expect(paths(typing)).toEqual([]);
    // Tabbing through empty fields (a blur with nothing typed) says nothing until a submit.
    const tabbedThrough = run({ type: 'touch', path: 'Person.Email' }, { type: 'touch', path: 'Person.FirstName' }, { type: 'touch', path: 'Account.BillingAddress.City' });
    expect(paths(tabbedThrough)).toEqual([]);
    expect(tabbedThrough.touched).toEqual([]);
    // Left with a wrong value: its error shows, and only its own.
    const left = formReducer(typing, { type: 'touch', path: 'Person.Email' });
    expect(shownErrors(left, fields).map((s) => [s.path, s.error.ErrorCode])).toEqual([['Person.Email', ErrorCode.InvalidEmail]]);
    // From then on each change re-validates it: emptied, it says it is required.
    expect(shownErrors(formReducer(left, { type: 'change', path: 'Person.Email', value: '' }), fields)[0]!.error.ErrorCode).toBe(ErrorCode.EmailRequired);
    // A part of an address counts by its own value: a city typed and left is checked, an untouched postal code is not.
    const address = run({ type: 'change', path: 'Account.BillingAddress', value: { ...emptyAddress(), City: 'S' } },
      { type: 'touch', path: 'Account.BillingAddress.City' }, { type: 'touch', path: 'Account.BillingAddress.PostalCode' });
    expect(address.touched).toEqual(['Account.BillingAddress.City']);
    // After a submit attempt every error shows, tabbed-through or not.
    expect(paths(formReducer(tabbedThrough, { type: 'submit' }))).toContain('Person.FirstName');
  });

  it('valueAtPath reads the value one input edits, hasValue says whether anything is in it', () => {
    const values = { 'Account.BillingAddress': { ...emptyAddress(), City: 'Springfield' }, 'Account.TaxIds': { TaxIdType: 'eu_vat', TaxId: '' }, 'Person.Email': ' ' } as FieldValues;
    expect(valueAtPath(values, 'Account.BillingAddress.City')).toBe('Springfield');
    expect(valueAtPath(values, 'Account.TaxIds.0.TaxIdType')).toBe('eu_vat');
    expect(hasValue(valueAtPath(values, 'Account.TaxIds.0.TaxId'))).toBe(false);
    expect(hasValue(valueAtPath(values, 'Person.Email'))).toBe(false);
    expect(hasValue(valueAtPath(values, 'Account.BillingAddress'))).toBe(true);
    expect(valueAtPath(values, 'Person.Unknown')).toBeUndefined();
    expect([hasValue(true), hasValue(false), hasValue({ a: false }), hasValue(0)]).toEqual([true, false, false, true]);
  });

  it('each change re-validates: fixing a value removes its error at once, breaking it brings one back', () => {
    const touched = run({ type: 'submit' }, { type: 'change', path: 'Person.Email', value: 'ada@' });
    expect(shownErrors(touched, fields)[0]!.error.ErrorCode).toBe(ErrorCode.InvalidEmail);
    const fixed = formReducer(touched, { type: 'change', path: 'Person.Email', value: 'ada@example.com' });
    expect(paths(fixed)).not.toContain('Person.Email');
  });

  it('a US address without a state shows the state error on the state input', () => {
    const state = run({ type: 'submit' }, {
      type: 'change', path: 'Account.BillingAddress',
      value: { ...emptyAddress(), AddressLine1: '1 Main St', City: 'Springfield', PostalCode: '62701', Country: 'US' },
    });
    expect(paths(state).filter((p) => p.startsWith('Account.BillingAddress'))).toEqual(['Account.BillingAddress.State']);
  });

  it("a screen's own rules show after the fields", () => {
    const state = run({ type: 'submit' });
    const shown = shownErrors(state, fields, [{ Field: 'Password', ErrorCode: ErrorCode.PasswordsDoNotMatch, Message: 'x' }]);
    expect(shown.at(-1)).toMatchObject({ path: 'Password', field: undefined });
  });
});

describe("the server's FieldErrors", () => {
  it('go on the field they name, or the field they lie under; unknown ones go to the error list', () => {
    const placed = placeProblem(problem([
      { Field: 'Person.Email', ErrorCode: ErrorCode.Duplicate, Message: 'taken' },
      { Field: 'Account.TaxIds.0.TaxIdType', ErrorCode: ErrorCode.InvalidValue, Message: 'type' },
      { Field: 'Account.BillingAddress.City', ErrorCode: ErrorCode.InvalidValue, Message: 'city' },
      { Field: 'Subscriptions.0.Plan', ErrorCode: ErrorCode.PlanNotAvailable, Message: 'plan' },
    ]), known);
    expect(Object.keys(placed.onFields)).toEqual(['Person.Email', 'Account.TaxIds', 'Account.BillingAddress.City']);
    expect(placed.general.map((e) => e.ErrorCode)).toEqual([ErrorCode.PlanNotAvailable]);
  });

  it('a problem naming no field is one entry in the error list', () => {
    expect(placeProblem(problem([], ErrorCode.SystemError), known).general).toEqual([{ Field: '', ErrorCode: ErrorCode.SystemError, Message: '' }]);
  });

  it('win over local errors on the same input until that field changes', () => {
    const state = run({ type: 'submit' }, { type: 'problem', knownPaths: known, problem: problem([{ Field: 'Person.Email', ErrorCode: ErrorCode.Duplicate, Message: 'taken' }]) });
    const email = shownErrors(state, fields).find((s) => s.path === 'Person.Email')!;
    expect(email).toMatchObject({ fromServer: true, error: { ErrorCode: ErrorCode.Duplicate } });
    const changed = formReducer(state, { type: 'change', path: 'Person.Email', value: 'new@example.com' });
    expect(paths(changed)).not.toContain('Person.Email');
    // Another field's change leaves it in place.
    expect(shownErrors(formReducer(state, { type: 'change', path: 'Person.FirstName', value: 'A' }), fields)[0]!.error.ErrorCode).toBe(ErrorCode.Duplicate);
  });

  it('a check beside the form (merge) adds to the last answer; dismiss removes codes that no longer hold (spec 1 section 8)', () => {
    const answered = run({ type: 'submit' }, { type: 'problem', knownPaths: known, problem: problem([
      { Field: 'Account.Name', ErrorCode: ErrorCode.TooShort, Message: 'short' },
      { Field: 'Subscriptions.0.Plan', ErrorCode: ErrorCode.Duplicate, Message: 'an account already uses this email' },
    ]) });
    const checked = formReducer(answered, { type: 'problem', merge: true, knownPaths: known, problem: problem([{ Field: 'Person.Email', ErrorCode: ErrorCode.Duplicate, Message: 'taken' }]) });
    expect(Object.keys(checked.serverErrors)).toEqual(['Account.Name', 'Person.Email']);
    const cleared = formReducer(checked, { type: 'dismiss', codes: [ErrorCode.Duplicate, 'Errors.Email.required'] });
    expect(Object.keys(cleared.serverErrors)).toEqual(['Account.Name']);
    expect(cleared.generalErrors).toEqual([]);
  });

  it('a new submit clears the previous answer', () => {
    const state = run({ type: 'problem', knownPaths: known, problem: problem([], ErrorCode.SystemError) }, { type: 'submit' });
    expect(state.generalErrors).toEqual([]);
    expect(state.busy).toBe(true);
  });
});

describe('toFormProblem', () => {
  it("reads the API client's ApiProblem and the wire ErrorBody alike", () => {
    const fe = [{ Field: 'Person.Email', ErrorCode: ErrorCode.Duplicate, Message: 'taken' }];
    expect(toFormProblem({ code: ErrorCode.Duplicate, message: 'm', fieldErrors: fe }, true)).toEqual({ code: ErrorCode.Duplicate, message: 'm', fieldErrors: fe });
    expect(toFormProblem({ Status: 409, ErrorCode: ErrorCode.Duplicate, Message: 'm', FieldErrors: fe }, false)).toEqual({ code: ErrorCode.Duplicate, message: 'm', fieldErrors: fe });
  });

  it('a plain success value is no problem; anything else thrown is a system error', () => {
    expect(toFormProblem({ Uid: 'acct_1' }, false)).toBeNull();
    expect(toFormProblem(undefined, false)).toBeNull();
    expect(toFormProblem(new TypeError('boom'), true)).toEqual({ code: ErrorCode.SystemError, fieldErrors: [] });
  });
});

describe('display and focus', () => {
  it('bound rules name the bound from the field config; the list names the field', () => {
    const state = run({ type: 'submit' }, { type: 'change', path: 'Account.Name', value: 'A' });
    const name = shownErrors(state, fields).find((s) => s.path === 'Account.Name')!;
    expect(toDisplayError(name)).toEqual({ code: 'forms.rules.TooShort', values: expect.objectContaining({ minLength: 2, label: 'Name' }), message: 'Enter at least 2 characters.', field: 'Name' });
    const city = shownErrors(state, fields).find((s) => s.path === 'Account.BillingAddress.City')!;
    expect(toDisplayError(city, 'Billing address: City')).toEqual({ code: ErrorCode.Required, message: 'This field is required.', field: 'Billing address: City' });
  });

  it('a server bound error without a configured bound keeps the server message', () => {
    const shown = { path: 'Person.FirstName', fromServer: true, field: fields[1], error: { Field: 'Person.FirstName', ErrorCode: ErrorCode.TooLong, Message: 'At most 100.' } };
    expect(toDisplayError(shown)).toMatchObject({ code: ErrorCode.TooLong, message: 'At most 100.' });
  });

  it('focus goes to the first error whose input is registered, or the nearest registered input above it', () => {
    const shown = shownErrors(run({ type: 'submit' }), fields);
    expect(firstFocusPath(shown, ['Person.FirstName', 'Person.Email'])).toBe('Person.Email');
    expect(firstFocusPath(shown.slice(4), ['Account.BillingAddress'])).toBe('Account.BillingAddress');
    expect(firstFocusPath(shown, [])).toBeUndefined();
  });
});
