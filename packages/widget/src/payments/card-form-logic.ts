import type { FieldError } from '@portico/core';
import { validateCardForm, type CardFormInput } from '@portico/core/payments/card-rules';
import type { DisplayError } from '../components/error-list-logic.ts';

export type CardField = keyof CardFormInput;
export type CardErrors = Partial<Record<CardField, DisplayError>>;

/** The form's inputs in order; `label`, `placeholder` and `hint` are keys of the payments strings. */
export const CARD_FIELDS: readonly { name: CardField; label: string; autoComplete: string; inputMode?: 'numeric' | 'text'; placeholder?: string; hint?: string }[] = [
  { name: 'NameOnCard', label: 'payments.nameOnCard', autoComplete: 'cc-name' },
  { name: 'CardNumber', label: 'payments.cardNumber', autoComplete: 'cc-number', inputMode: 'numeric' },
  // Numeric keyboards have no slash: the formatter (expiry-input.ts) puts the separator in.
  { name: 'Expiration', label: 'payments.exp', autoComplete: 'cc-exp', inputMode: 'numeric', placeholder: 'payments.expPlaceholder', hint: 'payments.expHint' },
  { name: 'Cvv', label: 'payments.cvv', autoComplete: 'cc-csc', inputMode: 'numeric' },
];

/** The first error of each field (core gives at most one). */
export function errorsByField(list: FieldError[]): CardErrors {
  const byField: CardErrors = {};
  for (const e of list) byField[e.Field as CardField] ??= { code: e.ErrorCode, message: e.Message };
  return byField;
}

/** Core's card rules on the current values, by field. */
export function cardRuleErrors(values: CardFormInput, now: Date): CardErrors {
  return errorsByField(validateCardForm(values, now));
}

/**
 * What each input shows: the provider's error for the field (until it is edited), else the
 * rule's error once the field was left or a submit was tried. A field being typed into for
 * the first time stays quiet.
 */
export function shownCardErrors(rules: CardErrors, provider: CardErrors, touched: ReadonlySet<CardField>, submitted: boolean): CardErrors {
  const shown: CardErrors = {};
  for (const name of ['NameOnCard', 'CardNumber', 'Expiration', 'Cvv'] as const) {
    const error = provider[name] ?? (submitted || touched.has(name) ? rules[name] : undefined);
    if (error) shown[name] = error;
  }
  return shown;
}
