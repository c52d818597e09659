import { ErrorCode, type FieldError } from '../errors/error-codes.ts';
import { fieldRuleMessages, type FieldRuleCode } from '../errors/field-messages.ts';
import { isValidEmail } from '../validation/email.ts';
import { compilePattern, type ControlParams } from './control-params.ts';
import { isKnownControlType, type ConfiguredField } from './configured-fields.ts';
import { joinPath } from './field-paths.ts';
import { asCheckboxList, asTaxId, asText, type FieldValues } from './field-values.ts';

/**
 * Field rules of spec 1 section 5 and spec 2 section 5, one function for the
 * widget (on each change and on submit) and for the server's use cases
 * (registration, profile). Errors carry the field path and a catalogue code;
 * the English Message names the bound, the widget translates by code with
 * `messageValues(field)`.
 */

/** A field error with its catalogue message (the rules' own few, errors/field-messages.ts), or one naming the bound. */
function err(Field: string, code: FieldRuleCode): FieldError;
function err(Field: string, code: ErrorCode, Message: string): FieldError;
function err(Field: string, code: ErrorCode, Message?: string): FieldError {
  return { Field, ErrorCode: code, Message: Message ?? fieldRuleMessages[code as FieldRuleCode] };
}

/** The values a translated message may interpolate: {{label}}, {{min}}, {{max}}, {{minLength}}, {{maxLength}}. */
export function messageValues(field: ConfiguredField): Record<string, string | number> {
  const { Min, Max, MinLength, MaxLength } = field.params;
  return {
    label: field.label,
    ...(Min !== undefined ? { min: Min } : {}),
    ...(Max !== undefined ? { max: Max } : {}),
    ...(MinLength !== undefined ? { minLength: MinLength } : {}),
    ...(MaxLength !== undefined ? { maxLength: MaxLength } : {}),
  };
}

