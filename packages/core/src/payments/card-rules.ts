import { ErrorCode, type FieldError } from '../errors/error-codes.ts';
import { defaultMessages } from '../errors/default-messages.ts';

/**
 * The native card form's rules (spec 1 section 5 "Native card form"), pure and
 * with the clock passed in. The card form UI (payment work) renders
 * `validateCardForm`'s errors; the provider still validates the card itself.
 */
export interface CardFormInput {
  NameOnCard: string;
  CardNumber: string;
  /** `MM/YYYY` as typed. */
  Expiration: string;
  Cvv: string;
}

/** Spec 1 section 3 Payment information CardType values. */
export type CardType = 'visa' | 'mast' | 'amex' | 'disc';

/** On the provider-based payment form the missing-name message differs (spec 1 section 5), trailing space included. */
export const PROVIDER_NAME_ON_CARD_REQUIRED_MESSAGE = 'Name on card is a required field ';

const CARD_NUMBER_SHAPE = /^\d(?:[ -]?\d){12,15}$/;
const EXPIRATION_SHAPE = /^(0[1-9]|1[0-2])\s*\/\s*(2\d{3})$/;
const CVV_SHAPE = /^\d{3,4}$/;

/** Digits only: spaces and dashes between groups are allowed when typing. */
export const cardDigits = (cardNumber: string) => cardNumber.replace(/[\s-]/g, '');

const within = (prefix: string, from: number, to: number) => {
  const n = Number(prefix);
  return prefix.length === String(from).length && n >= from && n <= to;
};

/** The card type from the issuer identification number; null for a card type not accepted. */
export function cardTypeOf(cardNumber: string): CardType | null {
  const d = cardDigits(cardNumber);
  if (/^4/.test(d)) return 'visa';
  if (within(d.slice(0, 2), 51, 55) || within(d.slice(0, 4), 2221, 2720)) return 'mast';
  if (/^3[47]/.test(d)) return 'amex';
  if (d.startsWith('6011') || within(d.slice(0, 3), 644, 649) || d.startsWith('65') || within(d.slice(0, 6), 622126, 622925)) return 'disc';
  return null;
}

/** `MM/YYYY` as numbers, or null when it is not in that form. */
export function parseExpiration(text: string): { month: number; year: number } | null {
  const m = EXPIRATION_SHAPE.exec(text.trim());
  return m ? { month: Number(m[1]), year: Number(m[2]) } : null;
}

/**
 * Spec 1 section 5: expiry is checked against the 31st of the expiry month
 * (UTC, end of that day). For months shorter than 31 days the date rolls into
 * the next month, as the spec's rule does; the provider has the final say.
 */
export function isCardExpired(month: number, year: number, now: Date): boolean {
  return now.getTime() > Date.UTC(year, month - 1, 31, 23, 59, 59, 999);
}

const DAY_MS = 86_400_000;

/** Spec 1 section 5: a failed card is stale when it was updated more than 1 day after the failure. */
export function isFailureStale(updated: Date, latestFailure: Date | null): boolean {
  return latestFailure !== null && updated.getTime() - latestFailure.getTime() > DAY_MS;
}

const err = (Field: keyof CardFormInput, code: ErrorCode): FieldError => ({ Field, ErrorCode: code, Message: defaultMessages[code] });

/** At most one error per field, in the form's order. */
export function validateCardForm(input: CardFormInput, now: Date): FieldError[] {
  const errors: FieldError[] = [];
  const name = input.NameOnCard.trim();
  if (!name) errors.push(err('NameOnCard', ErrorCode.NameOnCardIsRequired));
  else if (!/\S\s+\S/.test(name)) errors.push(err('NameOnCard', ErrorCode.NameOnCardInvalidFormat));

  const number = input.CardNumber.trim();
  // The spec gives one message for a missing and a malformed number.
  if (!CARD_NUMBER_SHAPE.test(number)) errors.push(err('CardNumber', ErrorCode.CardNumberIsRequired));
  else if (!cardTypeOf(number)) errors.push(err('CardNumber', ErrorCode.InvalidCardType));

  const expiration = input.Expiration.trim();
  const parsed = parseExpiration(expiration);
  if (!expiration) errors.push(err('Expiration', ErrorCode.ExpirationDateIsRequired));
  else if (!parsed) errors.push(err('Expiration', ErrorCode.ExpirationDateInvalidFormat));
  else if (isCardExpired(parsed.month, parsed.year, now)) errors.push(err('Expiration', ErrorCode.CardExpired));

  if (!CVV_SHAPE.test(input.Cvv.trim())) errors.push(err('Cvv', ErrorCode.CVVIsRequired));
  return errors;
}

/** The provider's token request fields (spec 1 section 3), without api_login_id. Call after validateCardForm passed. */
export function toCardTokenRequest(input: CardFormInput): { card_number: string; expire_month: string; expire_year: string; cvv: string } {
  const parsed = parseExpiration(input.Expiration);
  if (!parsed) throw new Error('toCardTokenRequest: expiration is not MM/YYYY');
  return {
    card_number: cardDigits(input.CardNumber.trim()),
    expire_month: String(parsed.month).padStart(2, '0'),
    expire_year: String(parsed.year),
    cvv: input.Cvv.trim(),
  };
}
