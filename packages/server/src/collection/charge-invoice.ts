import type { BillingRenewalTerm } from '@portico/core';
import { afterFailure, declineKind, type DeclineKind } from '@portico/core/billing/index';
import { cardBrandName } from '@portico/core/payments/card-brands';
import type { CompanyConfig } from '../config/company-config.schema.ts';
import type { ServerClock } from '../clock/server-clock.ts';
import { newUid } from '../ids/new-uid.ts';
import type { OutboxMessage } from '../jobs/outbox.repository.ts';
import { RECEIPT_MAIL_TOPIC, type ReceiptMailPayload } from '../mail/receipt-mail.ts';
import { GatewayError, type GatewayIntent, type PaymentGateway } from '../payments/payment-gateway.ts';
import type { PaymentInformationRow } from '../payments/payments.repository.ts';
import type { Repositories, UnitOfWork } from '../unit-of-work.ts';
import { enqueueActivity } from '../webhooks/activity-webhook.ts';
import { invoicePaidEvent } from '../webhooks/activity-events.ts';
import type { StoredInvoice } from '../billing/invoices.repository.ts';
import type { ChargeInvoicePayload, CollectionInvoice } from './collection.repository.ts';
import { PAYMENT_FAILED_MAIL_TOPIC, type PaymentFailedMailPayload, type PaymentFailedReason } from './payment-failed-mail.ts';

export interface CollectionDeps {
  uow: UnitOfWork;
  gateway: PaymentGateway;
  config: CompanyConfig;
  clock: ServerClock;
  /** Whether an activity webhook is configured (no message is written otherwise). */
  activity: boolean;
  wakeOutbox: () => void;
}

/** The gateway's idempotency key of one attempt: a replay of the attempt is the same charge, a new attempt a new one. */
export const attemptKey = (invoiceUid: string, attempt: number) => `invoice:${invoiceUid}:attempt:${attempt}`;

/** The account's saved method this gateway can charge, if any. */
export function chargeableMethod(rows: PaymentInformationRow[], gateway: string): PaymentInformationRow | null {
  return rows.find((i) => i.gateway === gateway && i.customerToken && i.paymentToken) ?? null;
}

interface Failure {
  kind: DeclineKind;
  reason: PaymentFailedReason;
  message: string;
  code: string | null;
  pendingIntentId: string | null;
}

/**
 * The `billing.charge-invoice` handler: one claimed attempt. The saved method is charged off-session
 * (automatic capture) with the attempt's key, outside any transaction; the outcome is then recorded in
 * ONE transaction guarded by `attempt_in_flight = n` (collection.repository.ts finishPaid/finishFailed):
 * a redelivered message, or two handlers at once, charge once at the gateway (same key) and record
 * once (the guard). A gateway error that is not a decline (network, bad request) throws: the attempt
 * stays in flight and the outbox delivers the same attempt again, with the same key.
 */
/**
 * Deliveries of one attempt a refusal of the request itself ('invalid', 'not_found': the saved method gone
 * at the provider, the key reused with other parameters) is retried before it is recorded as a failed
 * attempt: the provider charged nothing, so the invoice goes on by the schedule instead of holding the
 * attempt in flight until the outbox gives the message up. An outage ('unavailable') is never recorded:
 * the charge may have happened, and only the same key can tell.
 */
export const INVALID_DELIVERIES_BEFORE_FAILURE = 3;

