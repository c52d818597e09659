import { ErrorCode } from '@portico/core';
import { AppError } from '../http/app-error.ts';
import { newUid } from '../ids/new-uid.ts';
import { findOwnIntent } from './find-own-intent.ts';
import { completedMethod } from './intent-completed.ts';
import type { GatewayIntent, GatewayPaymentMethod } from './payment-gateway.ts';
import type { PaymentsDeps } from './payments-deps.ts';
import type { PaidMessage } from './payments.repository.ts';
import { bookCapturedPayment, settleAuthorizedPayment } from './settle-payment.ts';
import { signupIntentUsable } from './signup-intent-lifetime.ts';
import type { UnitOfWork } from '../unit-of-work.ts';

/**
 * How a registration pays (docs/payments.md "Sign-up payment"), in three steps around its transaction:
 *
 * 1. `verifySignupPayment` BEFORE the transaction: asks the gateway (a network call, and for the
 *    sandbox a query on the main handle, which would wait forever inside a PGlite transaction).
 * 2. `consumeSignupPayment` INSIDE it: marks the intent used (one intent pays once, raced by a
 *    conditional update) and writes the account's payment information and the payment row, with
 *    the outbox messages to write once the money is booked (the receipt).
 * 3. `settleSignupPayment` after the commit (captures the authorization), or `releaseSignupPayment`
 *    after a rollback (cancels it), so a failed registration never takes money. A process that dies
 *    between the commit and the capture leaves the payment 'authorized': payment recovery
 *    (payment-recovery.ts) captures and books it the same way (settle-payment.ts), exactly once.
 */
export interface SignupPaymentRequest {
  clientSecret: string;
  /** What the registration's own charge summary says is due now, minor units; 0 means a setup intent. */
  expectedAmountMinor: number;
  currency: string;
}

export interface VerifiedSignupPayment {
  intentRowUid: string;
  /** When our record of the intent was made (server clock): a sign-up intent pays only within its lifetime. */
  intentMade: Date;
  gateway: PaymentsDeps['gateway']['name'];
  intent: GatewayIntent;
  paymentMethod: GatewayPaymentMethod;
}

export interface ConsumedSignupPayment {
  verified: VerifiedSignupPayment;
  paymentInformationUid: string;
  /** Null for a setup intent (nothing due now). */
  payment: { uid: string; amountMinor: number; currency: string; gatewayReference: string; invoiceUid: string | null; needsCapture: boolean } | null;
}

type GatewayAndStore = Pick<PaymentsDeps, 'gateway' | 'store'>;

export async function verifySignupPayment(deps: GatewayAndStore, req: SignupPaymentRequest): Promise<VerifiedSignupPayment> {
  const { row, intent } = await findOwnIntent(deps, req.clientSecret);
  if (row.consumed) throw new AppError(ErrorCode.PaymentIntentUsed);
  if (row.accountUid !== null) throw new AppError(ErrorCode.PaymentIntentNotFound, 'This intent was made for an existing account, not a sign-up.');
  const kind = req.expectedAmountMinor > 0 ? 'payment' : 'setup';
  const currency = req.currency.toUpperCase();
  // Our record and the gateway must both agree with what the registration prices now.
  const matches = (k: string, amount: number, cur: string) => k === kind && amount === req.expectedAmountMinor && cur.toUpperCase() === currency;
  if (!matches(row.kind, row.amount, row.currency) || !matches(intent.kind, intent.amountMinor, intent.currency)) {
    throw new AppError(ErrorCode.PaymentAmountChanged);
  }
  return { intentRowUid: row.uid, intentMade: row.created, gateway: deps.gateway.name, intent, paymentMethod: completedMethod(intent) };
}

export interface ConsumeContext {
  accountUid: string;
  invoiceUid: string | null;
  /** The registration's now (server clock). */
  at: Date;
  /** Outbox messages to write in the transaction that books the money, when it makes the invoice Paid (the receipt). */
  onPaid?: readonly PaidMessage[] | undefined;
}

