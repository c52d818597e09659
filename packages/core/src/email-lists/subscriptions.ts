/**
 * Email lists (spec 3 "Email list", 9): the subscriber statuses, the unsubscribe reasons and the one
 * rule of who counts as subscribed. The server and the widget both call these; no copy elsewhere.
 */

/** EmailListSubscriberStatus (spec 3, values 1 to 4 in spec 9). */
export const EMAIL_LIST_STATUS = { Subscribed: 1, Unsubscribed: 2, Cleaned: 3, Confirmed: 4 } as const;
export type EmailListStatusName = keyof typeof EMAIL_LIST_STATUS;
export const EMAIL_LIST_STATUS_NAMES = ['Subscribed', 'Unsubscribed', 'Cleaned', 'Confirmed'] as const satisfies readonly EmailListStatusName[];

/** Spec 9: the unsubscribe reasons, in the order the screen lists them. */
export const UNSUBSCRIBE_REASONS = ['nolonger', 'nosignup', 'inappropriate', 'spam', 'other'] as const;
export type UnsubscribeReason = (typeof UNSUBSCRIBE_REASONS)[number];
/** The longest 'other' text kept. */
export const UNSUBSCRIBE_OTHER_MAX = 1000;

/** Where a consent-log row came from (docs/email-lists.md "The consent log"). */
export const CONSENT_SOURCES = ['signup', 'preferences', 'one_click', 'admin', 'lead_form', 'unsubscribe'] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];
export const CONSENT_ACTIONS = ['opt_in', 'confirm', 'opt_out'] as const;
export type ConsentAction = (typeof CONSENT_ACTIONS)[number];

/**
 * Spec 2 "Email preferences": a person counts as subscribed when the status is Confirmed, or
 * Subscribed on a list that does not require double opt-in (a Subscribed row on a double opt-in
 * list is waiting for its confirmation).
 */
export function isSubscribed(status: EmailListStatusName | null | undefined, list: { RequiresDoubleOptIn: boolean }): boolean {
  return status === 'Confirmed' || (status === 'Subscribed' && !list.RequiresDoubleOptIn);
}

/** Spec 2 "Unsubscribe": Submit is disabled when 'other' is chosen without text (and when nothing is chosen). */
export function canSubmitUnsubscribe(reason: UnsubscribeReason | null | undefined, other: string | null | undefined): boolean {
  if (!reason) return false;
  return reason !== 'other' || (other ?? '').trim().length > 0;
}

/** Spec 2/7 "Email preferences": Save needs at least one change, and a captcha token when a site key is configured. */
export function canSavePreferences(o: { initial: ReadonlySet<string>; chosen: ReadonlySet<string>; captchaRequired: boolean; captchaToken: string | null | undefined }): boolean {
  const changed = o.initial.size !== o.chosen.size || [...o.chosen].some((uid) => !o.initial.has(uid));
  return changed && (!o.captchaRequired || !!o.captchaToken);
}

/** How long a mailed preferences / one-click link works (days); every mail carries a fresh one. */
export const PREFERENCES_LINK_TTL_DAYS = 90;
/** How long a double opt-in confirmation link works (hours). */
export const LIST_CONFIRMATION_TTL_HOURS = 72;
/** The query parameter of a mailed preferences link; `portico_lists=manage|unsubscribe` opens the state. */
export const PREFERENCES_TOKEN_PARAM = 'listsToken';
export const LIST_CONFIRMATION_TOKEN_PARAM = 'listConfirmToken';
export const LISTS_STATE_PARAM = 'portico_lists';
