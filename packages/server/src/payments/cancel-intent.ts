import { ErrorCode } from '@portico/core';
import { AppError } from '../http/app-error.ts';
import type { Caller } from '../http/caller.ts';
import { requirePrimaryOrAdmin } from '../accounts/account-access.ts';
import { viaGateway } from './gateway-errors.ts';
import { findOwnIntent, INTENT_NOT_FOUND } from './find-own-intent.ts';
import type { PaymentsDeps } from './payments-deps.ts';

/**
 * POST /billing/paymentinformation/stripe/cancel-intent: the widget gives up an intent (a failed
 * sign-up, a changed amount). Spec 1 section 4: cancelled unless it is a setup intent. A sign-up
 * intent needs only its client secret; an account's intent needs a caller who manages the account.
 */
export async function cancelIntent(deps: PaymentsDeps, caller: Caller, clientSecret: string): Promise<{ Canceled: boolean; Status: string }> {
  const { row, intent } = await findOwnIntent(deps, clientSecret);
  if (row.accountUid) requirePrimaryOrAdmin(caller, row.accountUid, INTENT_NOT_FOUND);
  if (row.consumed) throw new AppError(ErrorCode.PaymentIntentUsed, 'This payment belongs to a completed sign-up or change; it cannot be cancelled here.');
  if (intent.kind === 'setup') return { Canceled: false, Status: intent.status };
  if (intent.status === 'canceled') return { Canceled: true, Status: intent.status };
  if (intent.status === 'succeeded' || intent.status === 'processing') {
    throw new AppError(ErrorCode.Conflict, 'This payment has already been taken; it cannot be cancelled.');
  }
  const canceled = await viaGateway(() => deps.gateway.cancelIntent(intent.id));
  await deps.store.payments.setIntentStatus(row.uid, canceled.status);
  return { Canceled: canceled.status === 'canceled', Status: canceled.status };
}
