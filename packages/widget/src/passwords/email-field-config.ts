import type { ConfiguredField } from '@portico/core/fields/index';
import { emailOnlyFields } from '../forms/email-only-fields.ts';

/** The forgot-password form's one field, as a configured Email field (its rules: required, the email pattern). */
export function forgotPasswordFields(label: string): ConfiguredField[] {
  return emailOnlyFields('forgot-password-email', label);
}
