import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../errors/error-codes.ts';
import { checkExpiration, cardTypeOf, isCardExpired, isFailureStale, parseExpiration, toCardTokenRequest, validateCardForm, type CardFormInput } from './card-rules.ts';

const now = new Date('2026-04-15T12:00:00Z');
const good: CardFormInput = { NameOnCard: 'Ada Lovelace', CardNumber: '4242 4242 4242 4242', Expiration: '12/2030', Cvv: '123' };
const pad = (n: number) => String(n).padStart(2, '0');
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

  it('expiration: accepts what people type (issue 13, section 2 item 2)', () => {
    const cases: [string, number, number][] = [
      ['12/30', 12, 2030], ['1230', 12, 2030], ['12 / 30', 12, 2030], ['12/2030', 12, 2030], ['12 / 2030', 12, 2030],
      ['122030', 12, 2030], ['1/30', 1, 2030], ['1 / 2031', 1, 2031], ['01-31', 1, 2031], ['01 - 2031', 1, 2031],
      ['03 31', 3, 2031], [' 01 / 2031 ', 1, 2031], ['09/00', 9, 2000], ['11/99', 11, 2099],
    ];
    for (const [text, month, year] of cases) expect(parseExpiration(text), text).toEqual({ month, year });
    expect(codesFor({ Expiration: '12/30' })).toEqual([]);
    expect(codesFor({ Expiration: '1230' })).toEqual([]);
    expect(codesFor({ Expiration: '12 / 30' })).toEqual([]);
  });

  it('expiration: refuses month 0 or 13+, letters, odd shapes and years outside 20xx', () => {
    for (const bad of [
      '13/2030', '00/30', '0/30', '13/30', '99/30', 'ab/cd', '12/3O', 'Dec 2030', '12/', '/30', '12', '123', '12030', '12/3', '12/303',
      '12//30', '12/30/31', '12.30', '12/1999', '12/2100', '1230 0', '+1/30', '1e1/30', '１２/３０',
    ]) {
      expect(parseExpiration(bad), bad).toBeNull();
      expect(codesFor({ Expiration: bad }), bad).toEqual([['Expiration', ErrorCode.ExpirationDateInvalidFormat]]);
    }
  });

  it('expiration: a year beyond the horizon (20 years from now) is a typing mistake', () => {
    expect(checkExpiration('12/2046', now)).toEqual({ ok: true, expiry: { month: 12, year: 2046 } });
    expect(checkExpiration('01/2047', now)).toEqual({ ok: false, code: ErrorCode.ExpirationDateInvalidFormat });
    expect(checkExpiration('01/99', now)).toEqual({ ok: false, code: ErrorCode.ExpirationDateInvalidFormat });
  });

  it('expiration: which rule failed, and its message', () => {
    expect(checkExpiration('  ', now)).toEqual({ ok: false, code: ErrorCode.ExpirationDateIsRequired });
    expect(checkExpiration('12/3x', now)).toEqual({ ok: false, code: ErrorCode.ExpirationDateInvalidFormat });
    expect(checkExpiration('03/26', now)).toEqual({ ok: false, code: ErrorCode.CardExpired });
    expect(validateCardForm({ ...good, Expiration: '03/26' }, now)).toEqual([
      { Field: 'Expiration', ErrorCode: ErrorCode.CardExpired, Message: 'This card has expired.' },
    ]);
    expect(validateCardForm({ ...good, Expiration: '3/2O26' }, now)[0]!.Message).toBe('Expiration date is not in the correct format.');
  });

  it('a card is valid through the end of its expiry month, with the clock passed in', () => {
    expect(isCardExpired(11, 2026, new Date('2026-11-30T23:59:59.999Z'))).toBe(false);
    expect(isCardExpired(11, 2026, new Date('2026-12-01T00:00:00Z'))).toBe(true);
    expect(checkExpiration('11/26', new Date('2026-11-30T12:00:00Z')).ok).toBe(true);
    expect(checkExpiration('11/26', new Date('2026-12-01T12:00:00Z'))).toEqual({ ok: false, code: ErrorCode.CardExpired });
    // Short months and December roll over correctly (no "31st of April").
    expect(isCardExpired(4, 2026, new Date('2026-04-30T23:59:59Z'))).toBe(false);
    expect(isCardExpired(4, 2026, new Date('2026-05-01T00:00:00Z'))).toBe(true);
    expect(isCardExpired(2, 2028, new Date('2028-02-29T23:00:00Z'))).toBe(false);
    expect(isCardExpired(12, 2026, new Date('2026-12-31T23:59:59Z'))).toBe(false);
    expect(isCardExpired(12, 2026, new Date('2027-01-01T00:00:00Z'))).toBe(true);
    expect(codesFor({ Expiration: '03/2026' })).toEqual([['Expiration', ErrorCode.CardExpired]]);
  });

  it('every month of every year parses the same in each accepted layout (property)', () => {
    const layout = fc.constantFrom(
      (m: number, y: number) => `${pad(m)}/${pad(y % 100)}`,
      (m: number, y: number) => `${pad(m)}${pad(y % 100)}`,
      (m: number, y: number) => `${pad(m)}/${y}`,
      (m: number, y: number) => `${pad(m)} / ${y}`,
      (m: number, y: number) => `${m}/${pad(y % 100)}`,
      (m: number, y: number) => `${pad(m)}-${pad(y % 100)}`,
      (m: number, y: number) => ` ${m} - ${y} `,
      (m: number, y: number) => `${pad(m)}${y}`,
    );
    fc.assert(fc.property(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 2000, max: 2099 }), layout, (month, year, write) => {
      expect(parseExpiration(write(month, year))).toEqual({ month, year });
    }));
  });

  it('a month outside 1-12 is never accepted, in any layout (property)', () => {
    const badMonth = fc.oneof(fc.constant(0), fc.integer({ min: 13, max: 99 }));
    fc.assert(fc.property(badMonth, fc.integer({ min: 0, max: 99 }), fc.constantFrom('/', '', ' / ', '-'), (month, yy, sep) => {
      expect(parseExpiration(`${pad(month)}${sep}${pad(yy)}`)).toBeNull();
    }));
  });

  it('expired exactly from the first instant of the month after the expiry (property)', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 2000, max: 2098 }), fc.integer({ min: 1, max: 40 * 86_400_000 }), (month, year, ms) => {
      const firstOfNext = Date.UTC(year, month, 1);
      expect(isCardExpired(month, year, new Date(firstOfNext - ms))).toBe(false);
      expect(isCardExpired(month, year, new Date(firstOfNext + ms - 1))).toBe(true);
    }));
  });

  it('any text with a letter is refused (property)', () => {
    fc.assert(fc.property(fc.string({ maxLength: 9 }), fc.constantFrom(...'abcxyzOIlDEC'), fc.nat(9), (text, letter, at) => {
      const withLetter = text.slice(0, at) + letter + text.slice(at);
      expect(parseExpiration(withLetter)).toBeNull();
    }));
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
    // Whatever layout was typed, the provider gets MM and YYYY as before.
    for (const typed of ['3/30', '03 / 30', '0330', '03-2030']) {
      expect(toCardTokenRequest({ ...good, Expiration: typed }), typed).toMatchObject({ expire_month: '03', expire_year: '2030' });
    }
  });

  it('any Visa number of 13 or 16 digits, however grouped, passes (property)', () => {
    const digits = (n: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: n, maxLength: n }).map((d) => d.join(''));
    fc.assert(fc.property(fc.constantFrom(12, 15).chain(digits), fc.constantFrom(' ', '-', ''), (rest, sep) => {
      const number = `4${rest}`.replace(/(\d{4})(?=\d)/g, `$1${sep}`);
      expect(validateCardForm({ ...good, CardNumber: number }, now)).toEqual([]);
    }));
  });
});
