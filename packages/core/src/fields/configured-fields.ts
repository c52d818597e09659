import { CONTROL_TYPES, type ControlType } from '../entities/billing-terms.ts';
import type { WireFieldConfigurationEntry, WireFieldDefinition } from '../settings/init-settings.ts';
import { parseControlParams, type ControlParams } from './control-params.ts';
import { joinPath } from './field-paths.ts';

/** Properties the entities carry themselves; any other SystemName is a custom value under `FieldValues`. */
const ENTITY_PROPERTIES: Record<WireFieldDefinition['EntityType'], ReadonlySet<string>> = {
  Person: new Set(['Email', 'FirstName', 'LastName', 'Title', 'PhoneMobile', 'PhoneWork', 'MailingAddress']),
  Account: new Set(['Name', 'ClientIdentifier', 'DomainName', 'BillingAddress', 'MailingAddress']),
};

/** A field of the configuration as a form uses it: where its value lives, whether it is required, its parsed params. */
export interface ConfiguredField {
  path: string;
  /** A ControlType, or whatever string the server sent (the widget logs unknown ones and skips them). */
  controlType: ControlType | string;
  label: string;
  required: boolean;
  group: string | null;
  params: ControlParams;
  definition: WireFieldDefinition;
  /** Behavior RequiredWhenPaymentDue: required when payment is due, not asked when nothing is (fieldsToAsk). */
  whenPaymentDue?: true;
  /** Address fields only: the address this one can copy ('Same as billing address'). */
  sameAs?: { path: string; label: string; checkedByDefault: boolean };
}

export function isKnownControlType(type: string): type is ControlType {
  return (CONTROL_TYPES as readonly string[]).includes(type);
}

/**
 * Where a definition's value lives in the body: `Person.Email`,
 * `Account.BillingAddress`, `Person.FieldValues.Birthday`; a tax id field is
 * the account's `TaxIds` list (spec 1 section 3).
 */
export function fieldPathOf(def: Pick<WireFieldDefinition, 'EntityType' | 'SystemName' | 'ControlType'>): string {
  if (def.ControlType === 'TaxIdTypeTaxId') return joinPath(def.EntityType, 'TaxIds');
  if (ENTITY_PROPERTIES[def.EntityType]?.has(def.SystemName)) return joinPath(def.EntityType, def.SystemName);
  return joinPath(def.EntityType, 'FieldValues', def.SystemName);
}

function sameAsOf(def: WireFieldDefinition): ConfiguredField['sameAs'] {
  if (def.ControlType !== 'Address' || !def.SameAsObject) return undefined;
  const target = def.SameAsObject.includes('.')
    ? def.SameAsObject
    : fieldPathOf({ EntityType: def.EntityType, SystemName: def.SameAsObject, ControlType: 'Address' });
  return { path: target, label: def.SameAsLabel || def.SameAsObject, checkedByDefault: def.SameAsLabelDefault === true };
}

/** What a form knows about the money of the sign-up: whether payment is due (core's isPaymentDue); unknown outside sign-up. */
export interface FieldContext {
  paymentDue?: boolean;
}

/**
 * The fields a form shows, in configuration order. Read-only fields are not
 * shown (spec 1 section 5), so they are neither rendered nor validated.
 * A RequiredWhenPaymentDue field is required only when `context.paymentDue` is
 * true; otherwise it is optional (an address sent anyway is still checked).
 */
export function configuredFields(entries: readonly WireFieldConfigurationEntry[], context: FieldContext = {}): ConfiguredField[] {
  return entries
    .filter((e) => e.Behavior !== 'ReadOnly')
    .map((e) => {
      const field: ConfiguredField = {
        path: fieldPathOf(e.Definition),
        controlType: e.Definition.ControlType,
        label: e.Definition.Label,
        required: e.Behavior === 'Required' || e.Behavior === 'SystemRequired' || (e.Behavior === 'RequiredWhenPaymentDue' && context.paymentDue === true),
        group: e.Group,
        params: parseControlParams(e.Definition.ControlParams),
        definition: e.Definition,
      };
      if (e.Behavior === 'RequiredWhenPaymentDue') field.whenPaymentDue = true;
      const sameAs = sameAsOf(e.Definition);
      if (sameAs) field.sameAs = sameAs;
      return field;
    });
}

/** Spec 1 section 5: "A default single required field is Email." */
export const DEFAULT_REGISTRATION_FIELDS: readonly WireFieldConfigurationEntry[] = [{
  Behavior: 'SystemRequired',
  Group: null,
  Definition: { Uid: 'default-email', EntityType: 'Person', SystemName: 'Email', Label: 'Email', ControlType: 'Email', ControlParams: null },
}];

/** The registration form's fields: the configured ones, or the default Email field when none are configured. */
export function registrationFields(entries: readonly WireFieldConfigurationEntry[], context: FieldContext = {}): ConfiguredField[] {
  return configuredFields(entries.length > 0 ? entries : DEFAULT_REGISTRATION_FIELDS, context);
}

/**
 * The fields a sign-up asks for: a RequiredWhenPaymentDue field is left out when no payment is
 * due (a free sign-up is not asked for a billing address); every other field stays.
 */
export function fieldsToAsk(fields: readonly ConfiguredField[], paymentDue: boolean): ConfiguredField[] {
  return paymentDue ? [...fields] : fields.filter((f) => !f.whenPaymentDue);
}
