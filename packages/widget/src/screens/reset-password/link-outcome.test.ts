import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@portico/core';
import { linkOutcome } from './link-outcome.ts';

describe('linkOutcome: where a mailed link that failed leaves the reset screen', () => {
  it('a used sign-up link stays and says the address is confirmed; a 400 stays inline', () => {
    expect(linkOutcome({ status: 409, code: ErrorCode.EmailAlreadyConfirmed })).toBe('alreadyConfirmed');
    expect(linkOutcome({ status: 400, code: ErrorCode.PasswordTooShort })).toBe('inline');
  });

  it('unknown or expired goes to forgotPassword with Errors.InvalidToken; anything else with Errors.UnknownError', () => {
    expect(linkOutcome({ status: 404, code: ErrorCode.InvalidToken })).toEqual({ away: { code: ErrorCode.InvalidToken } });
    expect(linkOutcome({ status: 409, code: ErrorCode.Conflict })).toEqual({ away: { code: ErrorCode.UnknownError } });
    expect(linkOutcome({ status: 500, code: ErrorCode.SystemError })).toEqual({ away: { code: ErrorCode.UnknownError } });
  });
});
