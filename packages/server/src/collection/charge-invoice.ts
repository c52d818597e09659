import type { BillingRenewalTerm } from '@portico/core';
import { afterFailure, declineKind, type DeclineKind } from '@portico/core/billing/index';
import { cardBrandName } from '@portico/core/payments/card-brands';
import type { CompanyConfig } from '../config/company-config.schema.ts';
import type { ServerClock } from '../clock/server-clock.ts';
import { newUid } from '../ids/new-uid.ts';
import type { OutboxBatchHandler } from '../jobs/outbox-worker.ts';
import type { OutboxMessage, OutboxTopic } from '../jobs/outbox.repository.ts';
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
 * Deliveries of one attempt a refusal of the request itself ('invalid', 'not_found': the saved method gone
 * at the provider, the key reused with other parameters) is retried before it is recorded as a failed
 * attempt: the provider charged nothing, so the invoice goes on by the schedule instead of holding the
 * attempt in flight until the outbox gives the message up. An outage ('unavailable') is never recorded:
 * the charge may have happened, and only the same key can tell.
 */
export const INVALID_DELIVERIES_BEFORE_FAILURE = 3;

/** Attempts one delivery of `billing.charge-invoice` takes (the outbox claims them together; a renewal batch writes 200). */
export const CHARGE_BATCH = 100;
/** Gateway calls of one delivery in flight at once: a provider's request rate, and the database pool the sandbox shares. */
export const CHARGE_CONCURRENCY = 8;

/** A successful charge waiting for the delivery's one booking transaction. */
interface PaidCharge {
  invoice: CollectionInvoice;
  by: { attempt: number } | { authenticatedIntent: string };
  saved: PaymentInformationRow | null;
  intent: GatewayIntent;
}

type ChargeMessage = Pick<OutboxMessage, 'uid' | 'payload'> & Partial<Pick<OutboxMessage, 'attempts'>>;

/**
 * The `billing.charge-invoice` handler, several claimed attempts at a time (docs/billing.md "Collection
 * and dunning"). Each saved method is charged off-session (automatic capture) with its attempt's key,
 * outside any transaction, a few at once; the successes are then booked together in ONE transaction
 * guarded by `attempt_in_flight = n` (collection.repository.ts finishPaid), the failures one by one
 * (recordFailure): a redelivered message, or two handlers at once, charge once at the gateway (same
 * key) and record once (the guard). A gateway error that is not a decline (network, bad request) fails
 * that message only: its attempt stays in flight and the outbox delivers it again, with the same key.
 */
export function chargeInvoicesHandler(deps: CollectionDeps): OutboxBatchHandler {
  return { batchSize: CHARGE_BATCH, deliverMany: (messages) => chargeMany(deps, messages) };
}

/** One message through the same path (the tests' and a single redelivery's view); throws its failure. */
export function chargeInvoiceHandler(deps: CollectionDeps) {
  return async (message: Omit<ChargeMessage, 'uid'>): Promise<void> => {
    const failures = await chargeMany(deps, [{ uid: 'message', ...message }]);
    if (failures.size) throw failures.get('message');
  };
}

async function chargeMany(deps: CollectionDeps, messages: ChargeMessage[]): Promise<Map<string, unknown>> {
  const failures = new Map<string, unknown>();
  const wanted = messages.map((m) => ({ m, p: m.payload as ChargeInvoicePayload }));
  const invoices = await deps.uow.collection.invoices(wanted.map((w) => w.p.invoiceUid));
  // Recorded already, or voided: nothing to do, delivered.
  const live = wanted.flatMap(({ m, p }) => {
    const invoice = invoices.get(p.invoiceUid);
    return invoice && invoice.status === 'Open' && invoice.attemptInFlight === p.attempt ? [{ m, invoice, attempt: p.attempt }] : [];
  });
  const methods = await deps.uow.payments.paymentInformationOfAccounts([...new Set(live.map((l) => l.invoice.accountUid))]);
  const paid: { uid: string; charge: PaidCharge }[] = [];
  await eachLimited(live, CHARGE_CONCURRENCY, async ({ m, invoice, attempt }) => {
    try {
      const saved = chargeableMethod(methods.get(invoice.accountUid) ?? [], deps.gateway.name);
      const charge = await chargeAttempt(deps, invoice, attempt, saved, m.attempts ?? 1);
      if (charge) paid.push({ uid: m.uid, charge });
    } catch (err) {
      failures.set(m.uid, err);
    }
  });
  try {
    await recordPaidMany(deps, paid.map((p) => p.charge));
  } catch (err) {
    // Charged at the gateway, not booked: redelivered, the same key answers the same charge.
    for (const p of paid) failures.set(p.uid, err);
  }
  return failures;
}

/** Runs `work` over the items, at most `limit` at once. */
async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => { while (next < items.length) await work(items[next++]!); };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/**
 * One attempt at the gateway: a success is answered for the delivery's booking; a decline, an
 * authentication asked for or no method is recorded here (recordFailure); a pending authentication the
 * customer completed meanwhile is booked by settledPending. Throws when the same attempt must be
 * delivered again.
 */
