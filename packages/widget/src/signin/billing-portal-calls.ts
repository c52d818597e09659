import type { ApiClient } from '../api/http.ts';

/**
 * POST /billing/stripe/portal/sessions (spec 2 section 9 "Provider portal"): the payment
 * provider's customer portal for the account, coming back to `returnUrl` (the host page, which
 * the server checks against the company's site origins). The caller redirects to the answer.
 * Stripe's is an absolute URL; the sandbox's a path on the server (`server`, its origin), resolved here.
 * Used by accountActionRequired ('Open billing portal') and billing ('Manage subscriptions').
 */
export async function billingPortalUrl(api: ApiClient, accountUid: string, returnUrl: string, server: string): Promise<string> {
  const answer = await api.request('post', '/api/v1/billing/stripe/portal/sessions', { query: { accountUid, returnUrl } });
  return new URL(answer.Url, server).toString();
}

/** The page the portal returns to: this page, without its fragment (the provider drops it anyway). */
export function portalReturnPage(href: string): string {
  const url = new URL(href);
  url.hash = '';
  return url.toString();
}
