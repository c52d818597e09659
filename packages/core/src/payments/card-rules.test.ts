import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../errors/error-codes.ts';
import { cardTypeOf, isCardExpired, isFailureStale, toCardTokenRequest, validateCardForm, type CardFormInput } from './card-rules.ts';

const now = new Date('2026-04-15T12:00:00Z');
const good: CardFormInput = { NameOnCard: 'Ada Lovelace', CardNumber: '4242 4242 4242 4242', Expiration: '12/2030', Cvv: '123' };
const codesFor = (patch: Partial<CardFormInput>) => validateCardForm({ ...good, ...patch }, now).map((e) => [e.Field, e.ErrorCode]);

describe('native card form (spec 1 section 5)', () => {
  it('a complete card has no errors', () => {
    expect(validateCardForm(good, now)).toEqual([]);
  });

  it('an empty form gives the four required messages of the table', () => {
    const errors = validateCardForm({ NameOnCard: '', CardNumber: '', Expiration: '', Cvv: '' }, now);
    expect(errors.map((e) => e.Message)).toEqual(['Name on card is required.', 'Card number is required.', 'Expiration date is required.', 'CVV is required.']);
  });

  it('name on card must contain a space between two names', () => {
    expect(codesFor({ NameOnCard: 'Ada' })).toEqual([['NameOnCard', ErrorCode.NameOnCardInvalidFormat]]);
    expect(codesFor({ NameOnCard: '  Ada  ' })).toEqual([['NameOnCard', ErrorCode.NameOnCardInvalidFormat]]);
    expect(validateCardForm({ ...good, NameOnCard: 'Ada' }, now)[0]!.Message).toBe('Name on card must have both first and last name.');
  });

  it('card number: 13 to 16 digits, optionally separated by spaces or dashes', () => {
    expect(codesFor({ CardNumber: '4242-4242-4242-4242' })).toEqual([]);
    expect(codesFor({ CardNumber: '4222222222222' })).toEqual([]);
    expect(codesFor({ CardNumber: '424242424242' })).toEqual([['CardNumber', ErrorCode.CardNumberIsRequired]]);
    expect(codesFor({ CardNumber: '42424242424242424' })).toEqual([['CardNumber', ErrorCode.CardNumberIsRequired]]);
    expect(codesFor({ CardNumber: '4242 4242 4242 424x' })).toEqual([['CardNumber', ErrorCode.CardNumberIsRequired]]);
  });

  it('accepts only Visa, MasterCard, American Express and Discover', () => {
    expect([
      '4111111111111111', '5555555555554444', '2223003122003222', '378282246310005', '6011111111111117', '6445644564456445', '6221260000000000',
    ].map(cardTypeOf)).toEqual(['visa', 'mast', 'mast', 'amex', 'disc', 'disc', 'disc']);
    for (const other of ['3530111333300000' /* JCB */, '36227206271667' /* Diners */, '6221250000000000', '2721990000000000']) {
      expect(cardTypeOf(other), other).toBeNull();
    }
    const [error] = validateCardForm({ ...good, CardNumber: '3530 1113 3330 0000' }, now);
    expect(error).toMatchObject({ ErrorCode: ErrorCode.InvalidCardType, Message: 'Only Visa, MasterCard, American Express, and Discover are accepted at this time.' });
  });

  it('expiration: month 01-12, a slash, a 2xxx year', () => {
    for (const bad of ['13/2030', '1/2030', '12/30', '12-2030', '12/1999']) {
      expect(codesFor({ Expiration: bad }), bad).toEqual([['Expiration', ErrorCode.ExpirationDateInvalidFormat]]);
    }
    expect(codesFor({ Expiration: ' 01 / 2031 ' })).toEqual([]);
  });

  it('"Card expiry is checked against the 31st of the expiry month", with the clock passed in', () => {
    expect(isCardExpired(4, 2026, new Date('2026-04-30T23:00:00Z'))).toBe(false);
    expect(isCardExpired(4, 2026, new Date('2026-05-01T12:00:00Z'))).toBe(false); // the "31st of April" is May 1st
    expect(isCardExpired(4, 2026, new Date('2026-05-02T00:00:00Z'))).toBe(true);
    expect(isCardExpired(3, 2026, new Date('2026-03-31T23:59:59Z'))).toBe(false);
    expect(codesFor({ Expiration: '03/2026' })).toEqual([['Expiration', ErrorCode.CardExpired]]);
  });

  it('CVV: 3 or 4 digits', () => {
    expect(codesFor({ Cvv: '1234' })).toEqual([]);
    for (const bad of ['12', '12345', '12a']) expect(codesFor({ Cvv: bad }), bad).toEqual([['Cvv', ErrorCode.CVVIsRequired]]);
  });

  it('"A failed card counts as stale when it was updated more than 1 day after the failure"', () => {
    const failure = new Date('2026-04-01T10:00:00Z');
    expect(isFailureStale(new Date('2026-04-02T10:00:00Z'), failure)).toBe(false);
    expect(isFailureStale(new Date('2026-04-02T10:00:01Z'), failure)).toBe(true);
    expect(isFailureStale(new Date('2026-04-09T00:00:00Z'), null)).toBe(false);
  });

  it('builds the provider token request from a valid form', () => {
    expect(toCardTokenRequest({ ...good, CardNumber: '4242-4242 4242-4242', Expiration: '03/2030' }))
      .toEqual({ card_number: '4242424242424242', expire_month: '03', expire_year: '2030', cvv: '123' });
  });

  it('any Visa number of 13 or 16 digits, however grouped, passes (property)', () => {
    const digits = (n: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n }).map((d) => d.join(''));
    fc.assert(fc.property(fc.constantFrom(12, 15).chain(digits), fc.constantFrom(' ', '-', ''), (rest, sep) => {
      const number = `4${rest}`.replace(/(\d{4})(?=\d)/g, `$1${sep}`);
      expect(validateCardForm({ ...good, CardNumber: number }, now)).toEqual([]);
    }));
  });
});
