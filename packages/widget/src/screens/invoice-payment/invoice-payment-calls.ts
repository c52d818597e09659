import type { ApiClient } from '../../api/http.ts';

/**
 * The invoice's payment (issue 17; the contract in the shared design, routes by the collection work):
 * `GET /api/v1/profile/account/invoices/{Uid}/payment` and `POST` the same with `{ PaymentClientSecret }`.
 * Written by hand until the server's routes land and `npm run api:types` regenerates the document's types;
 * then these become plain `api.request(...)` calls (the shapes below are the contract's).
 */
export interface InvoicePayment {
  InvoiceUid: string;
  InvoiceNumber: number | string;
  /** Major units, as the invoice list's Amount. */
  Amount: number;
  Currency: string;
  Status: 'Open' | 'Paid' | 'Void';
  DunningStatus: string | null;
  /** Only while the bank waits for the customer (dunning status action_required). */
  ClientSecret: string | null;
}

export const PAYMENT_PATH = '/api/v1/profile/account/invoices/{Uid}/payment';
/** 409 when the invoice is no longer open (paid or void meanwhile). */
export const INVOICE_NOT_OPEN = 'Errors.InvoiceNotOpen';

type UntypedRequest = (method: 'get' | 'post', path: string, options: { path: Record<string, string>; body?: unknown; headers?: Record<string, string> }) => Promise<unknown>;
const untyped = (api: ApiClient) => api.request as unknown as UntypedRequest;

export const invoicePaymentKey = (accountUid: string | null, invoiceUid: string) => `invoice-payment:${accountUid ?? '-'}:${invoiceUid}`;

export async function fetchInvoicePayment(api: ApiClient, invoiceUid: string): Promise<InvoicePayment> {
  return await untyped(api)('get', PAYMENT_PATH, { path: { Uid: invoiceUid } }) as InvoicePayment;
}

/** Tells the server the customer completed the bank's step; the Idempotency-Key makes a double click one payment. */
export async function payInvoice(api: ApiClient, invoiceUid: string, clientSecret: string, key: string): Promise<InvoicePayment> {
  return await untyped(api)('post', PAYMENT_PATH, { path: { Uid: invoiceUid }, body: { PaymentClientSecret: clientSecret }, headers: { 'Idempotency-Key': key } }) as InvoicePayment;
}
