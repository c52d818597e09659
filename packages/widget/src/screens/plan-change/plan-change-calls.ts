import type { ApiClient } from '../../api/http.ts';
import type { Operation, RequestBody, ResponseBody } from '../../api/api-types.ts';

/** Every cached read of the plan change screens starts with this; a completed change invalidates them. */
export const PLAN_QUERY_PREFIX = 'plan:';
export type Subscription = ResponseBody<Operation<'get', '/api/v1/billing/subscriptions'>>['items'][number];
export type ChangeBody = RequestBody<Operation<'put', '/api/v1/billing/subscriptions/{id}/changesubscription'>>;
export type PreviewSummary = ResponseBody<Operation<'put', '/api/v1/billing/subscriptions/{id}/changesubscriptionpreview'>>;
export type SavedMethod = ResponseBody<Operation<'get', '/api/v1/billing/paymentinformation'>>['items'][number];

export const currentSubscriptionKey = (accountUid: string | null) => `${PLAN_QUERY_PREFIX}current:${accountUid ?? '-'}`;

/** The account's current subscription (the base of a change); null when it has none. */
export async function fetchCurrentSubscription(api: ApiClient, accountUid: string): Promise<Subscription | null> {
  const answer = await api.request('get', '/api/v1/billing/subscriptions', { query: { 'Account.Uid': accountUid, current: '1' } });
  return answer.items[0] ?? null;
}

/** PUT …/changesubscriptionpreview: the invoice due now, or at the renewal, of the change; writes nothing. */
export function previewChange(api: ApiClient, subscriptionUid: string, body: ChangeBody, asOf: 'now' | 'renewal', signal?: AbortSignal): Promise<PreviewSummary> {
  return api.request('put', '/api/v1/billing/subscriptions/{id}/changesubscriptionpreview', { path: { id: subscriptionUid }, query: { asOf }, body, ...(signal ? { signal } : {}) });
}

/** PUT …/changesubscription; the Idempotency-Key makes a double click one change (and one charge). */
export function changeSubscription(api: ApiClient, subscriptionUid: string, body: ChangeBody, key: string) {
  return api.request('put', '/api/v1/billing/subscriptions/{id}/changesubscription', { path: { id: subscriptionUid }, body, headers: { 'Idempotency-Key': key } });
}

/** The account's saved method (its PaymentToken is what the bank's authentication step is confirmed with). */
export async function fetchSavedMethod(api: ApiClient, accountUid: string): Promise<SavedMethod | null> {
  const answer = await api.request('get', '/api/v1/billing/paymentinformation', { query: { accountUid } });
  return answer.items[0] ?? null;
}
