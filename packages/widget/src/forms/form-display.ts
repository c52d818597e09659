import { ErrorCode } from '@portico/core';
import { closestKnownPath, messageValues } from '@portico/core/fields/index';
import type { DisplayError } from '../components/error-list-logic.ts';
import type { ShownError } from './form-state.ts';

/** Rule codes whose field-level text names the field's bound, and the value it needs. */
const BOUND_RULES: Record<string, string> = {
  [ErrorCode.TooShort]: 'minLength',
  [ErrorCode.TooLong]: 'maxLength',
  [ErrorCode.BelowMinimum]: 'min',
  [ErrorCode.AboveMaximum]: 'max',
};

/**
 * One shown error as the error list and the inline message render it: by
 * catalogue code (translated), with the bound from the field's own params
 * when the text needs one (`forms.rules.*`), the server's or core's English
 * message as the fallback, and the field's label for the list.
 */
export function toDisplayError(shown: ShownError, label?: string): DisplayError {
  const { error, field } = shown;
  const values = field ? messageValues(field) : {};
  const bound = BOUND_RULES[error.ErrorCode];
  // A tax id's format error names its type ('Enter a valid EU VAT number.'): the message is already worded.
  if (error.ErrorCode === ErrorCode.InvalidTaxId && error.Message) {
    const name = label ?? field?.label;
    return { code: 'forms.taxId.invalidMessage', message: error.Message, ...(name ? { field: name } : {}) };
  }
  const display: DisplayError = bound && values[bound] !== undefined
    ? { code: `forms.rules.${error.ErrorCode.slice('Errors.'.length)}`, values, message: error.Message }
    : { code: error.ErrorCode, ...(error.Message ? { message: error.Message } : {}) };
  const name = label ?? field?.label;
  return name ? { ...display, field: name } : display;
}

/** The input to focus after a failed submit: the first shown error's own input, or the nearest registered one above it. */
export function firstFocusPath(shown: readonly ShownError[], registered: readonly string[]): string | undefined {
  for (const s of shown) {
    const target = closestKnownPath(s.path, registered);
    if (target !== undefined) return target;
  }
  return undefined;
}