export async function consumeSignupPayment(repos: UnitOfWork, verified: VerifiedSignupPayment, ctx: ConsumeContext): Promise<ConsumedSignupPayment> {
  const { intent, paymentMethod: m } = verified;
  const payments = repos.payments;
  // Past its lifetime payment recovery may release the intent at any moment: it pays nothing any more.
  if (!signupIntentUsable(verified.intentMade, ctx.at)) {
    throw new AppError(ErrorCode.PaymentIntentNotFound, 'This payment intent has expired: request a new one.');
  }
  if (!(await payments.consumeIntent(verified.intentRowUid, ctx.accountUid, intent.status, ctx.at))) throw new AppError(ErrorCode.PaymentIntentUsed);
  const info = await payments.replacePaymentInformation({
    uid: newUid(), accountUid: ctx.accountUid, paymentMethodType: m.type, cardType: m.cardType, lastFourDigits: m.last4,
    expirationMonth: m.expMonth, expirationYear: m.expYear, bankName: m.bankName, paymentToken: m.token,
    gateway: verified.gateway, customerToken: intent.customerToken, nameOnCard: m.nameOnCard, latestFailureDateTime: null,
  }, ctx.at);
  if (intent.kind === 'setup') return { verified, paymentInformationUid: info.uid, payment: null };
  const needsCapture = intent.status === 'requires_capture';
  const payment = {
    uid: newUid(), amountMinor: intent.amountMinor, currency: intent.currency, gatewayReference: intent.id, invoiceUid: ctx.invoiceUid, needsCapture,
  };
  // Inserted 'authorized' even when the gateway already took the money: it is booked by the one guarded
  // step (settle-payment.ts), here in this transaction when there is nothing to capture.
  await payments.insertPayment({
    uid: payment.uid, accountUid: ctx.accountUid, invoiceUid: ctx.invoiceUid, paymentInformationUid: info.uid, gateway: verified.gateway,
    gatewayReference: intent.id, amount: intent.amountMinor, currency: intent.currency, status: 'authorized',
    onPaid: ctx.onPaid?.length ? [...ctx.onPaid] : null, created: ctx.at,
  });
  if (!needsCapture) await bookCapturedPayment(repos, { gateway: verified.gateway, gatewayReference: intent.id });
  return { verified, paymentInformationUid: info.uid, payment };
}

/**
 * After the registration committed: captures the authorization and books it on the invoice, writing
 * the payment's outbox messages (the receipt) in the booking transaction when it makes the invoice
 * Paid (settle-payment.ts: exactly once, also against payment recovery). A capture the gateway
 * refuses leaves the payment 'failed' with the provider's message and the invoice open, and is
 * thrown for the log.
 */
export async function settleSignupPayment(deps: GatewayAndStore, consumed: ConsumedSignupPayment): Promise<void> {
  const { payment, verified } = consumed;
  if (!payment?.needsCapture) return; // nothing due, or booked in the registration's transaction
  const outcome = await settleAuthorizedPayment(deps, { gateway: verified.gateway, gatewayReference: payment.gatewayReference });
  if (outcome === 'refused') {
    const row = await deps.store.payments.paymentByReference(verified.gateway, payment.gatewayReference);
    throw new Error(`capture of ${payment.gatewayReference} refused: ${row?.failureMessage ?? 'by the gateway'}`);
  }
}

/** After a failed registration: the authorization is released (a setup intent is left, as the spec's cancel does). */
export async function releaseSignupPayment(deps: GatewayAndStore, verified: VerifiedSignupPayment): Promise<void> {
  if (verified.intent.kind !== 'payment' || verified.intent.status === 'canceled' || verified.intent.status === 'succeeded') return;
  const canceled = await deps.gateway.cancelIntent(verified.intent.id);
  await deps.store.payments.setIntentStatus(verified.intentRowUid, canceled.status);
}
