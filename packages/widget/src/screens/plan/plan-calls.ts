import type { ApiClient } from '../../api/http.ts';
import type { Operation, RequestBody, ResponseBody } from '../../api/api-types.ts';

/**
 * The plan screens' calls (docs/billing.md "Cancel and restore"): the account (with its current and
 * latest subscription), the cancellation state and retention offer, cancel, restore, the offer, and
 * 'Cancel plan change'.
 */
export type PlanAccount = ResponseBody<Operation<'get', '/api/v1/profile/account'>>;
export type PlanSubscription = NonNullable<PlanAccount['CurrentSubscription']>;
export type CancellationState = ResponseBody<Operation<'get', '/api/v1/profile/account/cancellations'>>;
export type CancellationBody = RequestBody<Operation<'post', '/api/v1/profile/account/cancellations'>>;
export type Cancellation = ResponseBody<Operation<'post', '/api/v1/profile/account/cancellations'>>;

/** Every cached plan read starts with this; cancel, restore and a cancelled change invalidate them all (and the profile's). */
export const PLAN_QUERY_PREFIX = 'plan:';
export const planQueryKey = (what: 'account' | 'cancellation', personUid: string | null, accountUid: string | null) =>
  `${PLAN_QUERY_PREFIX}${what}:${personUid ?? '-'}:${accountUid ?? '-'}`;

export const fetchPlanAccount = (api: ApiClient): Promise<PlanAccount> => api.request('get', '/api/v1/profile/account', {});
export const fetchCancellationState = (api: ApiClient): Promise<CancellationState> => api.request('get', '/api/v1/profile/account/cancellations', {});

/** POST /profile/account/cancellations; the Idempotency-Key makes a double click (or a retry after a lost answer) one request. */
export function cancelPlan(api: ApiClient, body: CancellationBody, key: string): Promise<Cancellation> {
  return api.request('post', '/api/v1/profile/account/cancellations', { body, headers: { 'Idempotency-Key': key } });
}

export function restorePlan(api: ApiClient, key: string): Promise<Cancellation> {
  return api.request('delete', '/api/v1/profile/account/cancellations', { headers: { 'Idempotency-Key': key } });
}

export function acceptRetentionOffer(api: ApiClient, key: string) {
  return api.request('post', '/api/v1/profile/account/cancellations/retention-offer', { headers: { 'Idempotency-Key': key } });
}

/** 'Cancel plan change': deletes the scheduled (latest) subscription; the current one runs on. */
export async function cancelPlanChange(api: ApiClient, latestUid: string): Promise<void> {
  await api.request('delete', '/api/v1/billing/subscriptions/{id}', { path: { id: latestUid } });
}
