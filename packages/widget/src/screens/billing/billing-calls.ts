import { INVOICES_PAGE_LIMIT, RECIPIENTS_ORDER, RECIPIENTS_PAGE_SIZE } from '@portico/core/billing/invoice-list';
import type { ApiClient } from '../../api/http.ts';
import type { ResponseBody, Operation } from '../../api/api-types.ts';

/** Every cached billing read starts with this; a change (card removed, recipients saved) invalidates them all. */
export const BILLING_QUERY_PREFIX = 'billing:';

export type InvoicePage = ResponseBody<Operation<'get', '/api/v1/profile/account/invoices'>>;
export type Invoice = InvoicePage['items'][number];
export type NextPaymentAnswer = ResponseBody<Operation<'get', '/api/v1/profile/account/next-payment'>>;
export type PaymentInformation = ResponseBody<Operation<'get', '/api/v1/billing/paymentinformation'>>['items'][number];
export type RecipientsPage = ResponseBody<Operation<'get', '/api/v1/profile/account/people'>>;

export const billingKey = (accountUid: string | null, what: string) => `${BILLING_QUERY_PREFIX}${accountUid ?? '-'}:${what}`;

/** Invoices newest first, 3 at a time (spec 2 section 9). */
export function fetchInvoices(api: ApiClient, offset: number): Promise<InvoicePage> {
  return api.request('get', '/api/v1/profile/account/invoices', { query: { limit: INVOICES_PAGE_LIMIT, offset, orderBy: 'InvoiceDate DESC' } });
}

export function fetchNextPayment(api: ApiClient): Promise<NextPaymentAnswer> {
  return api.request('get', '/api/v1/profile/account/next-payment');
}

export async function fetchPaymentInformation(api: ApiClient, accountUid: string): Promise<PaymentInformation | null> {
  const page = await api.request('get', '/api/v1/billing/paymentinformation', { query: { accountUid } });
  return page.items[0] ?? null;
}

/** A link to the invoice's PDF with a download token for it (a few minutes), resolved against the widget's server. */
export async function invoicePdfUrl(api: ApiClient, uid: string, server: string): Promise<string> {
  const { Url } = await api.request('post', '/api/v1/profile/account/invoices/{Uid}/download', { path: { Uid: uid } });
  return new URL(Url, server || window.location.href).toString();
}

export async function removePaymentInformation(api: ApiClient, uid: string): Promise<void> {
  await api.request('delete', '/api/v1/billing/paymentInformation/{id}', { path: { id: uid } });
}

/** The people of the account for the recipients list: 25 a page, in the spec's recipients order, those who joined. */
export function fetchRecipients(api: ApiClient, offset: number): Promise<RecipientsPage> {
  return api.request('get', '/api/v1/profile/account/people', { query: { limit: RECIPIENTS_PAGE_SIZE, offset, orderBy: RECIPIENTS_ORDER, Pending: 'false' } });
}

export async function setReceiveInvoices(api: ApiClient, uid: string, receive: boolean): Promise<void> {
  await api.request('put', '/api/v1/profile/account/people/{Uid}', { path: { Uid: uid }, body: { ReceiveInvoices: receive } });
}
