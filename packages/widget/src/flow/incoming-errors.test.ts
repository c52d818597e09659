import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@portico/core';
import { problemFromAnswer } from '../api/api-problem.ts';
import { toDisplayErrors } from './incoming-errors.ts';

describe('errors sent along with goTo', () => {
  it('take a failed call, the server\'s field errors, or errors to show, as one list', () => {
    const problem = problemFromAnswer(400, { ErrorCode: ErrorCode.ValidationFailed, Message: 'x', FieldErrors: [{ Field: 'Person.Email', ErrorCode: ErrorCode.InvalidEmail, Message: 'Invalid email' }] }, null);
    expect(toDisplayErrors(problem)).toEqual([{ code: ErrorCode.InvalidEmail, message: 'Invalid email' }]);
    expect(toDisplayErrors([{ Field: 'Card', ErrorCode: ErrorCode.PaymentInformationSetupFailed, Message: '' }])).toEqual([{ code: ErrorCode.PaymentInformationSetupFailed }]);
    expect(toDisplayErrors([{ code: ErrorCode.PaymentInformationSetupFailed }])).toEqual([{ code: ErrorCode.PaymentInformationSetupFailed }]);
  });
});