export function chargeInvoiceHandler(deps: CollectionDeps) {
  return async (message: Pick<OutboxMessage, 'payload'> & Partial<Pick<OutboxMessage, 'attempts'>>): Promise<void> => {
    const { invoiceUid, attempt } = message.payload as ChargeInvoicePayload;
    const invoice = await deps.uow.collection.invoice(invoiceUid);
    if (!invoice || invoice.status !== 'Open' || invoice.attemptInFlight !== attempt) return; // recorded already, or voided
    const outstanding = invoice.total - invoice.amountPaid;
    const saved = chargeableMethod(await deps.uow.payments.paymentInformationOf(invoice.accountUid), deps.gateway.name);
    if (invoice.pendingIntentId && await settledPending(deps, invoice, attempt, saved, invoice.pendingIntentId)) return;
    if (!saved || outstanding <= 0) {
      await recordFailure(deps, invoice, attempt, null, {
        kind: 'soft', reason: 'no_payment_method', message: 'No payment method on file.', code: 'no_payment_method', pendingIntentId: null,
      });
      return;
    }
    let intent: GatewayIntent;
    try {
      intent = await deps.gateway.chargeSavedMethod({
        customerToken: saved.customerToken!, paymentMethodToken: saved.paymentToken!, amountMinor: outstanding, currency: invoice.currency,
        idempotencyKey: attemptKey(invoiceUid, attempt), captureManually: false,
      });
    } catch (err) {
      const refused = err instanceof GatewayError && (err.kind === 'invalid' || err.kind === 'not_found');
      if (refused && (message.attempts ?? 1) >= INVALID_DELIVERIES_BEFORE_FAILURE) {
        await recordFailure(deps, invoice, attempt, saved, { kind: 'soft', reason: 'declined', message: err.message, code: err.providerCode ?? err.kind, pendingIntentId: null });
        return;
      }
      if (!(err instanceof GatewayError) || err.kind !== 'declined') throw err; // the same attempt again, later
      const kind = declineKind(err.providerCode);
      await recordFailure(deps, invoice, attempt, saved, {
        kind, reason: kind === 'hard' ? 'hard_declined' : kind === 'authentication_required' ? 'authentication_required' : 'declined',
        message: err.message, code: err.providerCode, pendingIntentId: null,
      });
      return;
    }
    if (intent.status === 'succeeded') {
      await recordPaid(deps, invoice, { attempt }, saved, intent);
    } else if (intent.status === 'requires_action') {
      await recordFailure(deps, invoice, attempt, saved, {
        kind: 'authentication_required', reason: 'authentication_required', message: 'Your bank asks you to authenticate this payment.',
        code: 'authentication_required', pendingIntentId: intent.id,
      });
    } else if (intent.status === 'requires_payment_method' || intent.status === 'canceled') {
      await recordFailure(deps, invoice, attempt, saved, {
        kind: 'soft', reason: 'declined', message: intent.lastError ?? 'Your card was declined.', code: 'card_declined', pendingIntentId: null,
      });
    } else {
      // processing (a bank debit still running): the same attempt is looked at again later.
      throw new Error(`invoice ${invoiceUid} attempt ${attempt}: the charge is ${intent.status}`);
    }
  };
}

/**
 * An attempt claimed while the bank waited for the customer (a new card saved, an operator's retry): the
 * intent waiting for authentication must never be paid as well as the new charge. It is asked first:
 * already succeeded (the customer authenticated meanwhile) → booked as this attempt, nothing charged
 * (true); still waiting → cancelled at the provider, then the attempt charges (false). A cancel that
 * loses to the customer's authentication books that payment instead.
 */
async function settledPending(deps: CollectionDeps, invoice: CollectionInvoice, attempt: number, saved: PaymentInformationRow | null, id: string): Promise<boolean> {
  let pending = await deps.gateway.retrieveIntent(id);
  if (pending.status !== 'succeeded' && pending.status !== 'canceled') {
    try {
      pending = await deps.gateway.cancelIntent(id);
    } catch (err) {
      pending = await deps.gateway.retrieveIntent(id);
      if (pending.status !== 'succeeded') throw err;
    }
  }
  if (pending.status !== 'succeeded') return false;
  await recordPaid(deps, invoice, { attempt }, saved, pending);
  return true;
}

/**
 * Books a successful charge: the attempt's guard (or, for an authentication the customer completed,
 * the pending intent's), the payment row, the invoice Paid, the account back to Subscribed, the
 * receipt and the activity event, in one transaction. False when it was recorded already.
 */
export async function recordPaid(
  deps: CollectionDeps, invoice: CollectionInvoice, by: { attempt: number } | { authenticatedIntent: string },
  saved: PaymentInformationRow | null, intent: GatewayIntent,
): Promise<boolean> {
  const now = deps.clock.now();
  const done = await deps.uow.transaction(async (repos) => {
    const row = 'attempt' in by ? await repos.collection.finishPaid(invoice.uid, by.attempt) : await repos.collection.finishAuthenticated(invoice.uid, by.authenticatedIntent);
    if (!row) return false;
    await repos.payments.insertPayment({
      uid: newUid(), accountUid: row.accountUid, invoiceUid: row.uid, paymentInformationUid: saved?.uid ?? null, gateway: deps.gateway.name,
      gatewayReference: intent.id, amount: intent.amountMinor, currency: intent.currency, status: 'succeeded', created: now,
    });
    if (await repos.payments.applyToInvoice(row.uid, intent.amountMinor, now)) await whenPaid(deps, repos, row, intent, now);
    return true;
  });
  if (done) deps.wakeOutbox();
  return done;
}