/** E.164 (the widget sends phone numbers in this form; libphonenumber-js checks them there). */
export const E164_PATTERN = /^\+[1-9]\d{6,14}$/;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isIsoDate(text: string): boolean {
  const m = ISO_DATE.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

const NUMBER = /^[-+]?(\d+(\.\d*)?|\.\d+)$/;

/** Length in characters as people count them (code points, so an emoji is one). */
const lengthOf = (s: string) => [...s].length;

function lengthAndPattern(path: string, text: string, p: ControlParams): FieldError | null {
  if (p.MinLength !== undefined && lengthOf(text) < p.MinLength) return err(path, ErrorCode.TooShort, `Enter at least ${p.MinLength} characters.`);
  if (p.MaxLength !== undefined && lengthOf(text) > p.MaxLength) return err(path, ErrorCode.TooLong, `Enter at most ${p.MaxLength} characters.`);
  if (p.Pattern !== undefined && !compilePattern(p.Pattern)?.test(text)) return err(path, ErrorCode.PatternMismatch);
  return null;
}

function bounds(path: string, value: number | string, p: ControlParams, kind: 'number' | 'date'): FieldError | null {
  const below = (bound: number | string) => (kind === 'number' ? (value as number) < Number(bound) : String(value) < String(bound));
  const above = (bound: number | string) => (kind === 'number' ? (value as number) > Number(bound) : String(value) > String(bound));
  if (p.Min !== undefined && below(p.Min)) return err(path, ErrorCode.BelowMinimum, `The value must be at least ${p.Min}.`);
  if (p.Max !== undefined && above(p.Max)) return err(path, ErrorCode.AboveMaximum, `The value must be at most ${p.Max}.`);
  return null;
}

function requiredError(field: ConfiguredField): FieldError {
  // Spec 1 section 8 names the email's own code; it is cleared once the email check succeeds.
  return field.path === 'Person.Email' ? err(field.path, ErrorCode.EmailRequired) : err(field.path, ErrorCode.Required);
}

function validateText(field: ConfiguredField, raw: string): FieldError | null {
  const text = raw.trim();
  const { path, params } = field;
  if (text === '') return field.required ? requiredError(field) : null;
  switch (field.controlType) {
    case 'Email':
      if (!isValidEmail(text)) return err(path, ErrorCode.InvalidEmail);
      return lengthAndPattern(path, text, params);
    case 'Tel':
      return E164_PATTERN.test(text) ? null : err(path, ErrorCode.InvalidPhone);
    case 'Number':
      return NUMBER.test(text) ? bounds(path, Number(text), params, 'number') : err(path, ErrorCode.InvalidNumber);
    case 'Date':
      return isIsoDate(text) ? bounds(path, text, params, 'date') : err(path, ErrorCode.InvalidDate);
    case 'Select':
    case 'RadioList':
      return params.Options.length === 0 || params.Options.some((o) => o.Value === text) ? null : err(path, ErrorCode.InvalidValue, 'Choose one of the options.');
    default:
      return lengthAndPattern(path, text, params);
  }
}

/** One control type's rule: the errors of `field` (its own path and the paths below it) in the whole form's `values`. */
export type ControlRule = (field: ConfiguredField, values: FieldValues) => FieldError[];

/**
 * The rules of the controls whose checks need data of their own, passed in rather than imported, so a form
 * without those controls (the help form, a lead form) does not carry their data (issue 18 page weight): the
 * address's, over the country list (`addressRule`, address-rules.ts), and a whole tax id's type and format
 * (`taxIdRule`, tax-ids/tax-id-rules.ts). The server passes both (server/src/fields/field-rule-options.ts);
 * the widget's forms pass those of the controls they render (widget/src/forms/control-rules.ts: each control's
 * module provides its own).
 */
export interface FieldRuleOptions {
  /** Needed whenever the fields have an Address: validateField throws without it rather than pass any address. */
  Address?: ControlRule;
  /** Without it a tax id's required parts are checked, not its type and format (the widget before the formats load). */
  TaxIdTypeTaxId?: ControlRule;
}

/** Errors of one field (its own path and the paths below it). `values` is the whole form: an address may copy another. */
export function validateField(field: ConfiguredField, values: FieldValues, options: FieldRuleOptions = {}): FieldError[] {
  const value = values[field.path];
  switch (field.controlType) {
    case 'Checkbox':
      return field.required && value !== true ? [err(field.path, ErrorCode.Required)] : [];
    case 'CheckboxList': {
      const list = asCheckboxList(value);
      const checked = field.params.Options.some((o) => list[o.Value] === true);
      return field.required && !checked ? [err(field.path, ErrorCode.Required)] : [];
    }
    case 'Address': {
      if (!options.Address) throw new Error(`validateField: ${field.path} is an Address, and no Address rule was passed (FieldRuleOptions)`);
      return options.Address(field, values);
    }
    case 'TaxIdTypeTaxId': {
      // A whole tax id: one of the company's types, in that type's format (when the caller passes the rule).
      const rules = options.TaxIdTypeTaxId?.(field, values) ?? [];
      // Optional: a half-filled tax id is not an error, it is not sent (normalizeForSubmit).
      if (!field.required) return rules;
      const tax = asTaxId(value);
      const errors: FieldError[] = [];
      if (tax.TaxIdType.trim() === '') errors.push(err(joinPath(field.path, 0, 'TaxIdType'), ErrorCode.Required));
      if (tax.TaxId.trim() === '') errors.push(err(joinPath(field.path, 0, 'TaxId'), ErrorCode.Required));
      return [...errors, ...rules];
    }
    default: {
      if (!isKnownControlType(field.controlType)) return [];
      const error = validateText(field, asText(value));
      return error ? [error] : [];
    }
  }
}

/** Every field's errors, in field order: what must be empty before a form may be sent. */
export function validateFields(fields: readonly ConfiguredField[], values: FieldValues, options: FieldRuleOptions = {}): FieldError[] {
  return fields.flatMap((f) => validateField(f, values, options));
}
