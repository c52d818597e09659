import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@portico/core';
import { enPayments } from '../i18n/en-payments.ts';
import { CARD_FIELDS, cardRuleErrors, shownCardErrors, type CardField } from './card-form-logic.ts';

const now = new Date('2026-11-26T12:00:00Z');
const good = { NameOnCard: 'Ada Lovelace', CardNumber: '4242 4242 4242 4242', Expiration: '12 / 30', Cvv: '123' };
const expirationFor = (Expiration: string, at = now) => cardRuleErrors({ ...good, Expiration }, at).Expiration;
const none = new Set<CardField>();

describe('the card form says which field is wrong and why', () => {
  it('the expiry input asks for digits, names itself for autofill and shows MM / YY', () => {
    const exp = CARD_FIELDS.find((f) => f.name === 'Expiration')!;
    expect(exp).toMatchObject({ autoComplete: 'cc-exp', inputMode: 'numeric', placeholder: 'payments.expPlaceholder' });
    expect(enPayments.expPlaceholder).toBe('MM / YY');
  });

  it('the expiry field gets the spec\'s messages and "This card has expired."', () => {
    expect(expirationFor('')).toEqual({ code: ErrorCode.ExpirationDateIsRequired, message: 'Expiration date is required.' });
    expect(expirationFor('13 / 30')).toEqual({ code: ErrorCode.ExpirationDateInvalidFormat, message: 'Expiration date is not in the correct format.' });
    expect(expirationFor('12 / 3')).toEqual({ code: ErrorCode.ExpirationDateInvalidFormat, message: 'Expiration date is not in the correct format.' });
    expect(expirationFor('10 / 26')).toEqual({ code: ErrorCode.CardExpired, message: 'This card has expired.' });
  });

  it('what the formatter shows passes: MM / YY and MM / YYYY, valid through the end of the month', () => {
    expect(expirationFor('12 / 30')).toBeUndefined();
    expect(expirationFor('12 / 2030')).toBeUndefined();
    expect(expirationFor('11 / 26', new Date('2026-11-30T23:00:00Z'))).toBeUndefined();
    expect(expirationFor('11 / 26', new Date('2026-12-01T00:00:00Z'))?.code).toBe(ErrorCode.CardExpired);
  });

  it('a rule error shows once the field was left, or after a submit; not while first typing', () => {
    const rules = cardRuleErrors({ ...good, Expiration: '10 / 26', Cvv: '' }, now);
    expect(shownCardErrors(rules, {}, none, false)).toEqual({});
    expect(shownCardErrors(rules, {}, new Set<CardField>(['Expiration']), false)).toEqual({ Expiration: rules.Expiration });
    expect(Object.keys(shownCardErrors(rules, {}, none, true))).toEqual(['Expiration', 'Cvv']);
  });

  it("the provider's error for a field shows whatever the field's state, before the rule's", () => {
    const provider = { CardNumber: { code: 'Errors.CardNumberInvalid', message: 'Your card number is incorrect.' } };
    expect(shownCardErrors({}, provider, none, false)).toEqual(provider);
    expect(shownCardErrors(cardRuleErrors({ ...good, CardNumber: '' }, now), provider, none, true).CardNumber).toBe(provider.CardNumber);
  });
});
