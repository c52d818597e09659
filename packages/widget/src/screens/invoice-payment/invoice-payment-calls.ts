import type { ApiClient } from '../../api/http.ts';

import type { Operation, ResponseBody } from '../../api/api-types.ts';

/** The invoice's payment (issue 17, collection/collection.routes.ts): what the bank waits for, and its completion. */
export type InvoicePayment = ResponseBody<Operation<'get', '/api/v1/profile/account/invoices/{Uid}/payment'>>;

/** 409 when the invoice is no longer open (paid or void meanwhile). */
export const INVOICE_NOT_OPEN = 'Errors.InvoiceNotOpen';

export const invoicePaymentKey = (accountUid: string | null, invoiceUid: string) => `invoice-payment:${accountUid ?? '-'}:${invoiceUid}`;

export async function fetchInvoicePayment(api: ApiClient, invoiceUid: string): Promise<InvoicePayment> {
  return api.request('get', '/api/v1/profile/account/invoices/{Uid}/payment', { path: { Uid: invoiceUid } });
}

/** Tells the server the customer completed the bank's step; the Idempotency-Key makes a double click one payment. */
export async function payInvoice(api: ApiClient, invoiceUid: string, clientSecret: string, key: string): Promise<InvoicePayment> {
  return api.request('post', '/api/v1/profile/account/invoices/{Uid}/payment', { path: { Uid: invoiceUid }, body: { PaymentClientSecret: clientSecret }, headers: { 'Idempotency-Key': key } });
}
