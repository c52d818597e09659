import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../errors/error-codes.ts';
import { checkPassword, isPasswordAccepted, passwordFieldErrors, personalDataTokens } from './password-policy.ts';

const strict = {
  MinimumLength: 10, UpperLowerNumberRequired: true, SpecialCharacterRequired: true,
  PasswordHistoryEnabled: true, PasswordHistorySize: 3, PersonalDataDisallowed: true,
};
const failing = (results: ReturnType<typeof checkPassword>) => results.filter((r) => !r.IsValid).map((r) => r.PolicyKey);

describe('password policy (spec 1 section 5, spec 2 section 5)', () => {
  it('with no policy the default MinimumLength 8 applies and is the only rule', () => {
    expect(checkPassword('1234567', null)).toEqual([{ PolicyKey: 'MinimumLength', IsValid: false }]);
    expect(checkPassword('12345678', {})).toEqual([{ PolicyKey: 'MinimumLength', IsValid: true }]);
    expect(checkPassword('12345678', { MinimumLength: 0 })[0]!.IsValid).toBe(true);
    expect(checkPassword('1234567', { MinimumLength: 0 })[0]!.IsValid).toBe(false);
  });

  it('reports IsValid per PolicyKey for every rule the policy turns on', () => {
    const results = checkPassword('password', strict, { personalData: ['ada@example.com'], isInHistory: () => false });
    expect(results.map((r) => r.PolicyKey)).toEqual(['MinimumLength', 'UpperLowerNumberRequired', 'SpecialCharacterRequired', 'PasswordHistoryEnabled', 'PersonalDataDisallowed']);
    expect(failing(results)).toEqual(['MinimumLength', 'UpperLowerNumberRequired', 'SpecialCharacterRequired']);
    expect(isPasswordAccepted(checkPassword('Str0ng!Passw0rd', strict, { isInHistory: () => false }))).toBe(true);
  });

  it('upper, lower and digit are Unicode-aware; white space is not a special character', () => {
    expect(failing(checkPassword('Ärger über 1 Straße', { ...strict, PersonalDataDisallowed: false }))).toEqual(['SpecialCharacterRequired']);
    expect(failing(checkPassword('Ärger-über-1-Straße', { ...strict, PersonalDataDisallowed: false }))).toEqual([]);
  });

  it('length counts characters, not UTF-16 units', () => {
    expect(checkPassword('😀😀😀😀😀😀😀', null)[0]!.IsValid).toBe(false);
  });

  it('history is checked only where the history is known (the server), with the policy size', () => {
    expect(checkPassword('Str0ng!Passw0rd', strict).map((r) => r.PolicyKey)).not.toContain('PasswordHistoryEnabled');
    let size = 0;
    const results = checkPassword('Str0ng!Passw0rd', strict, { isInHistory: (_pw, n) => ((size = n), true) });
    expect(failing(results)).toEqual(['PasswordHistoryEnabled']);
    expect(size).toBe(3);
  });

  it('personal data: names and parts of the email may not appear, in any case', () => {
    const data = ['ada.lovelace+news@example.com', 'Ada', 'Lovelace'];
    expect(personalDataTokens(data)).toEqual(expect.arrayContaining(['ada.lovelace+news', 'ada', 'lovelace', 'news']));
    expect(failing(checkPassword('I-love-LOVELACE-1', strict, { personalData: data }))).toEqual(['PersonalDataDisallowed']);
    expect(failing(checkPassword('Xy!9-Qwerty-zz', strict, { personalData: ['Al', 'jo@x.io'] }))).toEqual([]);
  });

  it('a common-password list plugs in as an extra rule (a later issue fills the list on the server)', () => {
    const results = checkPassword('Password1!', null, { extraRules: [{ PolicyKey: 'CommonPasswordDisallowed', isValid: (pw) => pw.toLowerCase() !== 'password1!' }] });
    expect(failing(results)).toEqual(['CommonPasswordDisallowed']);
    expect(passwordFieldErrors('Password', results).map((e) => e.ErrorCode)).toEqual([ErrorCode.PasswordTooCommon]);
  });

  it('failed rules become field errors with catalogue codes', () => {
    const errors = passwordFieldErrors('NewPassword', checkPassword('abc', strict), strict);
    expect(errors.map((e) => e.ErrorCode)).toEqual([ErrorCode.PasswordTooShort, ErrorCode.PasswordNeedsUpperLowerNumber, ErrorCode.PasswordNeedsSpecialCharacter]);
    expect(errors[0]).toMatchObject({ Field: 'NewPassword', Message: 'The password must be at least 10 characters long.' });
  });

  it('a password meeting the length is accepted under the default policy, whatever it contains (property)', () => {
    fc.assert(fc.property(fc.string({ minLength: 8 }).filter((s) => [...s].length >= 8), (pw) => {
      expect(isPasswordAccepted(checkPassword(pw, null))).toBe(true);
    }));
  });
});
