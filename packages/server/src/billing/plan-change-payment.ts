import { createHash, timingSafeEqual } from 'node:crypto';
import { invoicePaidEvent, invoicePaidOnPaid, recordActivity, type ActivityDeps } from '../webhooks/activity-events.ts';
import { ErrorCode } from '@portico/core';
import type { ChargeSummary } from '@portico/core/billing/index';
import { cardBrandName } from '@portico/core/payments/card-brands';
import { AppError, PaymentAuthenticationRequiredError } from '../http/app-error.ts';
import { newUid } from '../ids/new-uid.ts';
import { RECEIPT_MAIL_TOPIC, type ReceiptMailPayload } from '../mail/receipt-mail.ts';
import { viaGateway } from '../payments/gateway-errors.ts';
import { intentIdFromClientSecret, type GatewayIntent, type GatewayPaymentMethod, type PaymentGateway } from '../payments/payment-gateway.ts';
import type { PaymentInformationRow, PaymentIntentRow } from '../payments/payments.repository.ts';
import { settleAuthorizedPayment } from '../payments/settle-payment.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import type { PreparedChange } from './prepare-change.ts';

/**
 * How a plan change pays (docs/payments.md "Plan change payment"), the sign-up's pattern around the
 * change's transaction:
 *
 * 1. `authorizeChange` BEFORE the transaction (never inside: a gateway call must not hold it open, and
 *    the sandbox's own writes would wait forever on PGlite's one connection): the due-now total is
 *    authorized off-session on the account's saved method (manual capture), or the intent the customer
 *    authenticated (`PaymentClientSecret`) is verified: this account's customer, the amount, unused.
 * 2. `recordChangePayment` INSIDE it: the plan_change invoice and the payment row ('authorized'), with
 *    the receipt stored on the payment (written when the money is booked).
 * 3. `finishChangePayment` after it, committed or not: a payment row exists → capture and book it
 *    (settle-payment.ts, exactly once, also against payment recovery); none → the authorization is
 *    released. A process dying in between leaves either an 'authorized' payment (recovery captures it)
 *    or an authorization nobody owns, which lapses at the provider (about 7 days; nothing is captured).
 */
export interface ChangePaymentDeps {
  gateway: PaymentGateway;
  uow: UnitOfWork;
}

/** Money the change's transaction may book: an authorized (or already paid) intent for exactly the due-now total. */
export interface AuthorizedChange {
  intent: GatewayIntent;
  /** Our record of the intent when it was made through POST /billing/paymentinformation/intent (an on-session card). */
  intentRow: PaymentIntentRow | null;
  method: GatewayPaymentMethod | null;
  /** The saved method paid (null: the intent's own method, saved by the change). */
  saved: PaymentInformationRow | null;
}

/** What is charged today for a prepared change: the due-now total of an immediate change that changes something. */
export function dueNowOf(p: PreparedChange): number {
  if (p.sameItemsAsBase || !p.summaries.immediate) return 0;
  return p.summaries.now.Total;
}

/** The credit an immediate change leaves (unused time worth more than the new items today), minor units. */
export function creditOf(summary: ChargeSummary): number {
  return summary.InvoiceDisplayItems.filter((l) => l.LineItemType === 6 && l.Amount > 0).reduce((n, l) => n + l.Amount, 0);
}

const sameSecret = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * The gateway's idempotency key of a change's charge: the same change of the same subscription, for the
 * same amount on the same method (and the same Idempotency-Key, when the client sent one) is the same
 * charge, so a replay or a double submit never charges twice; a new card or a new key tries again.
 */
export function chargeKey(parts: { accountUid: string; baseUid: string; requestHash: string; amountMinor: number; currency: string; method: string; idempotencyKey?: string | undefined }): string {
  return `plan-change:${createHash('sha256').update(JSON.stringify(parts)).digest('base64url')}`;
}

/**
 * When the due-now invoice is left Open instead of charged: 'always' in manual payments mode (invoices
 * are settled outside the widget), 'withoutMethod' for the admin key (an operator's change of an imported
 * account with no saved method: the invoice waits to be collected), 'never' for a person (no saved method
 * is Errors.PaymentInformationRequired: the widget asks for a card).
 */
export type CollectLater = 'always' | 'withoutMethod' | 'never';

