import { ErrorCode } from '@portico/core';
import { isSubscribed, type ConsentSource, type UnsubscribeReason } from '@portico/core/email-lists/subscriptions';
import { AppError } from '../http/app-error.ts';
import { newUid } from '../ids/new-uid.ts';
import type { Repositories } from '../unit-of-work.ts';
import type { EmailListRow } from './email-lists.repository.ts';

export const LIST_CONFIRMATION_TOPIC = 'mail.list-confirmation';
/** What a double opt-in subscription enqueues; the single-use token is made at sending. */
export interface ListConfirmationPayload { personUid: string; listUid: string }

type ListRepos = Pick<Repositories, 'emailLists' | 'emailListSubscriptions' | 'outbox'>;

export interface SubscribeInput {
  personUid: string;
  listUid: string;
  source: ConsentSource;
  ip: string | null;
  now: Date;
}

export interface SubscribeResult {
  /** Subscribed: added (waiting for its confirmation when confirmationNeeded); AlreadySubscribed: nothing changed. */
  status: 'Subscribed' | 'Confirmed' | 'AlreadySubscribed';
  confirmationNeeded: boolean;
}

async function liveList(repos: ListRepos, listUid: string): Promise<EmailListRow> {
  const list = await repos.emailLists.get(listUid);
  if (!list || list.archived) throw new AppError(ErrorCode.EmailListNotFound);
  return list;
}

/**
 * THE way a person joins a list (sign-up box, preferences, lead forms, admin): call it inside
 * `uow.transaction`. Writes the subscription (Subscribed), its consent row (opt_in, with the source
 * and IP) and, for a double opt-in list, enqueues the confirmation mail through the outbox (the
 * caller wakes the outbox after commit: `repos.afterCommit(wakeOutbox)`). Someone already counted as
 * subscribed (core's isSubscribed) is left alone: AlreadySubscribed, no row, no mail. Someone still
 * waiting for a confirmation gets the mail again (the route's rate limits bound how often).
 * The person's row is locked, so two saves at once cannot both insert or both log.
 */
export async function subscribeToList(repos: ListRepos, input: SubscribeInput): Promise<SubscribeResult> {
  const list = await liveList(repos, input.listUid);
  await repos.emailListSubscriptions.insertIfAbsent({ uid: newUid(), listUid: list.uid, personUid: input.personUid, status: 'Unsubscribed', created: input.now, updated: input.now });
  const row = await repos.emailListSubscriptions.getForUpdate(list.uid, input.personUid);
  if (!row) throw new Error('subscription row vanished inside its transaction');
  const wire = { RequiresDoubleOptIn: list.requiresDoubleOptIn };
  if (isSubscribed(row.status as never, wire)) return { status: 'AlreadySubscribed', confirmationNeeded: false };
  const pending = row.status === 'Subscribed'; // on a double opt-in list, waiting for its confirmation
  if (!pending) {
    await repos.emailListSubscriptions.setStatus(row.uid, 'Subscribed', input.now);
    await repos.emailListSubscriptions.logConsent({
      uid: newUid(), personUid: input.personUid, listUid: list.uid, action: 'opt_in', source: input.source, ip: input.ip, at: input.now,
      detail: list.requiresDoubleOptIn ? { awaitingConfirmation: true } : {},
    });
  }
  if (list.requiresDoubleOptIn) {
    const payload: ListConfirmationPayload = { personUid: input.personUid, listUid: list.uid };
    await repos.outbox.enqueue(LIST_CONFIRMATION_TOPIC, payload);
    return { status: 'Subscribed', confirmationNeeded: true };
  }
  return { status: 'Subscribed', confirmationNeeded: false };
}

export interface UnsubscribeInput extends SubscribeInput {
  reason?: UnsubscribeReason | null;
  reasonOther?: string | null;
}

/**
 * The one way off a list: a Subscribed or Confirmed row becomes Unsubscribed with the reason, and
 * its opt_out consent row. Answers false (nothing written) when the person was not on it.
 */
export async function unsubscribeFromList(repos: Pick<Repositories, 'emailListSubscriptions'>, input: UnsubscribeInput): Promise<boolean> {
  const row = await repos.emailListSubscriptions.getForUpdate(input.listUid, input.personUid);
  if (!row || (row.status !== 'Subscribed' && row.status !== 'Confirmed')) return false;
  const reason = input.reason ?? null;
  const other = reason === 'other' ? (input.reasonOther?.trim() || null) : null;
  await repos.emailListSubscriptions.setStatus(row.uid, 'Unsubscribed', input.now, { reason, other });
  await repos.emailListSubscriptions.logConsent({
    uid: newUid(), personUid: input.personUid, listUid: input.listUid, action: 'opt_out', source: input.source, ip: input.ip, at: input.now,
    detail: reason ? { reason, ...(other ? { other } : {}) } : {},
  });
  return true;
}

/** The double opt-in's confirmation: a waiting (Subscribed) row becomes Confirmed, with its consent row. False when there was nothing to confirm. */
export async function confirmListSubscription(repos: Pick<Repositories, 'emailListSubscriptions'>, input: Omit<SubscribeInput, 'source'>): Promise<boolean> {
  const row = await repos.emailListSubscriptions.getForUpdate(input.listUid, input.personUid);
  if (!row || row.status !== 'Subscribed') return false;
  await repos.emailListSubscriptions.setStatus(row.uid, 'Confirmed', input.now);
  await repos.emailListSubscriptions.logConsent({ uid: newUid(), personUid: input.personUid, listUid: input.listUid, action: 'confirm', source: 'preferences', ip: input.ip, at: input.now });
  return true;
}
