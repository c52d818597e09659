import { ErrorCode, toMajor } from '@portico/core';
import { AppError } from '../http/app-error.ts';
import type { Caller } from '../http/caller.ts';
import { callerScope, requestHash, withIdempotency, type Answer } from '../http/idempotency.ts';
import type { CollectionDeps } from './charge-invoice.ts';
import { claimAttempt } from './claim-attempt.ts';
import type { CollectionInvoice } from './collection.repository.ts';
import type { AdminInvoiceOut } from './collection.schemas.ts';

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function adminInvoiceToWire(i: CollectionInvoice): AdminInvoiceOut {
  return {
    Uid: i.uid, InvoiceNumber: i.invoiceNumber, Kind: i.kind, Status: i.status as AdminInvoiceOut['Status'], InvoiceDate: i.invoiceDate.toISOString(),
    PeriodStart: iso(i.periodStart), PeriodEnd: iso(i.periodEnd), Total: toMajor(i.total, i.currency), AmountPaid: toMajor(i.amountPaid, i.currency),
    Currency: i.currency, PaidAt: iso(i.paidAt), VoidedAt: iso(i.voidedAt), AttemptCount: i.attemptCount, AttemptInFlight: i.attemptInFlight,
    NextAttemptAt: iso(i.nextAttemptAt), DunningStatus: i.dunningStatus, LastFailureMessage: i.lastFailureMessage, LastFailureCode: i.lastFailureCode,
  };
}

const notFound = (what: string) => new AppError(ErrorCode.NotFound, `${what} not found.`);

/** GET /admin/accounts/{Uid}/billing: the account's invoices with their dunning state, its payments (failed attempts too) and stage. */
export async function accountBilling(deps: CollectionDeps, accountUid: string) {
  const stage = await deps.uow.collection.accountStage(accountUid);
  if (!(await deps.uow.payments.accountExists(accountUid))) throw notFound('Account');
  const { invoices, payments } = await deps.uow.collection.accountBilling(accountUid);
  const next = invoices.filter((i) => i.status === 'Open' && i.nextAttemptAt).map((i) => i.nextAttemptAt!.getTime()).sort((a, b) => a - b)[0];
  return {
    AccountUid: accountUid, AccountStage: stage, NextAttemptAt: next === undefined ? null : new Date(next).toISOString(),
    Invoices: invoices.map(adminInvoiceToWire),
    Payments: payments.map((p) => ({
      Uid: p.uid, InvoiceUid: p.invoiceUid, Amount: toMajor(p.amount, p.currency), Currency: p.currency, Status: p.status,
      FailureMessage: p.failureMessage, GatewayReference: p.gatewayReference, Created: p.created.toISOString(),
    })),
  };
}

/** Why an invoice cannot take an admin's change: not Open (409 InvoiceNotOpen), an attempt running (409 InvoiceAttemptInFlight). */
function refuse(i: CollectionInvoice): never {
  if (i.status !== 'Open') throw new AppError(ErrorCode.InvoiceNotOpen);
  throw new AppError(ErrorCode.InvoiceAttemptInFlight);
}

/**
 * POST /admin/invoices/{Uid}/retry: claims an attempt now (claimAttempt, the collector's own), whatever
 * the schedule or the dunning state says (a hard-declined invoice too: the operator decided). The attempt
 * counts like any other. A replay with the same Idempotency-Key answers the first claim, never a second.
 */
export async function retryInvoice(deps: CollectionDeps, caller: Caller, uid: string, key: string | undefined): Promise<Answer<{ Invoice: AdminInvoiceOut; Attempt: number }>> {
  const idem = { scope: `${callerScope('POST /admin/invoices/retry', caller)} invoice:${uid}`, key, requestHash: requestHash(uid) };
  const answer = await withIdempotency(deps.uow, idem, async (repos) => {
    const invoice = await repos.collection.lockInvoice(uid);
    if (!invoice) throw notFound('Invoice');
    if (invoice.status !== 'Open' || invoice.attemptInFlight !== null || invoice.total <= invoice.amountPaid) refuse(invoice);
    const [claimed] = await claimAttempt(repos, { invoiceUid: uid });
    if (!claimed) refuse(invoice);
    return { statusCode: 202, body: { Invoice: adminInvoiceToWire((await repos.collection.invoice(uid))!), Attempt: claimed.attempt } };
  });
  if (!answer.replayed) deps.wakeOutbox();
  return answer;
}

/** POST /admin/invoices/{Uid}/void: Void, no further attempt. 409 when Paid or Void, or while an attempt runs (its charge may be taking the money). */
export async function voidInvoice(deps: CollectionDeps, caller: Caller, uid: string, key: string | undefined): Promise<Answer<AdminInvoiceOut>> {
  const idem = { scope: `${callerScope('POST /admin/invoices/void', caller)} invoice:${uid}`, key, requestHash: requestHash(uid) };
  return withIdempotency(deps.uow, idem, async (repos) => {
    const invoice = await repos.collection.lockInvoice(uid);
    if (!invoice) throw notFound('Invoice');
    const voided = await repos.collection.voidInvoice(uid, deps.clock.now());
    if (!voided) refuse(invoice);
    return { statusCode: 200, body: adminInvoiceToWire(voided) };
  });
}