/** Step 1 (outside any transaction). Null when nothing is charged now. */
export async function authorizeChange(
  deps: ChangePaymentDeps, p: PreparedChange,
  req: { currency: string; clientSecret?: string | undefined; idempotencyKey?: string | undefined; requestHash: string; collectLater: CollectLater },
): Promise<AuthorizedChange | null> {
  const amountMinor = dueNowOf(p);
  if (amountMinor <= 0 || req.collectLater === 'always') return null;
  const accountUid = p.base.accountUid;
  const saved = (await deps.uow.payments.paymentInformationOf(accountUid)).find((i) => i.gateway === deps.gateway.name && i.customerToken && i.paymentToken) ?? null;
  if (req.clientSecret) return verifyAuthenticated(deps, accountUid, saved, amountMinor, req.currency, req.clientSecret);
  if (!saved && req.collectLater === 'withoutMethod') return null;
  if (!saved) throw new AppError(ErrorCode.PaymentInformationRequired, 'Add a card first: this change is charged today and the account has no saved payment method.');
  const intent = await viaGateway(() => deps.gateway.chargeSavedMethod({
    customerToken: saved.customerToken!, paymentMethodToken: saved.paymentToken!, amountMinor, currency: req.currency, captureManually: true,
    idempotencyKey: chargeKey({ accountUid, baseUid: p.base.uid, requestHash: req.requestHash, amountMinor, currency: req.currency, method: saved.paymentToken!, idempotencyKey: req.idempotencyKey }),
  }));
  return accepted(intent, null, saved);
}

/** The intent's state as the change sees it: authorized or paid goes on; waiting for the bank or refused stops with nothing changed. */
function accepted(intent: GatewayIntent, intentRow: PaymentIntentRow | null, saved: PaymentInformationRow | null): AuthorizedChange {
  if (intent.status === 'requires_capture' || intent.status === 'succeeded') return { intent, intentRow, method: intent.paymentMethod, saved };
  if (intent.status === 'requires_action') throw new PaymentAuthenticationRequiredError(intent.clientSecret);
  throw new AppError(ErrorCode.CardDeclined, intent.lastError ?? 'Your card was declined.');
}

/** An intent the customer authenticated (or paid on-session) for this change: ours to use only if it is this account's, for this amount, and unused. */
async function verifyAuthenticated(
  deps: ChangePaymentDeps, accountUid: string, saved: PaymentInformationRow | null, amountMinor: number, currency: string, clientSecret: string,
): Promise<AuthorizedChange> {
  const id = intentIdFromClientSecret(clientSecret);
  if (!id || !id.startsWith('pi_')) throw new AppError(ErrorCode.PaymentIntentNotFound);
  const intent = await viaGateway(() => deps.gateway.retrieveIntent(id));
  if (!sameSecret(intent.clientSecret, clientSecret)) throw new AppError(ErrorCode.PaymentIntentNotFound);
  const intentRow = await deps.uow.payments.findIntent(deps.gateway.name, id);
  // Another account's intent answers as an unknown one (a guess learns nothing).
  const ours = intentRow ? intentRow.accountUid === accountUid : saved !== null && intent.customerToken === saved.customerToken;
  if (!ours) throw new AppError(ErrorCode.PaymentIntentNotFound);
  if (intentRow?.consumed || await deps.uow.payments.paymentByReference(deps.gateway.name, id)) throw new AppError(ErrorCode.PaymentIntentUsed);
  if (intent.kind !== 'payment' || intent.amountMinor !== amountMinor || intent.currency.toUpperCase() !== currency.toUpperCase()) {
    throw new AppError(ErrorCode.PaymentAmountChanged);
  }
  return accepted(intent, intentRow, saved);
}

