import { ErrorCode, toMajor } from '@portico/core';
import { timingSafeEqual } from 'node:crypto';
import { requirePrimary } from '../accounts/account-access.ts';
import { AppError, PaymentAuthenticationRequiredError } from '../http/app-error.ts';
import type { Caller } from '../http/caller.ts';
import { callerScope, requestHash, storedAnswer, withIdempotency, type Answer } from '../http/idempotency.ts';
import { viaGateway } from '../payments/gateway-errors.ts';
import { chargeableMethod, recordPaid, type CollectionDeps } from './charge-invoice.ts';
import type { CollectionInvoice } from './collection.repository.ts';
import type { InvoicePaymentOut } from './collection.schemas.ts';

const NOT_FOUND = () => new AppError(ErrorCode.NotFound, 'Invoice not found.');
const sameSecret = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** The account owner's invoice (another account's answers as an unknown one). */
async function ownInvoice(deps: CollectionDeps, caller: Caller, uid: string): Promise<CollectionInvoice> {
  const me = requirePrimary(caller);
  const invoice = await deps.uow.collection.invoice(uid);
  if (!invoice || invoice.accountUid !== me.accountUid) throw NOT_FOUND();
  return invoice;
}

async function toWire(deps: CollectionDeps, i: CollectionInvoice): Promise<InvoicePaymentOut> {
  const waiting = i.status === 'Open' && i.dunningStatus === 'action_required' && i.pendingIntentId;
  const secret = waiting ? (await viaGateway(() => deps.gateway.retrieveIntent(i.pendingIntentId!))).clientSecret : null;
  return {
    InvoiceUid: i.uid, InvoiceNumber: i.invoiceNumber, Amount: toMajor(i.total, i.currency), Currency: i.currency,
    Status: i.status as InvoicePaymentOut['Status'], DunningStatus: i.dunningStatus, ClientSecret: secret,
  };
}

/** GET /profile/account/invoices/{Uid}/payment: what the 'Authenticate your payment' screen shows. */
export async function invoicePayment(deps: CollectionDeps, caller: Caller, uid: string): Promise<InvoicePaymentOut> {
  return toWire(deps, await ownInvoice(deps, caller, uid));
}

/**
 * POST /profile/account/invoices/{Uid}/payment: the customer completed the bank's step on the intent
 * the attempt left (`pending_intent_id`). The gateway is asked (never the body): succeeded → booked as
 * that attempt's success, exactly once (a twin or a replay finds it booked and answers Paid); still
 * waiting → 402 PaymentAuthenticationRequired; refused → 402 CardDeclined. Only the invoice's pending
 * intent is accepted: a forged or another invoice's secret is PaymentIntentNotFound.
 */
export async function completeInvoicePayment(
  deps: CollectionDeps, caller: Caller, uid: string, clientSecret: string, key: string | undefined,
): Promise<Answer<InvoicePaymentOut>> {
  const me = requirePrimary(caller);
  const idem = { scope: `${callerScope('POST /profile/account/invoices/payment', caller)} invoice:${uid}`, key, requestHash: requestHash(uid, clientSecret) };
  const replay = await storedAnswer<InvoicePaymentOut>(deps.uow, idem);
  if (replay) return replay;
  const invoice = await ownInvoice(deps, caller, uid);
  if (invoice.status !== 'Open') throw new AppError(ErrorCode.InvoiceNotOpen);
  const pending = invoice.pendingIntentId;
  if (!pending) throw new AppError(ErrorCode.PaymentIntentNotFound, 'This invoice is not waiting for an authentication.');
  const intent = await viaGateway(() => deps.gateway.retrieveIntent(pending));
  if (!sameSecret(intent.clientSecret, clientSecret)) throw new AppError(ErrorCode.PaymentIntentNotFound);
  if (intent.status === 'requires_action' || intent.status === 'requires_confirmation') throw new PaymentAuthenticationRequiredError(intent.clientSecret);
  if (intent.status !== 'succeeded') throw new AppError(ErrorCode.CardDeclined, intent.lastError ?? 'Your card was declined.');
  const saved = chargeableMethod(await deps.uow.payments.paymentInformationOf(me.accountUid), deps.gateway.name);
  // Booked here, or by a twin; while an attempt is in flight (a card saved meanwhile) that attempt books this intent instead.
  await recordPaid(deps, invoice, { authenticatedIntent: pending }, saved, intent);
  // The answer is read before the transaction: no gateway call may wait inside it (PGlite's one connection).
  const body = await toWire(deps, (await deps.uow.collection.invoice(uid))!);
  return withIdempotency(deps.uow, idem, async () => ({ statusCode: 200, body }));
}
