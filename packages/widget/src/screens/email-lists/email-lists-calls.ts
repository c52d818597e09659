import type { ApiClient } from '../../api/http.ts';
import type { Operation, ResponseBody } from '../../api/api-types.ts';
import { isSubscribed, type UnsubscribeReason } from '@portico/core/email-lists/subscriptions';

/** The email-list calls (docs/email-lists.md): the mailed person token is the credential, never the session. */
export type PublicLists = ResponseBody<Operation<'get', '/api/v1/public/email-lists'>>;
export type PublicList = PublicLists['items'][number];
export type MySubscriptions = ResponseBody<Operation<'get', '/api/v1/public/email-lists/subscriptions/mine'>>;
export type SavedPreferences = ResponseBody<Operation<'put', '/api/v1/public/email-lists/subscriptions'>>;
export type Confirmed = ResponseBody<Operation<'post', '/api/v1/public/email-lists/confirm'>>;

export const EMAIL_LISTS_QUERY_PREFIX = 'email-lists:';

/** What a missing, broken or expired person token shows (LinkInvalid). */
export const LINK_INVALID = { code: 'emailLists.linkInvalid' } as const;

export function fetchLists(api: ApiClient): Promise<PublicLists> {
  return api.request('get', '/api/v1/public/email-lists', {});
}

export function fetchList(api: ApiClient, listUid: string): Promise<PublicList> {
  return api.request('get', '/api/v1/public/email-lists/{listUid}', { path: { listUid } });
}

export function fetchMine(api: ApiClient, token: string): Promise<MySubscriptions> {
  return api.request('get', '/api/v1/public/email-lists/subscriptions/mine', { query: { token } });
}

export function savePreferences(api: ApiClient, token: string, active: string[], captcha: string | null): Promise<SavedPreferences> {
  return api.request('put', '/api/v1/public/email-lists/subscriptions', { body: { Token: token, ActiveSubscriptions: active, RecaptchaToken: captcha } });
}

export function unsubscribe(api: ApiClient, token: string, listUid: string | null, reason: UnsubscribeReason, other: string | null) {
  return api.request('post', '/api/v1/public/email-lists/unsubscribe', { body: { Token: token, EmailListUid: listUid, Reason: reason, ReasonOther: other } });
}

export function confirmSubscription(api: ApiClient, token: string): Promise<Confirmed> {
  return api.request('post', '/api/v1/public/email-lists/confirm', { body: { Token: token } });
}

/** 'Email me a new link' from an expired link: the same answer whether or not the address is on a list. */
export async function requestNewLink(api: ApiClient, email: string): Promise<void> {
  await api.request('post', '/api/v1/public/email-lists/link', { body: { Email: email } });
}

/** The profile's 'Email preferences' entry: a preferences token for the signed-in person. */
export function profilePreferencesToken(api: ApiClient): Promise<string> {
  return api.request('post', '/api/v1/profile/email-lists/link', {}).then((a) => a.Token);
}

/** The lists the person counts as subscribed to (core's isSubscribed), from the public lists and their subscriptions. */
export function subscribedListUids(lists: PublicLists | undefined, mine: MySubscriptions | undefined): Set<string> {
  const byList = new Map((lists?.items ?? []).map((l) => [l.Uid, l]));
  return new Set((mine?.items ?? []).filter((s) => {
    const list = byList.get(s.EmailList.Uid);
    return list && isSubscribed(s.Status, list);
  }).map((s) => s.EmailList.Uid));
}
