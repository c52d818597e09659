import type { FieldRuleOptions } from '@portico/core/fields/index';
import { taxIdTypesOrDefault, type TaxIdType } from '@portico/core/geo/tax-id-types';
import { checkTaxIdFormat } from '@portico/core/tax-ids/tax-id-formats';

/**
 * The field rules that need the company's data, for every server check of configured fields
 * (sign-up, account edit): a tax id must be one of the company's types (billing.taxIdTypes, else
 * the default list, as the widget offers) and have that type's format (core, over stdnum).
 */
export function fieldRuleOptions(taxIdTypes: readonly TaxIdType[] | null | undefined): FieldRuleOptions {
  return { taxIds: { types: taxIdTypesOrDefault(taxIdTypes), checkFormat: checkTaxIdFormat } };
}