async function chargeAttempt(deps: CollectionDeps, invoice: CollectionInvoice, attempt: number, saved: PaymentInformationRow | null, deliveries: number): Promise<PaidCharge | null> {
  const outstanding = invoice.total - invoice.amountPaid;
  if (invoice.pendingIntentId && await settledPending(deps, invoice, attempt, saved, invoice.pendingIntentId)) return null;
  if (!saved || outstanding <= 0) {
    await recordFailure(deps, invoice, attempt, null, {
      kind: 'soft', reason: 'no_payment_method', message: 'No payment method on file.', code: 'no_payment_method', pendingIntentId: null,
    });
    return null;
  }
  let intent: GatewayIntent;
  try {
    intent = await deps.gateway.chargeSavedMethod({
      customerToken: saved.customerToken!, paymentMethodToken: saved.paymentToken!, amountMinor: outstanding, currency: invoice.currency,
      idempotencyKey: attemptKey(invoice.uid, attempt), captureManually: false,
    });
  } catch (err) {
    const refused = err instanceof GatewayError && (err.kind === 'invalid' || err.kind === 'not_found');
    if (refused && deliveries >= INVALID_DELIVERIES_BEFORE_FAILURE) {
      await recordFailure(deps, invoice, attempt, saved, { kind: 'soft', reason: 'declined', message: err.message, code: err.providerCode ?? err.kind, pendingIntentId: null });
      return null;
    }
    if (!(err instanceof GatewayError) || err.kind !== 'declined') throw err; // the same attempt again, later
    const kind = declineKind(err.providerCode);
    await recordFailure(deps, invoice, attempt, saved, {
      kind, reason: kind === 'hard' ? 'hard_declined' : kind === 'authentication_required' ? 'authentication_required' : 'declined',
      message: err.message, code: err.providerCode, pendingIntentId: null,
    });
    return null;
  }
  if (intent.status === 'succeeded') return { invoice, by: { attempt }, saved, intent };
  if (intent.status === 'requires_action') {
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
    throw new Error(`invoice ${invoice.uid} attempt ${attempt}: the charge is ${intent.status}`);
  }
  return null;
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
  deps: CollectionDeps, invoice: CollectionInvoice, by: PaidCharge['by'], saved: PaymentInformationRow | null, intent: GatewayIntent,
): Promise<boolean> {
  return (await recordPaidMany(deps, [{ invoice, by, saved, intent }])) === 1;
}

/** recordPaid for several charges in ONE transaction (a charge delivery's successes); answers how many it booked. */
async function recordPaidMany(deps: CollectionDeps, charges: PaidCharge[]): Promise<number> {
  if (charges.length === 0) return 0;
  const now = deps.clock.now();
  const booked = await deps.uow.transaction(async (repos) => {
    const byAttempt = charges.filter((c) => 'attempt' in c.by);
    const rows = await repos.collection.finishPaid(byAttempt.map((c) => ({ uid: c.invoice.uid, attempt: (c.by as { attempt: number }).attempt })));
    for (const c of charges) {
      if (!('authenticatedIntent' in c.by)) continue;
      const row = await repos.collection.finishAuthenticated(c.invoice.uid, c.by.authenticatedIntent);
      if (row) rows.push(row);
    }
    if (rows.length === 0) return 0;
    const chargeOf = new Map(charges.map((c) => [c.invoice.uid, c]));
    await repos.payments.insertPayment(rows.map((row) => {
      const { saved, intent } = chargeOf.get(row.uid)!;
      return {
        uid: newUid(), accountUid: row.accountUid, invoiceUid: row.uid, paymentInformationUid: saved?.uid ?? null, gateway: deps.gateway.name,
        gatewayReference: intent.id, amount: intent.amountMinor, currency: intent.currency, status: 'succeeded', created: now,
      };
    }));
    const nowPaid = await repos.payments.applyToInvoices(rows.map((row) => ({ invoiceUid: row.uid, amountMinor: chargeOf.get(row.uid)!.intent.amountMinor })), now);
    await whenPaid(deps, repos, rows.filter((row) => nowPaid.has(row.uid)).map((row) => ({ invoice: row, intent: chargeOf.get(row.uid)!.intent })), now);
    return rows.length;
  });
  if (booked) deps.wakeOutbox();
  return booked;
}

async function whenPaid(deps: CollectionDeps, repos: Repositories, paid: { invoice: CollectionInvoice; intent: GatewayIntent }[], now: Date): Promise<void> {
  if (paid.length === 0) return;
  const contexts = await repos.collection.paidContexts(paid.map((p) => p.invoice.uid));
  const messages: { topic: OutboxTopic; payload: unknown }[] = [];
  const collect = { enqueue: async (topic: OutboxTopic, payload: unknown) => { messages.push({ topic, payload }); return ''; } };
  for (const { invoice, intent } of paid) {
    const { stage, plan } = contexts.get(invoice.uid) ?? { stage: null, plan: null };
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
    messages.push({ topic: RECEIPT_MAIL_TOPIC, payload: receipt });
    // The same event, in the same shape, as a paid sign-up or plan-change invoice sends (webhooks/activity-events.ts).
    await enqueueActivity(collect, deps.activity, invoicePaidEvent(invoice as StoredInvoice, now));
  }
  await repos.outbox.enqueueMany(messages);
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
