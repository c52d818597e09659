import { describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD_POLICY, checkPassword } from '@portico/core/passwords/password-policy';
import { expectedRules } from './password-rules.tsx';

describe('the indicators shown before anything is typed', () => {
  it('are the rules the policy turns on, in the order the server answers them, plus the common-password rule', () => {
    expect(expectedRules(DEFAULT_PASSWORD_POLICY)).toEqual(['MinimumLength', 'CommonPasswordDisallowed']);
    const strict = { MinimumLength: 12, UpperLowerNumberRequired: true, SpecialCharacterRequired: true, PasswordHistoryEnabled: true, PasswordHistorySize: 3, PersonalDataDisallowed: true };
    expect(expectedRules(strict)).toEqual(['MinimumLength', 'UpperLowerNumberRequired', 'SpecialCharacterRequired', 'PasswordHistoryEnabled', 'PersonalDataDisallowed', 'CommonPasswordDisallowed']);
    // The local check (no history, no common list) answers a subset of them.
    const local = checkPassword('x', strict).map((r) => r.PolicyKey);
    expect(expectedRules(strict)).toEqual(expect.arrayContaining(local));
    expect(expectedRules({ ...strict, PasswordHistorySize: 0 })).not.toContain('PasswordHistoryEnabled');
  });
});
