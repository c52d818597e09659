import type { ApiClient } from '../../api/http.ts';
import type { Operation, ResponseBody } from '../../api/api-types.ts';

/** Payment-provider billing's calls (spec 2 section 7 "Invoices (stripe)", "Provider subscriptions"; docs/payments.md "Provider billing"). */
export type ProviderInvoicePage = ResponseBody<Operation<'get', '/api/v1/profile/account/stripe/invoices'>>;
export type ProviderInvoice = ProviderInvoicePage['items'][number];
export type ProviderSubscription = ResponseBody<Operation<'get', '/api/v1/profile/account/stripe/subscriptions'>>['items'][number];

/** Spec 2 section 9: invoices 3 at a time, newest period first, 'View more' for the next 3. */
export const PROVIDER_INVOICE_PAGE = 3;
export const PROVIDER_BILLING_QUERY_PREFIX = 'providerBilling:';

export const providerInvoicesKey = (accountUid: string | null, after: string | null) => `${PROVIDER_BILLING_QUERY_PREFIX}${accountUid ?? '-'}:invoices:${after ?? '-'}`;
export const providerSubscriptionsKey = (accountUid: string | null) => `${PROVIDER_BILLING_QUERY_PREFIX}${accountUid ?? '-'}:subscriptions`;

export function fetchProviderInvoices(api: ApiClient, after: string | null): Promise<ProviderInvoicePage> {
  return api.request('get', '/api/v1/profile/account/stripe/invoices', {
    query: { limit: PROVIDER_INVOICE_PAGE, orderBy: 'PeriodStart DESC', ...(after ? { startingAfter: after } : {}) },
  });
}

export async function fetchProviderSubscriptions(api: ApiClient): Promise<ProviderSubscription[]> {
  return (await api.request('get', '/api/v1/profile/account/stripe/subscriptions', {})).items;
}

/** Newest start first (spec 2 section 2), whatever order they came in. */
export function sortByStart(subs: readonly ProviderSubscription[]): ProviderSubscription[] {
  return [...subs].sort((a, b) => Date.parse(b.StartDate) - Date.parse(a.StartDate));
}

/** The date a cancelling account's subscription ends: the latest CancelAt among the provider's subscriptions (null: none set). */
export function latestCancelAt(subs: readonly ProviderSubscription[]): string | null {
  let latest: string | null = null;
  for (const s of subs) if (s.CancelAt && (latest === null || Date.parse(s.CancelAt) > Date.parse(latest))) latest = s.CancelAt;
  return latest;
}

/**
 * The renewal date a row shows: only an active subscription renews (spec 2 section 2), and one with a
 * cancellation scheduled does not (saying it renews would promise a charge that will not come).
 */
export const renewalDate = (s: ProviderSubscription): string | null => (s.Status === 'active' && !s.CancelAt ? s.CurrentPeriodEnd : null);

/** When it ended or will end: EndDate once over, else a scheduled CancelAt. */
export const endDate = (s: ProviderSubscription): string | null => s.EndDate ?? s.CancelAt;

/** A link the server answered as a path (the sandbox's pages) resolved against the server; Stripe's absolute URLs stay as they are. */
export const onServer = (href: string, server: string): string => new URL(href, server).toString();
