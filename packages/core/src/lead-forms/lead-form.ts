import type { ControlType } from '../entities/billing-terms.ts';
import type { WireFieldConfigurationEntry, WireFieldDefinition } from '../settings/init-settings.ts';

/**
 * Lead capture forms (spec 2 section 2 "Lead capture form (ShowForm)", section 3 "Lead form"; docs/lead-forms.md).
 * The shape the public read answers with, and the rules the server and the widget share: which fields a
 * visitor sees, what their definitions are, which values a submission may carry.
 */

/** What happens after a submission: the thankYou state, or a redirect of the host page (spec 3 "postSubmission"). */
export type LeadFormPostSubmission =
  | { Action: 'thankYou'; Url: null; Message: string | null }
  | { Action: 'redirect'; Url: string; Message: null };

/** One field of a lead form as configured (spec 3: systemName, hidden, defaultValue, required, disabled). */
export interface LeadFormFieldConfig {
  SystemName: string;
  /** Overrides the definition's label for this form (plain text, shown as text). */
  Label?: string | null | undefined;
  Required: boolean;
  /** Not shown; its DefaultValue is stored (e.g. a source tag). */
  Hidden: boolean;
  /** Shown but not editable; its DefaultValue is stored. */
  Disabled: boolean;
  DefaultValue: string | null;
}

/** A field as the public read sends it: the config plus the definition the widget renders it from. */
export interface WireLeadFormField extends LeadFormFieldConfig {
  Label: string;
  Definition: WireFieldDefinition;
}

/** GET /api/v1/public/lead-forms/{uid}. */
export interface WireLeadForm {
  Uid: string;
  Name: string;
  /** Plain text: the widget shows it as text, never as HTML. */
  Title: string;
  SubmitLabel: string | null;
  /** Whether the company's captcha must be solved before Submit (its provider is in the startup settings). */
  Captcha: boolean;
  Fields: WireLeadFormField[];
  PostSubmission: LeadFormPostSubmission;
}

/**
 * The person's own properties a lead form may fill (spec 3 "Person"), with their control and default label.
 * Any other SystemName must be a Person field definition of the company (a custom value, `FieldValues`).
 */
export const LEAD_FORM_PERSON_PROPERTIES: Readonly<Record<string, { ControlType: ControlType; Label: string }>> = {
  Email: { ControlType: 'Email', Label: 'Email' },
  FirstName: { ControlType: 'Text', Label: 'First name' },
  LastName: { ControlType: 'Text', Label: 'Last name' },
  Title: { ControlType: 'Text', Label: 'Job title' },
  PhoneMobile: { ControlType: 'Tel', Label: 'Mobile phone' },
  PhoneWork: { ControlType: 'Tel', Label: 'Work phone' },
};

/** Controls a lead form can carry: one value each (an address or a tax id belongs to sign-up and the account). */
export const LEAD_FORM_CONTROL_TYPES: readonly ControlType[] = ['Checkbox', 'CheckboxList', 'Date', 'Number', 'Email', 'RadioList', 'Select', 'Tel', 'Text', 'TextArea'];

/** Longest text a lead form value may hold (a 1 MB string is refused before anything is read). */
export const LEAD_FORM_VALUE_MAX_LENGTH = 2000;
/** Most fields one form may have. */
export const LEAD_FORM_FIELDS_MAX = 30;

/** The definition a field is rendered and validated from: the built-in property's, or the company's definition. */
export function leadFieldDefinition(systemName: string, definitions: readonly WireFieldDefinition[]): WireFieldDefinition | null {
  const builtIn = LEAD_FORM_PERSON_PROPERTIES[systemName];
  if (builtIn) return { Uid: `lead-${systemName}`, EntityType: 'Person', SystemName: systemName, Label: builtIn.Label, ControlType: builtIn.ControlType, ControlParams: null };
  const def = definitions.find((d) => d.EntityType === 'Person' && d.SystemName === systemName);
  if (!def || !LEAD_FORM_CONTROL_TYPES.includes(def.ControlType)) return null;
  return def;
}

/** Why a form's fields cannot be used, as [index or null, message] pairs (config load and the admin API share it). */
export function leadFormFieldProblems(fields: readonly LeadFormFieldConfig[], definitions: readonly WireFieldDefinition[]): { index: number | null; field: string; message: string }[] {
  const problems: { index: number | null; field: string; message: string }[] = [];
  const seen = new Set<string>();
  fields.forEach((f, i) => {
    if (seen.has(f.SystemName)) problems.push({ index: i, field: 'SystemName', message: `'${f.SystemName}' appears twice` });
    seen.add(f.SystemName);
    if (!leadFieldDefinition(f.SystemName, definitions)) {
      problems.push({ index: i, field: 'SystemName', message: `'${f.SystemName}' is neither a person property (${Object.keys(LEAD_FORM_PERSON_PROPERTIES).join(', ')}) nor a Person field definition with a single-value control` });
    }
    if ((f.Hidden || f.Disabled) && (f.DefaultValue === null || f.DefaultValue === '')) {
      problems.push({ index: i, field: 'DefaultValue', message: 'a hidden or disabled field needs a DefaultValue (the visitor cannot type one)' });
    }
  });
  const email = fields.find((f) => f.SystemName === 'Email');
  if (!email) problems.push({ index: null, field: 'Fields', message: 'a lead form needs an Email field: the submission finds or creates the person by it' });
  else if (!email.Required || email.Hidden || email.Disabled) {
    problems.push({ index: fields.indexOf(email), field: 'SystemName', message: 'the Email field must be required, visible and editable' });
  }
  return problems;
}

/** The wire fields of a form, each with its definition (fields whose definition went away are left out). */
export function leadFormWireFields(fields: readonly LeadFormFieldConfig[], definitions: readonly WireFieldDefinition[]): WireLeadFormField[] {
  return fields.flatMap((f) => {
    const def = leadFieldDefinition(f.SystemName, definitions);
    if (!def) return [];
    const label = f.Label?.trim() || def.Label;
    return [{ ...f, Label: label, Definition: { ...def, Label: label } }];
  });
}

/**
 * The fields the visitor fills, as configured-field entries for core's rules and the widget's
 * components: hidden and disabled fields are not among them (their value is the DefaultValue).
 */
export function leadFormEntries(fields: readonly WireLeadFormField[]): WireFieldConfigurationEntry[] {
  return fields.filter((f) => !f.Hidden && !f.Disabled).map((f) => ({ Behavior: f.Required ? 'Required' : 'Editable', Group: null, Definition: f.Definition }));
}
