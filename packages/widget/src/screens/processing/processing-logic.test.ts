import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@portico/core';
import { processingStep, startedRecently } from './processing-logic.ts';

describe('return from the payment redirect (spec 1 section 4)', () => {
  it('not succeeded: back to where the payment started with Errors.PaymentInformationSetupFailed (sign-up: checkout, with the stored subscription)', () => {
    const failed = { status: 'failed' };
    expect(processingStep(failed, 'signUp', 'register', { signUpDraft: true })).toEqual({ kind: 'failed', state: 'checkout', code: ErrorCode.PaymentInformationSetupFailed });
    expect(processingStep(failed, 'savePaymentInformation', undefined, { signUpDraft: false })).toMatchObject({ state: 'updatePaymentInformation' });
    expect(processingStep(failed, 'changePlan', undefined, { signUpDraft: false })).toMatchObject({ state: 'planOptionsChange' });
  });

  it('succeeded: the action decides; a sign-up that then fails reopens register; an unknown action goes to profile', () => {
    const ok = { status: 'succeeded' };
    expect(processingStep(ok, 'signUp', 'checkout', { signUpDraft: true })).toEqual({ kind: 'signUp', onFailure: 'register' });
    expect(processingStep(ok, undefined, undefined, { signUpDraft: true })).toEqual({ kind: 'signUp', onFailure: 'register' });
    expect(processingStep(ok, 'changePlan', undefined, { signUpDraft: false })).toEqual({ kind: 'changePlan' });
    expect(processingStep(ok, 'savePaymentInformation', undefined, { signUpDraft: false })).toEqual({ kind: 'savePaymentInformation' });
    expect(processingStep(ok, undefined, undefined, { signUpDraft: false })).toEqual({ kind: 'profile' });
    expect(processingStep(null, 'signUp', undefined, { signUpDraft: true })).toEqual({ kind: 'nothing' });
  });

  it('a start within the last 5 minutes counts as recent (the token is then reissued)', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    expect(startedRecently(['2026-11-23T11:56:00Z'], now)).toBe(true);
    expect(startedRecently(['2026-11-23T11:54:00Z', null], now)).toBe(false);
  });
});
