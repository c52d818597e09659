import { ErrorCode } from '@portico/core';
import { AppError, fieldError, validationError } from '../http/app-error.ts';
import type { Caller } from '../http/caller.ts';
import { requirePrimaryOrAdmin } from '../accounts/account-access.ts';
import { findOwnIntent, INTENT_NOT_FOUND } from './find-own-intent.ts';
import type { PaymentsDeps } from './payments-deps.ts';

/**
 * POST /billing/paymentinformation/stripe/sf: the widget reports that setting up a payment method
 * failed. With an account, its saved method gets LatestFailureDateTime (spec 1 section 3, used by
 * the stale-failure rule); at sign-up there is no account and nothing is recorded but the intent's state.
 */
export async function recordSetupFailure(deps: PaymentsDeps, caller: Caller, body: { ClientSecret?: string | undefined; Account?: { Uid: string } | undefined }): Promise<{ LatestFailureDateTime: string | null }> {
  if (body.Account) requirePrimaryOrAdmin(caller, body.Account.Uid);
  let accountUid = body.Account?.Uid ?? null;
  if (body.ClientSecret) {
    const { row, intent } = await findOwnIntent(deps, body.ClientSecret);
    if (row.accountUid && accountUid && row.accountUid !== accountUid) {
      throw validationError([fieldError('ClientSecret', ErrorCode.InvalidValue, 'This intent belongs to another account.')]);
    }
    if (row.accountUid && !accountUid) {
      requirePrimaryOrAdmin(caller, row.accountUid, INTENT_NOT_FOUND);
      accountUid = row.accountUid;
    }
    await deps.store.payments.setIntentStatus(row.uid, intent.status);
  }
  if (!accountUid) return { LatestFailureDateTime: null };
  if (!(await deps.store.payments.accountExists(accountUid))) throw new AppError(ErrorCode.NotFound, 'Account not found.');
  const at = deps.clock.now();
  const marked = await deps.store.payments.recordFailure(accountUid, at);
  return { LatestFailureDateTime: marked > 0 ? at.toISOString() : null };
}
