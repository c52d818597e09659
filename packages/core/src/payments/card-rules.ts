import { ErrorCode, type FieldError } from '../errors/error-codes.ts';
import { billingRuleMessages, type BillingRuleCode } from '../errors/billing-messages.ts';

/**
 * The native card form's rules (spec 1 section 5 "Native card form"), pure and
 * with the clock passed in. The card form UI (payment work) renders
 * `validateCardForm`'s errors; the provider still validates the card itself.
 */
export interface CardFormInput {
  NameOnCard: string;
  CardNumber: string;
  /** The expiry as typed: `MM / YY`, `MMYY`, `MM/YYYY`… (see `parseExpiration`). */
  Expiration: string;
  Cvv: string;
}

/** Spec 1 section 3 Payment information CardType values. */
export type CardType = 'visa' | 'mast' | 'amex' | 'disc';

/** On the provider-based payment form the missing-name message differs (spec 1 section 5), trailing space included. */
export const PROVIDER_NAME_ON_CARD_REQUIRED_MESSAGE = 'Name on card is a required field ';

const CARD_NUMBER_SHAPE = /^\d(?:[ -]?\d){12,15}$/;
/** Month, then a separator (a slash or dash with optional spaces, or spaces alone), then a 2- or 4-digit year. */
const EXPIRATION_SEPARATED = /^(\d{1,2})(?:\s*[/-]\s*|\s+)(\d{2}|\d{4})$/;
/** Digits only: the month must then have its two digits (`1230`, `122030`). */
const EXPIRATION_DIGITS = /^(\d{2})(\d{2}|\d{4})$/;
/** A year further ahead than this is a typing mistake, not a card (cards are issued for up to about 10 years). */
export const EXPIRY_HORIZON_YEARS = 20;
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

export interface CardExpiry {
  /** 1 to 12. */
  month: number;
  /** Four digits, 2000 to 2099. */
  year: number;
}

/**
 * The expiry as people type it: `MM/YY` (read as 20YY), `MMYY`, `MM/YYYY`, `MMYYYY`,
 * `M/YY`, `M/YYYY`, with a slash, a dash or spaces between month and year and spaces
 * around. Null for anything else: month 0 or 13+, letters, a year that is not 20xx.
 * The horizon (a year too far ahead) needs the clock: `checkExpiration`.
 */
export function parseExpiration(text: string): CardExpiry | null {
  const trimmed = text.trim();
  const m = EXPIRATION_SEPARATED.exec(trimmed) ?? EXPIRATION_DIGITS.exec(trimmed);
  if (!m) return null;
  const month = Number(m[1]);
  const yearText = m[2]!;
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  if (month < 1 || month > 12 || year < 2000 || year > 2099) return null;
  return { month, year };
}

/**
 * A card is valid through the end of its expiry month (UTC): 11/26 works on 30 November 2026
 * and fails from 1 December 2026 00:00 UTC. The provider has the final say.
 */
export function isCardExpired(month: number, year: number, now: Date): boolean {
  return now.getTime() >= Date.UTC(year, month, 1);
}

export type ExpirationCheck =
  | { ok: true; expiry: CardExpiry }
  | { ok: false; code: typeof ErrorCode.ExpirationDateIsRequired | typeof ErrorCode.ExpirationDateInvalidFormat | typeof ErrorCode.CardExpired };

/** The expiry field's rules in order: required, format (including the horizon), not expired. */
export function checkExpiration(text: string, now: Date): ExpirationCheck {
  if (!text.trim()) return { ok: false, code: ErrorCode.ExpirationDateIsRequired };
  const expiry = parseExpiration(text);
  if (!expiry || expiry.year > now.getUTCFullYear() + EXPIRY_HORIZON_YEARS) return { ok: false, code: ErrorCode.ExpirationDateInvalidFormat };
  if (isCardExpired(expiry.month, expiry.year, now)) return { ok: false, code: ErrorCode.CardExpired };
  return { ok: true, expiry };
}

const DAY_MS = 86_400_000;

/** Spec 1 section 5: a failed card is stale when it was updated more than 1 day after the failure. */
export function isFailureStale(updated: Date, latestFailure: Date | null): boolean {
  return latestFailure !== null && updated.getTime() - latestFailure.getTime() > DAY_MS;
}

const err = (Field: keyof CardFormInput, code: BillingRuleCode): FieldError => ({ Field, ErrorCode: code, Message: billingRuleMessages[code] });

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

  const expiration = checkExpiration(input.Expiration, now);
  if (!expiration.ok) errors.push(err('Expiration', expiration.code));

  if (!CVV_SHAPE.test(input.Cvv.trim())) errors.push(err('Cvv', ErrorCode.CVVIsRequired));
  return errors;
}

/**
 * The provider's token request fields (spec 1 section 3), without api_login_id. Call after validateCardForm passed.
 * The expiry goes as the provider takes it whatever was typed: a 2-digit month and a 4-digit year.
 */
export function toCardTokenRequest(input: CardFormInput): { card_number: string; expire_month: string; expire_year: string; cvv: string } {
  const parsed = parseExpiration(input.Expiration);
  if (!parsed) throw new Error('toCardTokenRequest: the expiration does not parse');
  return {
    card_number: cardDigits(input.CardNumber.trim()),
    expire_month: String(parsed.month).padStart(2, '0'),
    expire_year: String(parsed.year),
    cvv: input.Cvv.trim(),
  };
}
