import type { ErrorCode } from './error-codes.ts';

/**
 * The English messages of the codes the sign-up's own rules give in the widget (payments/card-rules.ts,
 * billing/quantity-problem.ts, billing/validate-subscription-request.ts), part of the catalogue (default-messages.ts
 * spreads them in). Kept apart as field-messages.ts is: a sign-up carries these lines, and the catalogue loads
 * with the first error shown (the widget's i18n/use-error-text.ts).
 */
export const billingRuleMessages = {
  'Errors.NameOnCardInvalidFormat': 'Name on card must have both first and last name.',
  'Errors.NameOnCardIsRequired': 'Name on card is required.',
  'Errors.CardNumberIsRequired': 'Card number is required.',
  'Errors.ExpirationDateInvalidFormat': 'Expiration date is not in the correct format.',
  'Errors.ExpirationDateIsRequired': 'Expiration date is required.',
  'Errors.CVVIsRequired': 'CVV is required.',
  'Errors.InvalidCardType': 'Only Visa, MasterCard, American Express, and Discover are accepted at this time.',
  'Errors.CardExpired': 'This card has expired.',
  'Errors.AddOnNotOffered': 'This add-on is not offered with the plan.',
  'Errors.TermNotOffered': 'The plan has no rate for this billing term.',
  'Errors.QuantityInvalid': 'Quantity must be a whole number.',
  'Errors.DateOutOfRange': 'Dates must be between 1990-01-01 and 2099-12-31.',
  'Errors.OneTimePlanCannotChange': 'A one-time plan cannot be switched.',
} as const satisfies Partial<Record<ErrorCode, string>>;

export type BillingRuleCode = keyof typeof billingRuleMessages;
