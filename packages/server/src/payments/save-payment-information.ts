import { ErrorCode } from '@portico/core';
import { AppError, fieldError, validationError } from '../http/app-error.ts';
import type { Caller } from '../http/caller.ts';
import { requirePrimaryOrAdmin } from '../accounts/account-access.ts';
import { newUid } from '../ids/new-uid.ts';
import { viaGateway } from './gateway-errors.ts';
import { findOwnIntent } from './find-own-intent.ts';
import { completedMethod } from './intent-completed.ts';
import type { PaymentsDeps } from './payments-deps.ts';
import { paymentInformationToWire } from './payments.mappers.ts';
import type { SavePaymentBody, WirePaymentInformation } from './payments.schemas.ts';
import { claimAttempt } from '../collection/claim-attempt.ts';

/**
 * POST /billing/paymentinformation: an existing account saves the method it just set up (mode
 * enter) or the payment it just authenticated (mode authenticate). The gateway's intent is the
 * truth: it must belong to this account, be completed, and not have been used before; the card
 * details come from the gateway, never from the body.
 */
export async function savePaymentInformation(deps: PaymentsDeps, caller: Caller, body: SavePaymentBody): Promise<WirePaymentInformation> {
  const accountUid = body.Account.Uid;
  requirePrimaryOrAdmin(caller, accountUid);
  const repo = deps.store.payments;
  if (!(await repo.accountExists(accountUid))) throw new AppError(ErrorCode.NotFound, 'Account not found.');
  const found = await findOwnIntent(deps, body.PaymentClientSecret);
  const { row } = found;
  let { intent } = found;
  if (row.accountUid !== accountUid) throw new AppError(ErrorCode.PaymentIntentNotFound, 'This intent was not made for this account.');
  if (row.consumed) throw new AppError(ErrorCode.PaymentIntentUsed);
  if (body.CustomerToken && body.CustomerToken !== intent.customerToken) {
    throw validationError([fieldError('CustomerToken', ErrorCode.InvalidValue, 'CustomerToken is not the customer of this intent.')]);
  }
  const method = completedMethod(intent);
  if (body.PaymentToken && body.PaymentToken !== method.token) {
    throw validationError([fieldError('PaymentToken', ErrorCode.InvalidValue, 'PaymentToken is not the method of this intent.')]);
  }
  if (intent.status === 'requires_capture') intent = await viaGateway(() => deps.gateway.captureIntent(intent.id));
  const at = deps.clock.now();
  const saved = await deps.store.transaction(async (s) => {
    if (!(await s.payments.consumeIntent(row.uid, accountUid, intent.status, at))) throw new AppError(ErrorCode.PaymentIntentUsed);
    const info = await s.payments.replacePaymentInformation({
      uid: newUid(), accountUid, paymentMethodType: method.type, cardType: method.cardType, lastFourDigits: method.last4,
      expirationMonth: method.expMonth, expirationYear: method.expYear, bankName: method.bankName, paymentToken: method.token,
      gateway: deps.gateway.name, customerToken: intent.customerToken, nameOnCard: method.nameOnCard ?? body.NameOnCard ?? null, latestFailureDateTime: null,
    }, at);
    if (intent.kind === 'payment') {
      // The intent paid the invoices it was priced from (purpose invoices:<uid,...>), oldest first.
      const invoiceUids = row.purpose?.startsWith('invoices:') ? row.purpose.slice('invoices:'.length).split(',') : [];
      await s.payments.insertPayment({
        uid: newUid(), accountUid, invoiceUid: invoiceUids[0] ?? null, paymentInformationUid: info.uid, gateway: deps.gateway.name,
        gatewayReference: intent.id, amount: intent.amountMinor, currency: intent.currency, status: 'succeeded',
      });
      let left = intent.amountMinor;
      for (const invoice of (await s.payments.openInvoices(accountUid)).filter((i) => invoiceUids.includes(i.uid))) {
        const part = Math.min(left, invoice.outstanding);
        if (part > 0) await s.payments.applyToInvoice(invoice.uid, part, at);
        left -= part;
      }
    }
    // A new card retries the account's invoices in dunning at once (docs/billing.md "Collection and dunning"), in this
    // transaction: the attempts exist exactly when the card does; the collector charges the new card.
    const claimed = await claimAttempt(s, { accountUid, inDunning: true });
    return { info, claimed: claimed.length };
  });
  if (saved.claimed > 0) deps.wakeOutbox?.();
  return paymentInformationToWire(saved.info);
}
