import { ErrorCode, type FieldError } from '../errors/error-codes.ts';
import { joinPath } from '../fields/field-paths.ts';
import type { ControlRule } from '../fields/field-rules.ts';
import { asTaxId } from '../fields/field-values.ts';
import { taxIdTypeName, type TaxIdType } from '../geo/tax-id-types.ts';

/**
 * The tax id's rules beyond 'required' (spec 1/2 section 5 only say both parts are sent together):
 * the type must be one the company offers, and the id must have that type's format. Light: the
 * format check is passed in (`tax-id-formats.ts`, which carries the validation library), so a
 * form can run the type rule before the formats have loaded. Import as `@portico/core/tax-ids/tax-id-rules`.
 */
export type TaxIdFormatCheck = (code: string, value: string) => boolean;

export interface TaxIdRuleOptions {
  /** The company's types (InitSettings.TaxIdTypes / config billing.taxIdTypes); empty: any type. */
  types: readonly TaxIdType[];
  /** The format check; absent (not loaded yet): only the type is checked. */
  checkFormat?: TaxIdFormatCheck | undefined;
}

/** The English message the server sends (the widget words its own through i18n with the same name). */
export const invalidTaxIdMessage = (typeName: string): string => `Enter a valid ${typeName}.`;

/**
 * Errors of one whole tax id (both parts filled) at `path` (`Account.TaxIds`): the type on
 * `path.0.TaxIdType`, the id on `path.0.TaxId`. A half-filled pair is the field rules' business.
 */
export function taxIdErrors(path: string, taxId: { TaxIdType: string; TaxId: string }, options: TaxIdRuleOptions): FieldError[] {
  const code = taxId.TaxIdType.trim();
  const id = taxId.TaxId.trim();
  if (!code || !id) return [];
  if (options.types.length > 0 && !options.types.some((t) => t.Code === code)) {
    return [{ Field: joinPath(path, 0, 'TaxIdType'), ErrorCode: ErrorCode.InvalidValue, Message: 'Choose one of the options.' }];
  }
  if (options.checkFormat && !options.checkFormat(code, id)) {
    return [{ Field: joinPath(path, 0, 'TaxId'), ErrorCode: ErrorCode.InvalidTaxId, Message: invalidTaxIdMessage(taxIdTypeName(code, options.types)) }];
  }
  return [];
}

/**
 * The tax id control's rule for core's field rules (FieldRuleOptions.TaxIdTypeTaxId): a whole tax id of one of
 * the company's types, in that type's format (taxIdErrors). Passed in by the server and by the widget's tax id
 * control (components/fields/tax-id-field.tsx), so a form without a tax id does not carry the types.
 */
export function taxIdRule(options: TaxIdRuleOptions): ControlRule {
  return (field, values) => taxIdErrors(field.path, asTaxId(values[field.path]), options);
}
