import type { FieldRuleOptions } from '@portico/core/fields/index';
import { addressRule } from '@portico/core/fields/address-rules';
import { taxIdTypesOrDefault, type TaxIdType } from '@portico/core/geo/tax-id-types';
import { checkTaxIdFormat } from '@portico/core/tax-ids/tax-id-formats';
import { taxIdRule } from '@portico/core/tax-ids/tax-id-rules';

/**
 * The field rules that need the company's data, for every server check of configured fields
 * (sign-up, account edit): an address needs its parts and a country of the list (core's addressRule); a tax id
 * must be one of the company's types (billing.taxIdTypes, else the default list, as the widget offers) and have
 * that type's format (core, over stdnum).
 */
export function fieldRuleOptions(taxIdTypes: readonly TaxIdType[] | null | undefined): FieldRuleOptions {
  return { Address: addressRule, TaxIdTypeTaxId: taxIdRule({ types: taxIdTypesOrDefault(taxIdTypes), checkFormat: checkTaxIdFormat }) };
}

/** A person's edit (the profile): its address checked as at sign-up; a tax id (an account's) only for its required parts, as before. */
export const PERSON_FIELD_RULES: FieldRuleOptions = { Address: addressRule };
