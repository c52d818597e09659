import { ErrorCode } from '@portico/core';
import { AppError } from '../http/app-error.ts';
import { newUid } from '../ids/new-uid.ts';
import { findOwnIntent } from './find-own-intent.ts';
import { completedMethod } from './intent-completed.ts';
import type { GatewayIntent, GatewayPaymentMethod } from './payment-gateway.ts';
import type { PaymentsDeps } from './payments-deps.ts';
import type { PaymentsRepository } from './payments.repository.ts';
import type { UnitOfWork } from '../db/unit-of-work.ts';

/**
 * How a registration pays (docs/payments.md "Sign-up payment"), in three steps around its transaction:
 *
 * 1. `verifySignupPayment` BEFORE the transaction: asks the gateway (a network call, and for the
 *    sandbox a query on the main handle, which would wait forever inside a PGlite transaction).
 * 2. `consumeSignupPayment` INSIDE it: marks the intent used (one intent pays once, raced by a
 *    conditional update) and writes the account's payment information and the payment row.
 * 3. `settleSignupPayment` after the commit (captures the authorization), or `releaseSignupPayment`
 *    after a rollback (cancels it), so a failed registration never takes money.
 */
export interface SignupPaymentRequest {
  clientSecret: string;
  /** What the registration's own charge summary says is due now, minor units; 0 means a setup intent. */
  expectedAmountMinor: number;
  currency: string;
}

export interface VerifiedSignupPayment {
  intentRowUid: string;
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
  return { intentRowUid: row.uid, gateway: deps.gateway.name, intent, paymentMethod: completedMethod(intent) };
}

export async function consumeSignupPayment(
  payments: PaymentsRepository, verified: VerifiedSignupPayment, ctx: { accountUid: string; invoiceUid: string | null; at: Date },
): Promise<ConsumedSignupPayment> {
  const { intent, paymentMethod: m } = verified;
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
  await payments.insertPayment({
    uid: payment.uid, accountUid: ctx.accountUid, invoiceUid: ctx.invoiceUid, paymentInformationUid: info.uid, gateway: verified.gateway,
    gatewayReference: intent.id, amount: intent.amountMinor, currency: intent.currency, status: needsCapture ? 'authorized' : 'succeeded',
  });
  return { verified, paymentInformationUid: info.uid, payment };
}

/**
 * After the registration committed: captures the authorization and books it on the invoice. A
 * capture the gateway refuses leaves the payment 'failed' with the provider's message and the
 * invoice open (the account exists; collecting is then a billing matter), and is rethrown for the log.
 * `whenPaid` runs in the transaction that books the money, when the invoice is Paid by it: what
 * follows the payment (the receipt mail in the outbox) is written exactly when the money is booked.
 */
export async function settleSignupPayment(
  deps: GatewayAndStore, consumed: ConsumedSignupPayment, whenPaid?: (repos: UnitOfWork) => Promise<void>,
): Promise<void> {
  const { payment, verified } = consumed;
  if (!payment) return;
  const repo = deps.store.payments;
  if (payment.needsCapture) {
    try {
      const captured = await deps.gateway.captureIntent(payment.gatewayReference);
      await repo.setIntentStatus(verified.intentRowUid, captured.status);
    } catch (err) {
      await repo.setPaymentStatus(verified.gateway, payment.gatewayReference, 'failed', err instanceof Error ? err.message.slice(0, 500) : 'capture failed');
      throw err;
    }
    await repo.setPaymentStatus(verified.gateway, payment.gatewayReference, 'succeeded');
  }
  const invoiceUid = payment.invoiceUid;
  if (!invoiceUid) return;
  await deps.store.transaction(async (repos) => {
    if ((await repos.payments.applyToInvoice(invoiceUid, payment.amountMinor)) && whenPaid) await whenPaid(repos);
  });
}

/** After a failed registration: the authorization is released (a setup intent is left, as the spec's cancel does). */
export async function releaseSignupPayment(deps: GatewayAndStore, verified: VerifiedSignupPayment): Promise<void> {
  if (verified.intent.kind !== 'payment' || verified.intent.status === 'canceled' || verified.intent.status === 'succeeded') return;
  const canceled = await deps.gateway.cancelIntent(verified.intent.id);
  await deps.store.payments.setIntentStatus(verified.intentRowUid, canceled.status);
}