/** Step 2 (inside the change's transaction, the account locked). Returns the invoice written. */
export async function recordChangePayment(
  repos: UnitOfWork, deps: { gateway: PaymentGateway } & ActivityDeps, p: PreparedChange,
  ctx: { paid: AuthorizedChange | null; subscriptionUid: string; currency: string; personUid: string | null; collectLater: boolean },
): Promise<{ invoiceUid: string; invoiceNumber: number } | null> {
  const summary = p.summaries.now;
  const lines = summary.InvoiceDisplayItems;
  if (p.sameItemsAsBase || !p.summaries.immediate || !lines.some((l) => l.Amount !== 0)) return null;
  const accountUid = p.base.accountUid;
  const due = summary.Total;
  if (!(ctx.collectLater && !ctx.paid) && due !== (ctx.paid?.intent.amountMinor ?? 0)) throw new AppError(ErrorCode.PaymentAmountChanged, 'The price of this change moved while it was being paid: review it and confirm again.');
  // Unused time worth more than today's items: kept as the account's credit, taken off the next invoice, and shown on this one.
  const credit = creditOf(summary);
  if (credit > 0) await repos.accounts.addCredit(accountUid, credit);
  const uid = newUid();
  const invoiceNumber = await repos.invoices.insert({
    uid, accountUid, subscriptionUid: ctx.subscriptionUid, invoiceDate: p.now, currency: ctx.currency,
    status: due === 0 ? 'Paid' : 'Open', taxBehavior: summary.TaxBehavior, lines,
    subtotal: lines.reduce((n, l) => n + l.Amount, 0), tax: lines.reduce((n, l) => n + l.Tax, 0), total: due,
    kind: 'plan_change', periodStart: p.now, periodEnd: new Date(`${p.existing.periodEnd}T00:00:00Z`), paidAt: due === 0 ? p.now : null,
  });
  if (due === 0) {
    const free = await repos.invoices.get(uid);
    if (free) await recordActivity(repos, deps, invoicePaidEvent(free, p.now));
  }
  const paid = ctx.paid;
  if (!paid) return { invoiceUid: uid, invoiceNumber };
  if (paid.intentRow && !(await repos.payments.consumeIntent(paid.intentRow.uid, accountUid, paid.intent.status, p.now))) throw new AppError(ErrorCode.PaymentIntentUsed);
  let paymentInformationUid = paid.saved?.uid ?? null;
  const m = paid.method;
  if (m && m.token !== paid.saved?.paymentToken) {
    // Paid with a card entered for this change: it becomes the account's saved method (spec 1 section 4 "payment saved if needed").
    paymentInformationUid = (await repos.payments.replacePaymentInformation({
      uid: newUid(), accountUid, paymentMethodType: m.type, cardType: m.cardType, lastFourDigits: m.last4, expirationMonth: m.expMonth,
      expirationYear: m.expYear, bankName: m.bankName, paymentToken: m.token, gateway: deps.gateway.name, customerToken: paid.intent.customerToken,
      nameOnCard: m.nameOnCard, latestFailureDateTime: null,
    }, p.now)).uid;
  }
  const receipt: ReceiptMailPayload | null = ctx.personUid ? {
    personUid: ctx.personUid,
    // To the account's invoice recipients, with this invoice's PDF attached (mail/receipt-mail.ts).
    accountUid, invoiceUid: uid,
    receipt: {
      invoiceNumber, invoiceDate: summary.InvoiceDate, currency: ctx.currency, amountPaid: due,
      tax: lines.reduce((n, l) => n + l.Tax, 0), discount: -lines.filter((l) => l.LineItemType === 5).reduce((n, l) => n + l.Amount, 0),
      plan: p.request.plan.Name, term: p.request.term,
      card: m ? { brand: cardBrandName(m.cardType) ?? m.bankName, last4: m.last4 } : null,
      next: p.summaries.renewal.InvoiceDisplayItems.length ? { date: p.summaries.renewal.InvoiceDate, amount: p.summaries.renewal.Total, endsTrial: false, chargedAutomatically: true } : null,
    },
  } : null;
  // invoice.paid (activity webhook) is written with the receipt when the captured money makes the invoice Paid.
  const storedInvoice = await repos.invoices.get(uid);
  const paidActivity = storedInvoice ? invoicePaidOnPaid(deps.activityWebhookConfigured, storedInvoice, p.now) : [];
  await repos.payments.insertPayment({
    uid: newUid(), accountUid, invoiceUid: uid, paymentInformationUid, gateway: deps.gateway.name, gatewayReference: paid.intent.id,
    amount: paid.intent.amountMinor, currency: paid.intent.currency, status: 'authorized',
    onPaid: [...(receipt ? [{ topic: RECEIPT_MAIL_TOPIC, payload: receipt }] : []), ...paidActivity], created: p.now,
  });
  return { invoiceUid: uid, invoiceNumber };
}

/**
 * Step 3, after the transaction whatever its outcome: the money is captured and booked when the change's
 * payment row exists (this request's, or a twin's that used the same charge), else released. A capture the
 * gateway refuses leaves the payment 'failed' and the invoice Open (the change stands; collecting it is billing's).
 */
export async function finishChangePayment(deps: ChangePaymentDeps, paid: AuthorizedChange | null): Promise<void> {
  if (!paid) return;
  try {
    await finish(deps, paid);
  } catch {
    // The gateway did not answer: an 'authorized' payment is captured by payment recovery; an unowned authorization lapses.
  }
}

async function finish(deps: ChangePaymentDeps, paid: AuthorizedChange): Promise<void> {
  const gateway = deps.gateway.name;
  const row = await deps.uow.payments.paymentByReference(gateway, paid.intent.id);
  if (row) {
    if (row.status === 'authorized') await settleAuthorizedPayment({ gateway: deps.gateway, store: deps.uow }, { gateway, gatewayReference: paid.intent.id });
    return;
  }
  if (paid.intent.status === 'requires_capture') {
    const canceled = await deps.gateway.cancelIntent(paid.intent.id);
    if (paid.intentRow) await deps.uow.payments.setIntentStatus(paid.intentRow.uid, canceled.status);
  }
}
