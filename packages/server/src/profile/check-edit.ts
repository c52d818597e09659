import { ErrorCode, type FieldError } from '@portico/core';
import { getAtPath, normalizeForSubmit, toPayload, validateFields, valuesFromPayload, type ConfiguredField, type FieldRuleOptions } from '@portico/core/fields/index';
import { fieldError, validationError } from '../http/app-error.ts';
import { sameValue } from './profile.mappers.ts';

/** Whether a sent value has the shape its control sends (a list for a checkbox list, text for a text input...). */
function fitsControl(controlType: string, v: unknown): boolean {
  switch (controlType) {
    case 'Checkbox': return typeof v === 'boolean';
    case 'CheckboxList': case 'TaxIdTypeTaxId': return Array.isArray(v);
    case 'Address': return typeof v === 'object' && !Array.isArray(v);
    default: return typeof v === 'string' || typeof v === 'number';
  }
}

export const READ_ONLY_MESSAGE = 'This field can not be changed.';

/**
 * An edit of a person or an account checked like a registration (core's field rules on the
 * editable configured fields), after merging it over what is stored, so a property the body
 * leaves out keeps its value. A property the person may not change (read-only, not configured,
 * or a Google-linked email) is refused when its value differs from the stored one; sent unchanged
 * it is accepted, so a client may send back what it read. All errors come back in one 400.
 * Returns the normalized values of the editable fields, as `toPayload` nests them. `rules`: the control rules
 * (fields/field-rule-options.ts; an address field needs one).
 */
export function checkEdit(
  entity: 'Person' | 'Account', fields: readonly ConfiguredField[], stored: Record<string, unknown>, body: Record<string, unknown>,
  rules: FieldRuleOptions,
): Record<string, unknown> {
  const editable = new Set(fields.map((f) => f.path));
  const errors: FieldError[] = [];
  const refuse = (path: string) => errors.push(fieldError(path, ErrorCode.InvalidValue, READ_ONLY_MESSAGE));
  const storedValues = (stored.FieldValues ?? {}) as Record<string, unknown>;
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined) continue;
    if (key === 'FieldValues') {
      for (const [name, v] of Object.entries(value as Record<string, unknown>)) {
        const path = `${entity}.FieldValues.${name}`;
        if (!editable.has(path) && !sameValue(v, storedValues[name])) refuse(path);
      }
    } else if (!editable.has(`${entity}.${key}`) && !sameValue(value, stored[key])) {
      refuse(`${entity}.${key}`);
    }
  }
  for (const field of fields) {
    const raw = getAtPath({ [entity]: body }, field.path);
    if (raw !== undefined && raw !== null && !fitsControl(field.controlType, raw)) {
      errors.push(fieldError(field.path, ErrorCode.InvalidValue, 'This value does not fit the field.'));
    }
  }
  const merged = {
    [entity]: { ...stored, ...body, FieldValues: { ...storedValues, ...((body.FieldValues ?? {}) as Record<string, unknown>) } },
  };
  const values = valuesFromPayload(fields, merged);
  errors.push(...validateFields(fields, values, rules));
  if (errors.length) throw validationError(errors, errors.length === 1 ? errors[0]!.ErrorCode : ErrorCode.ValidationFailed);
  return (toPayload(normalizeForSubmit(fields, values))[entity] ?? {}) as Record<string, unknown>;
}
