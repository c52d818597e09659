import { describe, expect, it } from 'vitest';
import { afterFailure, declineKind, nextAttemptAt } from './dunning.ts';

const first = new Date('2026-03-01T10:00:00Z');
const days = (n: number) => new Date(first.getTime() + n * 86_400_000);

describe('nextAttemptAt: offsets from the first failed attempt', () => {
  it('default [0,1,3,7]: four attempts within 14 days, then none', () => {
    const s = { retryDays: [0, 1, 3, 7], firstFailureAt: first };
    expect(nextAttemptAt({ ...s, failedAttempts: 1 })).toEqual(days(1));
    expect(nextAttemptAt({ ...s, failedAttempts: 2 })).toEqual(days(3));
    expect(nextAttemptAt({ ...s, failedAttempts: 3 })).toEqual(days(7));
    expect(nextAttemptAt({ ...s, failedAttempts: 4 })).toBeNull();
    expect(days(7).getTime() - first.getTime()).toBeLessThan(14 * 86_400_000);
  });
  it('an off-schedule attempt failing late keeps the gap to the next slot (no burst of past slots)', () => {
    const s = { retryDays: [0, 1, 3, 7], firstFailureAt: first };
    // attempt 2 made on day 10 (a new card): the next is 2 days later, not day 3 (past)
    expect(nextAttemptAt({ ...s, failedAttempts: 2, now: days(10) })).toEqual(days(12));
    // on time: the schedule itself
    expect(nextAttemptAt({ ...s, failedAttempts: 2, now: days(1) })).toEqual(days(3));
  });
  it('a schedule of one attempt has no retry; a count below 1 is a bug', () => {
    expect(nextAttemptAt({ retryDays: [0], firstFailureAt: first, failedAttempts: 1 })).toBeNull();
    expect(() => nextAttemptAt({ retryDays: [0, 1], firstFailureAt: first, failedAttempts: 0 })).toThrow(RangeError);
  });
});

describe('declineKind', () => {
  it.each(['lost_card', 'stolen_card', 'pickup_card', 'fraudulent', 'expired_card', 'incorrect_number', 'invalid_account',
    'card_not_supported', 'restricted_card', 'revocation_of_authorization', 'security_violation', 'transaction_not_allowed', 'currency_not_supported'])('%s is hard', (code) => {
    expect(declineKind(code)).toBe('hard');
  });
  it.each(['insufficient_funds', 'card_declined', 'generic_decline', 'processing_error', 'try_again_later', 'something_new', null])('%s is soft', (code) => {
    expect(declineKind(code)).toBe('soft');
  });
  it('authentication_required is its own kind', () => {
    expect(declineKind('authentication_required')).toBe('authentication_required');
  });
});

describe('afterFailure', () => {
  const base = { retryDays: [0, 1, 3, 7], firstFailureAt: first };
  it('soft: retrying until the schedule ends, then exhausted', () => {
    expect(afterFailure({ ...base, kind: 'soft', failedAttempts: 1 })).toEqual({ status: 'retrying', nextAttemptAt: days(1) });
    expect(afterFailure({ ...base, kind: 'soft', failedAttempts: 4 })).toEqual({ status: 'exhausted', nextAttemptAt: null });
  });
  it('hard and authentication: no attempt scheduled whatever is left', () => {
    expect(afterFailure({ ...base, kind: 'hard', failedAttempts: 1 })).toEqual({ status: 'hard_declined', nextAttemptAt: null });
    expect(afterFailure({ ...base, kind: 'authentication_required', failedAttempts: 1 })).toEqual({ status: 'action_required', nextAttemptAt: null });
  });
});
