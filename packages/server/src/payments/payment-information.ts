import { ErrorCode } from '@portico/core';
import { AppError } from '../http/app-error.ts';
import type { Caller } from '../http/caller.ts';
import { requireMemberOrAdmin, requirePrimaryOrAdmin } from '../accounts/account-access.ts';
import { requireRecentAuthentication } from '../auth/reauthentication.ts';
import { viaGateway } from './gateway-errors.ts';
import type { PaymentsDeps } from './payments-deps.ts';
import { paymentInformationToWire } from './payments.mappers.ts';
import type { WirePaymentInformation } from './payments.schemas.ts';

/** GET /billing/paymentinformation: the account's saved payment method (at most one). */
export async function listPaymentInformation(deps: PaymentsDeps, caller: Caller, accountUid: string): Promise<WirePaymentInformation[]> {
  requireMemberOrAdmin(caller, accountUid);
  if (!(await deps.store.payments.accountExists(accountUid))) throw new AppError(ErrorCode.NotFound, 'Account not found.');
  return (await deps.store.payments.paymentInformationOf(accountUid)).map(paymentInformationToWire);
}

/**
 * DELETE /billing/paymentInformation/{id} (primary contact, re-authenticated; refused with 409
 * Errors.PaymentInformationInUse while the plan has a payment to come). The method is detached at the gateway first, so a
 * gateway outage leaves both sides as they were (502, try again) rather than a card we forgot
 * but the provider can still charge.
 */
export async function deletePaymentInformation(deps: PaymentsDeps, caller: Caller, uid: string): Promise<void> {
  const row = await deps.store.payments.paymentInformation(uid);
  if (!row) throw new AppError(ErrorCode.NotFound, 'Payment information not found.');
  requirePrimaryOrAdmin(caller, row.accountUid, { code: ErrorCode.NotFound, message: 'Payment information not found.' });
  // Removing the card is sensitive (a recent sign-in or 'Confirm it's you'); saving a new one never is: a past-due customer fixes billing at once.
  await requireRecentAuthentication({ uow: deps.store, clock: deps.clock }, caller);
  // The account keeps one method: removing it while the plan still has a payment to come would leave that payment
  // with nothing to charge. Refused with the reason (a replacement is saved over it; cancelling ends the payments).
  const toCome = await deps.paymentToCome(row.accountUid);
  if (toCome) {
    throw new AppError(ErrorCode.PaymentInformationInUse,
      `This card pays for your ${toCome.planName} plan. Add another card before removing it, or cancel the plan.`);
  }
  if (row.paymentToken && row.gateway === deps.gateway.name) await viaGateway(() => deps.gateway.detachPaymentMethod(row.paymentToken!));
  await deps.store.payments.deletePaymentInformation(uid);
}
