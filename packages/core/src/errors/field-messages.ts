import type { ErrorCode } from './error-codes.ts';

/**
 * The English messages of the codes the field rules give (fields/field-rules.ts, fields/address-rules.ts), part
 * of the catalogue (default-messages.ts spreads them in). Kept apart so a form carries these few lines and not
 * the whole catalogue: the widget loads that with the first error it shows (i18n/use-error-text.ts), and a
 * field's error reads right before it has arrived.
 */
export const fieldRuleMessages = {
  'Errors.InvalidEmail': 'Invalid email',
  'Errors.Email.required': 'Email is required.',
  'Errors.Required': 'This field is required.',
  'Errors.InvalidValue': 'This value is not valid.',
  'Errors.PatternMismatch': 'This value is not in the expected format.',
  'Errors.InvalidNumber': 'Enter a number.',
  'Errors.InvalidDate': 'Enter a valid date.',
  'Errors.InvalidPhone': 'Enter a valid phone number.',
} as const satisfies Partial<Record<ErrorCode, string>>;

export type FieldRuleCode = keyof typeof fieldRuleMessages;
