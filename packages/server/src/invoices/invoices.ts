import { ErrorCode, toMajor } from '@portico/core';
import { requireMember } from '../accounts/account-access.ts';
import type { BillingDeps } from '../billing/billing-deps.ts';
import type { StoredInvoice } from '../billing/invoices.repository.ts';
import { nextPayment } from '../billing/next-payment.ts';
import { AppError } from '../http/app-error.ts';
import type { Caller } from '../http/caller.ts';
import type { PageRequest } from '../http/list.ts';
import { invoiceDocument } from './invoice-document.ts';
import type { InvoiceDownloadTokens } from './invoice-download-token.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';

export interface InvoicesDeps {
  billing: BillingDeps;
  downloads: InvoiceDownloadTokens;
}

/** Another account's invoice and an unknown uid get this same answer: nothing says the invoice exists. */
const INVOICE_NOT_FOUND = () => new AppError(ErrorCode.NotFound, 'Invoice not found.');

export const invoiceToWire = (i: StoredInvoice) => ({
  Uid: i.uid, InvoiceNumber: i.invoiceNumber, InvoiceDate: i.invoiceDate.toISOString().slice(0, 10),
  BillingInvoiceStatus: i.status, Amount: toMajor(i.total, i.currency), Currency: i.currency,
});

/** GET /profile/account/invoices: any member reads their account's invoices, newest first, paged by the database. */
export async function listInvoices(deps: InvoicesDeps, caller: Caller, q: { accountUid?: string | undefined; page: PageRequest }) {
  const me = requireMember(caller, q.accountUid);
  const page = await deps.billing.uow.invoices.page(me.accountUid, q.page);
  return { metadata: { limit: q.page.limit, offset: q.page.offset, total: page.total }, items: page.items.map(invoiceToWire) };
}

/** POST /profile/account/invoices/{Uid}/download: a member gets a link to the PDF that works for a few minutes. */
export async function invoiceDownloadLink(deps: InvoicesDeps, caller: Caller, invoiceUid: string) {
  const me = requireMember(caller);
  const invoice = await deps.billing.uow.invoices.ofAccount(me.accountUid, invoiceUid);
  if (!invoice) throw INVOICE_NOT_FOUND();
  const { token, expiresIn } = await deps.downloads.issue(invoice.uid, invoice.accountUid);
  return { Url: `/api/v1/billing/invoices/${encodeURIComponent(invoice.uid)}/pdf?access_token=${encodeURIComponent(token)}`, ExpiresIn: expiresIn };
}

/**
 * GET /billing/invoices/{Uid}/pdf?access_token=…: the download token is the credential. A token
 * that does not verify (expired, forged, a session's access token) is 401; a valid token for
 * another invoice, or for an invoice no longer on that account, is the unknown-invoice 404.
 */
export async function invoicePdf(deps: InvoicesDeps, invoiceUid: string, token: string): Promise<{ pdf: Buffer; invoiceNumber: number }> {
  const grant = await deps.downloads.verify(token);
  if (!grant) throw new AppError(ErrorCode.Unauthorized, 'This download link has expired. Download the invoice again from the billing page.');
  if (grant.invoiceUid !== invoiceUid) throw INVOICE_NOT_FOUND();
  const invoice = await deps.billing.uow.invoices.ofAccount(grant.accountUid, invoiceUid);
  if (!invoice) throw INVOICE_NOT_FOUND();
  return { pdf: await renderStoredInvoice(deps.billing, invoice), invoiceNumber: invoice.invoiceNumber };
}

/** The PDF of a stored invoice (the download and the receipt mail's attachment are the same document). */
export async function renderStoredInvoice(billing: Pick<BillingDeps, 'uow' | 'config'>, invoice: StoredInvoice): Promise<Buffer> {
  return renderInvoicePdf(await invoiceDocument(billing.uow, billing.config, invoice));
}

/** GET /profile/account/next-payment: 'Next payment' of the billing screen (major units). */
export async function accountNextPayment(deps: InvoicesDeps, caller: Caller) {
  const me = requireMember(caller);
  const next = await nextPayment(deps.billing, deps.billing.uow, me.accountUid);
  const currency = deps.billing.config.company.currency;
  return { NextPayment: next ? { Total: toMajor(next.Total, currency), InvoiceDate: next.InvoiceDate, Currency: currency } : null };
}
