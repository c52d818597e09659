import { ErrorCode } from '@portico/core';
import { EMAIL_LIST_STATUS, isSubscribed, type EmailListStatusName, type UnsubscribeReason } from '@portico/core/email-lists/subscriptions';
import type { ServerClock } from '../clock/server-clock.ts';
import { AppError } from '../http/app-error.ts';
import { sanitizeRichText } from '../http/sanitize-rich-text.ts';
import { tokenHash } from '../registration/secret-token.ts';
import type { UnitOfWork } from '../unit-of-work.ts';
import type { SubscriptionRow } from './email-list-subscriptions.repository.ts';
import type { EmailListRow } from './email-lists.repository.ts';
import type { PersonLinkTokens } from './list-links.ts';
import { confirmListSubscription, subscribeToList, unsubscribeFromList } from './subscribe-to-list.ts';

export interface PreferencesDeps {
  uow: UnitOfWork;
  clock: ServerClock;
  tokens: PersonLinkTokens;
  wakeOutbox: () => void;
  /** Where 'Continue to our website' goes after a confirmation. */
  redirectUrl: string;
}

/** A list as people see it: the description through the one rich-text allow-list (scripts and handlers never reach a page). */
export const publicList = (r: EmailListRow) => ({ Uid: r.uid, Name: r.name, Description: sanitizeRichText(r.description), RequiresDoubleOptIn: r.requiresDoubleOptIn });

export function subscriptionWire(row: SubscriptionRow, list: { requiresDoubleOptIn: boolean } | undefined) {
  const status = row.status as EmailListStatusName;
  return {
    EmailList: { Uid: row.listUid }, Person: { Uid: row.personUid },
    EmailListSubscriberStatus: EMAIL_LIST_STATUS[status], Status: status,
    IsSubscribed: isSubscribed(status, { RequiresDoubleOptIn: list?.requiresDoubleOptIn ?? false }),
    UnsubscribeReason: (row.unsubscribeReason as UnsubscribeReason | null) ?? null, UnsubscribeReasonOther: row.unsubscribeReasonOther,
  };
}

/** The person a mailed token names; 404 Errors.EmailListLinkInvalid for a forged, unknown or expired one, or a person since deleted. */
export async function personOfToken(deps: Pick<PreferencesDeps, 'uow' | 'clock' | 'tokens'>, token: string): Promise<{ uid: string; email: string; firstName: string | null; lastName: string | null }> {
  const uid = await deps.tokens.verify(token, deps.clock.now());
  const person = uid ? await deps.uow.people.get(uid) : null;
  if (!person) throw new AppError(ErrorCode.EmailListLinkInvalid);
  return person;
}

export async function subscriptionsOf(deps: Pick<PreferencesDeps, 'uow'>, personUid: string) {
  const [rows, lists] = await Promise.all([deps.uow.emailListSubscriptions.ofPerson(personUid), deps.uow.emailLists.listAll()]);
  const byUid = new Map(lists.map((l) => [l.uid, l]));
  return rows.filter((r) => byUid.get(r.listUid)?.archived === null).map((r) => subscriptionWire(r, byUid.get(r.listUid)));
}

/**
 * Spec 4 "Email preferences": saving sends the active subscriptions. In one transaction every live
 * list named is joined through subscribeToList (source preferences; a double opt-in list mails its
 * confirmation) and every other list the person is on is left (opt_out). Only the token's person
 * changes, whoever is signed in on the browser.
 */
export async function savePreferences(deps: PreferencesDeps, input: { token: string; active: string[]; ip: string }) {
  const person = await personOfToken(deps, input.token);
  const now = deps.clock.now();
  const wanted = new Set(input.active);
  const live = await deps.uow.emailLists.list();
  const unknown = [...wanted].filter((uid) => !live.some((l) => l.Uid === uid));
  if (unknown.length) throw new AppError(ErrorCode.EmailListNotFound, undefined, [{ Field: 'ActiveSubscriptions', ErrorCode: ErrorCode.EmailListNotFound, Message: `Unknown list: ${unknown[0]}` }]);
  const confirmationNeeded = await deps.uow.transaction(async (repos) => {
    const needed: string[] = [];
    for (const list of live) {
      if (wanted.has(list.Uid)) {
        const r = await subscribeToList(repos, { personUid: person.uid, listUid: list.Uid, source: 'preferences', ip: input.ip, now });
        if (r.confirmationNeeded) needed.push(list.Uid);
      } else {
        await unsubscribeFromList(repos, { personUid: person.uid, listUid: list.Uid, source: 'preferences', ip: input.ip, now });
      }
    }
    if (needed.length) repos.afterCommit(() => deps.wakeOutbox());
    return needed;
  });
  return { Subscriptions: await subscriptionsOf(deps, person.uid), ConfirmationNeeded: confirmationNeeded };
}

/** Spec 2 "Unsubscribe" (source unsubscribe) and RFC 8058's one-click POST (source one_click): one list, or every list. */
export async function unsubscribe(deps: Omit<PreferencesDeps, 'wakeOutbox'>, input: {
  token: string; listUid: string | null; reason: UnsubscribeReason | null; other: string | null; ip: string; source: 'unsubscribe' | 'one_click';
}): Promise<{ Unsubscribed: string[] }> {
  const person = await personOfToken(deps, input.token);
  const now = deps.clock.now();
  const lists = await deps.uow.emailLists.list();
  if (input.listUid && !lists.some((l) => l.Uid === input.listUid)) throw new AppError(ErrorCode.EmailListNotFound);
  const targets = input.listUid ? [input.listUid] : lists.map((l) => l.Uid);
  const left = await deps.uow.transaction(async (repos) => {
    const out: string[] = [];
    for (const listUid of targets) {
      if (await unsubscribeFromList(repos, { personUid: person.uid, listUid, source: input.source, ip: input.ip, now, reason: input.reason, reasonOther: input.other })) out.push(listUid);
    }
    return out;
  });
  return { Unsubscribed: left };
}

/**
 * The double opt-in page's one button (a POST; the page never submits by itself). The single-use
 * token is taken in the statement that checks it, so a replay (or a scanner that pressed first and a
 * person after) is 410 Errors.EmailListConfirmationUsed, and nothing changes.
 */
export async function confirmSubscription(deps: Omit<PreferencesDeps, 'tokens' | 'wakeOutbox'>, input: { token: string; ip: string }) {
  const now = deps.clock.now();
  return deps.uow.transaction(async (repos) => {
    const taken = await repos.emailTokens.take(tokenHash(input.token), 'list_confirm', now);
    const listUid = taken && typeof taken.data.listUid === 'string' ? taken.data.listUid : null;
    if (!taken || !listUid) throw new AppError(ErrorCode.EmailListConfirmationUsed);
    const list = await repos.emailLists.get(listUid);
    if (!list || list.archived) throw new AppError(ErrorCode.EmailListNotFound);
    // Unsubscribed since the mail: the link does not sign them back up.
    if (!(await confirmListSubscription(repos, { personUid: taken.personUid, listUid, ip: input.ip, now }))) {
      const row = await repos.emailListSubscriptions.getForUpdate(listUid, taken.personUid);
      if (row?.status !== 'Confirmed') throw new AppError(ErrorCode.EmailListConfirmationUsed);
    }
    return { EmailList: publicList(list), Status: 'Confirmed' as const, RedirectUrl: deps.redirectUrl };
  });
}
