import { ErrorCode } from '@portico/core';
import type { StateName } from '@portico/core';

export type ProcessingAction = 'signUp' | 'changePlan' | 'savePaymentInformation';

/** Spec 1 section 9: the token reissue window on the redirect return path. */
export const RECENT_START_MS = 5 * 60 * 1000;

export type ProcessingStep =
  | { kind: 'nothing' }
  /** Back to the state the payment started from, with Errors.PaymentInformationSetupFailed. */
  | { kind: 'failed'; state: StateName; code: ErrorCode }
  /** A registration that fails after the return reopens register with the errors (spec 1 section 4). */
  | { kind: 'signUp'; onFailure: 'register' }
  | { kind: 'changePlan' }
  | { kind: 'savePaymentInformation' }
  /** Any other action: the widget moves to profile. */
  | { kind: 'profile' };

/** Where each action's payment started (its "source tab"); for sign-up, checkout reopens with the stored subscription. */
function sourceOf(action: ProcessingAction | undefined, from: StateName | undefined): StateName {
  if (action === 'changePlan') return 'planOptionsChange';
  if (action === 'savePaymentInformation') return from ?? 'updatePaymentInformation';
  return 'checkout';
}

/**
 * Spec 1 section 4 "Return from the payment redirect": with no redirect values there is nothing
 * to do; a status other than succeeded returns to the source with
 * Errors.PaymentInformationSetupFailed; otherwise the action decides.
 */
export function processingStep(redirect: { status: string } | null, action: ProcessingAction | undefined, from: StateName | undefined, known: { signUpDraft: boolean }): ProcessingStep {
  if (!redirect) return { kind: 'nothing' };
  if (redirect.status !== 'succeeded') return { kind: 'failed', state: sourceOf(action, from), code: ErrorCode.PaymentInformationSetupFailed };
  if (action === 'changePlan') return { kind: 'changePlan' };
  if (action === 'savePaymentInformation') return { kind: 'savePaymentInformation' };
  if (action === 'signUp' || (action === undefined && known.signUpDraft)) return { kind: 'signUp', onFailure: 'register' };
  return { kind: 'profile' };
}

/** Spec 1 section 4: the subscription or an add-on started within the last 5 minutes (the token is then reissued). */
export function startedRecently(starts: readonly (string | null | undefined)[], now: Date): boolean {
  return starts.some((s) => {
    if (!s) return false;
    const at = Date.parse(s);
    return !Number.isNaN(at) && now.getTime() - at >= 0 && now.getTime() - at <= RECENT_START_MS;
  });
}
