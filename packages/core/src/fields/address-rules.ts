import { ErrorCode, type FieldError } from '../errors/error-codes.ts';
import { fieldRuleMessages } from '../errors/field-messages.ts';
import { findCountryCode, isStateRequired } from '../geo/countries.ts';
import type { ControlRule } from './field-rules.ts';
import { asAddress, type AddressValue } from './field-values.ts';
import { joinPath } from './field-paths.ts';

const TEXT_PARTS = ['AddressLine1', 'AddressLine2', 'City', 'State', 'PostalCode'] as const;

/** Nothing typed (the country alone does not count: a select may preset it). */
export function isAddressEmpty(a: AddressValue): boolean {
  return TEXT_PARTS.every((p) => a[p].trim() === '');
}

/**
 * Spec 1 section 5: an address needs line 1, city, country and postal code,
 * and a state when the country is Canada or the United States of America.
 * An optional address left empty is fine; one that was started must be whole.
 */
export function validateAddress(path: string, a: AddressValue, required: boolean): FieldError[] {
  if (!required && isAddressEmpty(a)) return [];
  const errors: FieldError[] = [];
  const need = (part: keyof AddressValue, ok: boolean) => {
    if (!ok) errors.push({ Field: joinPath(path, part), ErrorCode: ErrorCode.Required, Message: fieldRuleMessages[ErrorCode.Required] });
  };
  need('AddressLine1', a.AddressLine1.trim() !== '');
  need('City', a.City.trim() !== '');
  if (a.Country.trim() === '') need('Country', false);
  else if (!findCountryCode(a.Country)) errors.push({ Field: joinPath(path, 'Country'), ErrorCode: ErrorCode.InvalidValue, Message: 'Choose a country from the list.' });
  need('State', !isStateRequired(a.Country) || a.State.trim() !== '');
  need('PostalCode', a.PostalCode.trim() !== '');
  return errors;
}

/**
 * The Address control's rule for core's field rules (FieldRuleOptions.Address): the address, unless it is a
 * copy of another ('Same as billing address'), which is checked there. Passed in by the server and by the
 * widget's address control (components/fields/address-field.tsx), so a form without an address does not
 * carry the country list.
 */
export const addressRule: ControlRule = (field, values) => {
  const address = asAddress(values[field.path]);
  if (field.sameAs && address.SameAs) return [];
  return validateAddress(field.path, address, field.required);
};