async function whenPaid(deps: CollectionDeps, repos: Repositories, invoice: CollectionInvoice, intent: GatewayIntent, now: Date): Promise<void> {
  const { stage, plan } = await repos.collection.paidContext(invoice.accountUid, invoice.subscriptionUid);
  // Paid again: a past-due account (or a trial's first paid invoice) is Subscribed, unless another invoice still fails.
  if ((stage === 'PastDue' || stage === 'Trialing') && !(await repos.collection.otherInDunning(invoice.accountUid, invoice.uid))) {
    await repos.collection.setAccountStage(invoice.accountUid, 'Subscribed', now);
  }
  const lines = (invoice.lines ?? []) as { LineItemType: number; Amount: number; Tax: number }[];
  const m = intent.paymentMethod;
  const receipt: ReceiptMailPayload = {
    personUid: '', // the receipt goes to the account's invoice recipients (accountUid), never to one person
    accountUid: invoice.accountUid, invoiceUid: invoice.uid,
    receipt: {
      invoiceNumber: invoice.invoiceNumber, invoiceDate: now.toISOString().slice(0, 10), currency: invoice.currency, amountPaid: invoice.total,
      tax: invoice.tax, discount: -lines.filter((l) => l.LineItemType === 5).reduce((n, l) => n + l.Amount, 0),
      plan: plan?.plan ?? '', term: (plan?.term ?? 'Monthly') as BillingRenewalTerm,
      card: m ? { brand: cardBrandName(m.cardType) ?? m.bankName, last4: m.last4 } : null,
      // The next renewal's day; its amount is this invoice's (a renewal repeats unless usage or coupons change it).
      next: plan?.renewalDate && invoice.kind === 'renewal'
        ? { date: plan.renewalDate.toISOString().slice(0, 10), amount: invoice.total, endsTrial: false, chargedAutomatically: true } : null,
    },
  };
  await repos.outbox.enqueue(RECEIPT_MAIL_TOPIC, receipt);
  // The same event, in the same shape, as a paid sign-up or plan-change invoice sends (webhooks/activity-events.ts).
  await enqueueActivity(repos.outbox, deps.activity, invoicePaidEvent(invoice as StoredInvoice, now));
}

/**
 * Records a failed attempt: a failed payment row (the schedule counts from the first), the invoice's
 * dunning state and next attempt, the account PastDue, the mail and the activity event; after the
 * schedule's last attempt, billing.dunning.afterLastAttempt. Nothing when recorded already.
 */
async function recordFailure(deps: CollectionDeps, invoice: CollectionInvoice, attempt: number, saved: PaymentInformationRow | null, f: Failure): Promise<void> {
  const now = deps.clock.now();
  const dunning = deps.config.billing.dunning;
  const done = await deps.uow.transaction(async (repos) => {
    const firstFailureAt = (await repos.collection.firstFailureAt(invoice.uid)) ?? now;
    const outcome = afterFailure({ kind: f.kind, retryDays: dunning.retryDays, firstFailureAt, failedAttempts: attempt, now });
    const row = await repos.collection.finishFailed(invoice.uid, attempt, {
      status: outcome.status, nextAttemptAt: outcome.nextAttemptAt, message: f.message, code: f.code, pendingIntentId: f.pendingIntentId,
    });
    if (!row) return false;
    await repos.payments.insertPayment({
      uid: newUid(), accountUid: row.accountUid, invoiceUid: row.uid, paymentInformationUid: saved?.uid ?? null, gateway: deps.gateway.name,
      // The attempt's key: unique per attempt (a declined charge's intent id is not always given back).
      gatewayReference: attemptKey(row.uid, attempt), amount: row.total - row.amountPaid, currency: row.currency, status: 'failed',
      failureMessage: f.message.slice(0, 500), created: now,
    });
    if (saved) await repos.payments.recordFailure(row.accountUid, now);
    const stage = await repos.collection.accountStage(row.accountUid);
    const ends = outcome.status === 'exhausted' && dunning.afterLastAttempt === 'cancel' && row.subscriptionUid !== null;
    if (ends && await repos.collection.endSubscription(row.subscriptionUid!, now)) {
      await repos.collection.setAccountStage(row.accountUid, 'Cancelled', now);
      await enqueueActivity(repos.outbox, deps.activity, {
        type: 'subscription.cancelled', occurredAt: now,
        // The cancellation's keys (cancellations.ts): no request row, so Cancellation is null and the reason says why.
        data: { AccountUid: row.accountUid, SubscriptionUid: row.subscriptionUid, EndDate: now.toISOString(), CancelationReason: 'payment_failed', Cancellation: null, InvoiceUid: row.uid },
      });
    } else if (stage !== 'Cancelled') {
      await repos.collection.setAccountStage(row.accountUid, 'PastDue', now);
    }
    const mail: PaymentFailedMailPayload = {
      accountUid: row.accountUid, invoiceUid: row.uid, invoiceNumber: row.invoiceNumber, amount: row.total - row.amountPaid, currency: row.currency,
      reason: f.reason, providerMessage: f.reason === 'no_payment_method' ? null : f.message, nextAttemptAt: outcome.nextAttemptAt?.toISOString() ?? null,
    };
    await repos.outbox.enqueue(PAYMENT_FAILED_MAIL_TOPIC, mail);
    await enqueueActivity(repos.outbox, deps.activity, {
      type: 'payment.failed', occurredAt: now,
      data: {
        AccountUid: row.accountUid, InvoiceUid: row.uid, InvoiceNumber: row.invoiceNumber, Attempt: attempt, Amount: row.total - row.amountPaid, Currency: row.currency,
        DunningStatus: outcome.status, FailureCode: f.code, FailureMessage: f.message, NextAttemptAt: outcome.nextAttemptAt?.toISOString() ?? null,
      },
    });
    return true;
  });
  if (done) deps.wakeOutbox();
}
