import { configuredFields, type ConfiguredField } from '@portico/core/fields/index';

/** The forgot-password form's one field, as a configured Email field (its rules: required, the email pattern). */
export function forgotPasswordFields(label: string): ConfiguredField[] {
  return configuredFields([{
    Behavior: 'Required', Group: null,
    Definition: { Uid: 'forgot-password-email', EntityType: 'Person', SystemName: 'Email', Label: label, ControlType: 'Email', ControlParams: null },
  }]);
}
