/**
 * Dunning (issue 17, docs/billing.md "Collection and dunning"): when a failed charge of an Open
 * invoice is tried again, and which declines are worth trying again at all. Pure: the times come in.
 */

/** How a refused charge is treated: retried by the schedule, never retried, or waiting for the customer's bank step. */
export type DeclineKind = 'soft' | 'hard' | 'authentication_required';

/**
 * Provider decline codes (Stripe's names, which the sandbox shares) that no retry can fix: the card is
 * gone, refused for good, or the bank forbids this kind of charge. Retrying them only earns the merchant
 * penalties from the card networks; the customer has to give another card.
 */
const HARD = new Set([
  'lost_card', 'stolen_card', 'pickup_card', 'fraudulent', 'expired_card', 'incorrect_number', 'invalid_account',
  'card_not_supported', 'restricted_card', 'revocation_of_authorization', 'revocation_of_all_authorizations',
  'security_violation', 'transaction_not_allowed', 'currency_not_supported', 'do_not_honor_permanently', 'invalid_number',
  'no_action_taken', 'stop_payment_order', 'merchant_blacklist', 'new_account_information_available', 'do_not_try_again',
]);

/** Codes meaning the bank wants its customer to authenticate (SCA): never retried blindly. */
const AUTHENTICATION = new Set(['authentication_required', 'card_velocity_exceeded_authentication']);

/**
 * The kind of a decline by its provider code. Soft (insufficient_funds, card_declined, generic_decline,
 * processing_error, try_again_later …) and any code we do not know are retried by the schedule: an
 * unknown code wrongly taken as hard would stop collecting money a retry could have brought.
 */
export function declineKind(code: string | null | undefined): DeclineKind {
  if (!code) return 'soft';
  if (AUTHENTICATION.has(code)) return 'authentication_required';
  return HARD.has(code) ? 'hard' : 'soft';
}

const DAY_MS = 86_400_000;

/**
 * When the next attempt is due after `failedAttempts` attempts failed, the schedule's days counted from
 * the first failed attempt (`retryDays[0]` is that attempt, day 0; [0,1,3,7]: attempts on days 0, 1, 3
 * and 7). Null: no attempt left. An attempt made off the schedule (a new card saved, an operator's retry,
 * counted like any other) that failed after its next slot had passed gets the schedule's gap instead (`now`
 * + the days between the two slots): otherwise the slots already past would all be spent within minutes.
 */
export function nextAttemptAt(schedule: { retryDays: readonly number[]; firstFailureAt: Date; failedAttempts: number; now?: Date }): Date | null {
  const { retryDays, firstFailureAt, failedAttempts } = schedule;
  if (!Number.isInteger(failedAttempts) || failedAttempts < 1) throw new RangeError('failedAttempts must be a whole number ≥ 1');
  const days = retryDays[failedAttempts];
  if (days === undefined) return null;
  const onSchedule = firstFailureAt.getTime() + days * DAY_MS;
  const gap = (days - (retryDays[failedAttempts - 1] ?? 0)) * DAY_MS;
  const now = schedule.now?.getTime();
  return new Date(now === undefined || onSchedule > now ? onSchedule : now + gap);
}

/** Dunning states of an Open invoice (invoices.dunning_status); null: never failed. */
export type DunningStatus = 'retrying' | 'action_required' | 'hard_declined' | 'exhausted';

/** What a failed attempt leaves on the invoice: its dunning state and the next attempt, if any. */
export function afterFailure(input: { kind: DeclineKind; retryDays: readonly number[]; firstFailureAt: Date; failedAttempts: number; now?: Date }): { status: DunningStatus; nextAttemptAt: Date | null } {
  if (input.kind === 'hard') return { status: 'hard_declined', nextAttemptAt: null };
  if (input.kind === 'authentication_required') return { status: 'action_required', nextAttemptAt: null };
  const next = nextAttemptAt(input);
  return next ? { status: 'retrying', nextAttemptAt: next } : { status: 'exhausted', nextAttemptAt: null };
}
