import type { WireFieldConfigurationEntry } from '../settings/init-settings.ts';
import { configuredFields, type ConfiguredField } from '../fields/configured-fields.ts';

/**
 * Profile and account forms (spec 2 section 2 "Profile view", "Profile edit", "Account view and
 * account edit"; section 5 "Profile photo"). Shared by the widget and the server so both decide the
 * same fields, groups and photo limits. Import as `@portico/core/profile/profile-fields`.
 */

/** Spec 2 sections 5 and 9: png or jpg, at most 2,000,000 bytes. */
export const PROFILE_PHOTO_MAX_BYTES = 2_000_000;
/** What the file input offers; the server decides the type from the bytes. */
export const PROFILE_PHOTO_ACCEPT = '.jpg,.jpeg,.png,image/png,image/jpeg';
/** The extensions named in Errors.FileInvalidType's `accept` value. */
export const PROFILE_PHOTO_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;

/** The group shown only to Team accounts. */
export const ORGANIZATION_GROUP = 'Organization';

const def = (Uid: string, SystemName: string, Label: string, ControlType: 'Text' | 'Email') =>
  ({ Uid, EntityType: 'Person' as const, SystemName, Label, ControlType, ControlParams: null });

/** The default groups Name (first and last) and Email, used when the company configured no profile fields. */
export const DEFAULT_PROFILE_FIELDS: readonly WireFieldConfigurationEntry[] = [
  { Behavior: 'Required', Group: 'Name', Definition: def('default-first-name', 'FirstName', 'First name', 'Text') },
  { Behavior: 'Required', Group: 'Name', Definition: def('default-last-name', 'LastName', 'Last name', 'Text') },
  { Behavior: 'SystemRequired', Group: 'Email', Definition: def('default-email', 'Email', 'Email', 'Email') },
];

/** The profile configuration in force: the company's Person fields, or the defaults when there are none. */
export function profileEntries(entries: readonly WireFieldConfigurationEntry[]): WireFieldConfigurationEntry[] {
  const person = entries.filter((e) => e.Definition.EntityType === 'Person');
  return person.length ? person : [...DEFAULT_PROFILE_FIELDS];
}

const accountDef = (Uid: string, SystemName: string, Label: string, ControlType: 'Text' | 'Address', sameAs?: string) => ({
  Uid, EntityType: 'Account' as const, SystemName, Label, ControlType, ControlParams: null,
  ...(sameAs ? { SameAsObject: sameAs, SameAsLabel: 'Same as billing address', SameAsLabelDefault: true } : {}),
});

/** Spec 2: "by default an Organization group (only when the plan's registration mode is Team) and an Address group (billing and mailing)". */
export const DEFAULT_ACCOUNT_FIELDS: readonly WireFieldConfigurationEntry[] = [
  { Behavior: 'Required', Group: ORGANIZATION_GROUP, Definition: accountDef('default-account-name', 'Name', 'Organization name', 'Text') },
  { Behavior: 'Editable', Group: 'Address', Definition: accountDef('default-billing-address', 'BillingAddress', 'Billing address', 'Address') },
  { Behavior: 'Editable', Group: 'Address', Definition: accountDef('default-mailing-address', 'MailingAddress', 'Mailing address', 'Address', 'BillingAddress') },
];

/** The account configuration in force: the company's Account fields (accountEdit is "for account fields only"), or the defaults. */
export function accountEntries(entries: readonly WireFieldConfigurationEntry[]): WireFieldConfigurationEntry[] {
  const account = entries.filter((e) => e.Definition.EntityType === 'Account');
  return account.length ? account : [...DEFAULT_ACCOUNT_FIELDS];
}

/** Without a Team plan the Organization group is not shown, in the view or the edit form. */
export function accountEntriesFor(entries: readonly WireFieldConfigurationEntry[], mode: string | null): WireFieldConfigurationEntry[] {
  const all = accountEntries(entries);
  return mode === 'Team' ? all : all.filter((e) => e.Group !== ORGANIZATION_GROUP);
}

/**
 * Whether a person may change a field: not read-only, and for people linked to a Google login
 * never the email (spec 2 section 6; the password is never a profile field).
 */
export function isEditableFor(entry: WireFieldConfigurationEntry, google: boolean): boolean {
  if (entry.Behavior === 'ReadOnly') return false;
  return !(google && entry.Definition.EntityType === 'Person' && entry.Definition.SystemName === 'Email');
}

/** The fields an edit form shows and the server validates: editable ones only. */
export function editableFields(entries: readonly WireFieldConfigurationEntry[], google = false): ConfiguredField[] {
  return configuredFields(entries.filter((e) => isEditableFor(e, google)));
}

/** The person's email: changed through its own step (password, then a link mailed to the new address), never by profileEdit. */
export function isEmailEntry(entry: WireFieldConfigurationEntry): boolean {
  return entry.Definition.EntityType === 'Person' && entry.Definition.SystemName === 'Email';
}

/** profileEdit's fields and what PUT /profile may change: the editable ones but the email (issue 12). */
export function profileEditFields(entries: readonly WireFieldConfigurationEntry[], google = false): ConfiguredField[] {
  return configuredFields(entries.filter((e) => isEditableFor(e, google) && !isEmailEntry(e)));
}

/** Whether the person may change their email at all: the profile configuration has it editable, and they are not linked to Google. */
export function canChangeEmail(entries: readonly WireFieldConfigurationEntry[], google = false): boolean {
  return entries.some((e) => isEmailEntry(e) && isEditableFor(e, google));
}

export interface FieldGroup {
  /** The configured group name, or the field's label when it has none. */
  name: string;
  entries: WireFieldConfigurationEntry[];
  /** 'Change <group>' is offered unless every field of the group is read-only. */
  editable: boolean;
}

/** Entries grouped in configuration order (spec: "Each editable group has a link 'Change <group name>'"). */
export function fieldGroups(entries: readonly WireFieldConfigurationEntry[], google = false): FieldGroup[] {
  const groups: FieldGroup[] = [];
  for (const entry of entries) {
    const name = entry.Group ?? entry.Definition.Label;
    let group = groups.find((g) => g.name === name);
    if (!group) {
      group = { name, entries: [], editable: false };
      groups.push(group);
    }
    group.entries.push(entry);
    group.editable ||= isEditableFor(entry, google);
  }
  return groups;
}
