import { ErrorCode } from '@portico/core';
import { EMAIL_LIST_STATUS, isSubscribed, PREFERENCES_LINK_TTL_DAYS, type EmailListStatusName } from '@portico/core/email-lists/subscriptions';
import type { Operation, RequestBody, ResponseBody } from '../api/api-types.ts';
import { DEMO_SETTINGS } from './demo-settings.ts';
import { DemoRefusal } from './demo-transport.ts';

/**
 * Demo answers of the email-list screens (issue 18), kept in memory for the page: the demo company's
 * lists, one visitor whose token is any string (no mail goes out; the double opt-in's confirm works
 * once per join, so the replay refusal can be seen too).
 */
// The demo visitor starts on the first list without double opt-in (the demo's newsletter, as after ticking
// 'Sign up for email updates'): the unsubscribe screen then has something to unsubscribe from.
const statuses = new Map<string, EmailListStatusName>(DEMO_SETTINGS.EmailLists.filter((l) => !l.RequiresDoubleOptIn).slice(0, 1).map((l) => [l.Uid, 'Subscribed']));
let pendingConfirm: string | null = null;

const lists = () => DEMO_SETTINGS.EmailLists;
const listOf = (uid: string) => {
  const list = lists().find((l) => l.Uid === uid);
  if (!list) throw new DemoRefusal(404, ErrorCode.EmailListNotFound);
  return list;
};

function subscriptions(): ResponseBody<Operation<'get', '/api/v1/public/email-lists/subscriptions/mine'>>['items'] {
  return [...statuses].map(([uid, status]) => ({
    EmailList: { Uid: uid }, Person: { Uid: 'demo-visitor' }, EmailListSubscriberStatus: EMAIL_LIST_STATUS[status], Status: status,
    IsSubscribed: isSubscribed(status, listOf(uid)), UnsubscribeReason: null, UnsubscribeReasonOther: null,
  }));
}

export function demoLists(): ResponseBody<Operation<'get', '/api/v1/public/email-lists'>> {
  return { metadata: { limit: -1, offset: 0, total: lists().length }, items: lists().map((l) => ({ Uid: l.Uid, Name: l.Name, Description: l.Description, RequiresDoubleOptIn: l.RequiresDoubleOptIn })) };
}

export function demoList(uid: string): ResponseBody<Operation<'get', '/api/v1/public/email-lists/{listUid}'>> {
  const l = listOf(uid);
  return { Uid: l.Uid, Name: l.Name, Description: l.Description, RequiresDoubleOptIn: l.RequiresDoubleOptIn };
}

export function demoMine(): ResponseBody<Operation<'get', '/api/v1/public/email-lists/subscriptions/mine'>> {
  const items = subscriptions();
  return { metadata: { limit: -1, offset: 0, total: items.length }, items };
}

export function demoSave(body: RequestBody<Operation<'put', '/api/v1/public/email-lists/subscriptions'>>): ResponseBody<Operation<'put', '/api/v1/public/email-lists/subscriptions'>> {
  const wanted = new Set(body.ActiveSubscriptions);
  for (const uid of wanted) listOf(uid);
  const needed: string[] = [];
  for (const l of lists()) {
    const now = statuses.get(l.Uid);
    if (wanted.has(l.Uid)) {
      if (isSubscribed(now, l)) continue;
      statuses.set(l.Uid, 'Subscribed');
      if (l.RequiresDoubleOptIn) { needed.push(l.Uid); pendingConfirm = l.Uid; }
    } else if (now === 'Subscribed' || now === 'Confirmed') statuses.set(l.Uid, 'Unsubscribed');
  }
  return { Subscriptions: subscriptions(), ConfirmationNeeded: needed };
}

export function demoUnsubscribe(body: RequestBody<Operation<'post', '/api/v1/public/email-lists/unsubscribe'>>): ResponseBody<Operation<'post', '/api/v1/public/email-lists/unsubscribe'>> {
  const targets = body.EmailListUid ? [listOf(body.EmailListUid).Uid] : lists().map((l) => l.Uid);
  const left = targets.filter((uid) => statuses.get(uid) === 'Subscribed' || statuses.get(uid) === 'Confirmed');
  for (const uid of left) statuses.set(uid, 'Unsubscribed');
  return { Unsubscribed: left };
}

/** The confirmation page's button: the demo's double opt-in list (any token), once per join. */
export function demoConfirm(): ResponseBody<Operation<'post', '/api/v1/public/email-lists/confirm'>> {
  const uid = pendingConfirm ?? lists().find((l) => l.RequiresDoubleOptIn && statuses.get(l.Uid) !== 'Confirmed')?.Uid ?? null;
  if (!uid) throw new DemoRefusal(410, ErrorCode.EmailListConfirmationUsed);
  pendingConfirm = null;
  statuses.set(uid, 'Confirmed');
  return { EmailList: demoList(uid), Status: 'Confirmed', RedirectUrl: typeof location !== 'undefined' ? location.origin + '/' : '/' };
}

export function demoProfileLink(): ResponseBody<Operation<'post', '/api/v1/profile/email-lists/link'>> {
  return { Token: 'demo-preferences-token', ExpiresInDays: PREFERENCES_LINK_TTL_DAYS };
}

/** Starts over (tests; a page reload does the same). */
export function resetDemoEmailLists(): void {
  statuses.clear();
  pendingConfirm = null;
}
