import { configuredFields, type ConfiguredField } from '@portico/core/fields/index';

/** A form whose one field is an email (forgot password, 'Email me a new link'): a configured Email field, required, with the email rule. */
export function emailOnlyFields(uid: string, label: string): ConfiguredField[] {
  return configuredFields([{
    Behavior: 'Required', Group: null,
    Definition: { Uid: uid, EntityType: 'Person', SystemName: 'Email', Label: label, ControlType: 'Email', ControlParams: null },
  }]);
}
