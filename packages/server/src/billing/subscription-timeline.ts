import type { BillingRenewalTerm } from '@portico/core';
import { addMonths, dayToIso, periodContaining, termMonths, toDay, type DayNumber } from '@portico/core/billing/index';
import type { StoredSubscription } from './subscriptions.repository.ts';

/**
 * Which of an account's subscription rows is current, which is scheduled, and
 * the billing period of a row, all read against the server clock.
 * A row is current from its StartDate until its EndDate (exclusive); a row
 * starting after now is a scheduled change (the "latest" subscription).
 */
const MS_PER_DAY = 86_400_000;

export const dayStart = (day: DayNumber): Date => new Date(day * MS_PER_DAY);

export function isScheduled(s: StoredSubscription, now: Date): boolean {
  return s.startDate.getTime() > now.getTime();
}

export function isCurrent(s: StoredSubscription, now: Date): boolean {
  const t = now.getTime();
  return s.startDate.getTime() <= t && (s.endDate === null || s.endDate.getTime() > t);
}

/** The current row: started, not ended, latest start first. */
export function currentOf(subs: readonly StoredSubscription[], now: Date): StoredSubscription | null {
  return [...subs].filter((s) => isCurrent(s, now)).sort((a, b) => b.startDate.getTime() - a.startDate.getTime())[0] ?? null;
}

/** The latest row: a scheduled change when there is one, else the current row. */
export function latestOf(subs: readonly StoredSubscription[], now: Date): StoredSubscription | null {
  const scheduled = [...subs].filter((s) => isScheduled(s, now)).sort((a, b) => b.startDate.getTime() - a.startDate.getTime())[0];
  return scheduled ?? currentOf(subs, now);
}

export function anchorDay(s: Pick<StoredSubscription, 'anchorDate' | 'startDate'>): DayNumber {
  return toDay(s.anchorDate ?? s.startDate);
}

/**
 * The billing period [start, end) of a row on the day of `now`. Before the
 * anchor (a trial) the period runs from the start to the anchor; a one-time
 * plan has no period, so it is taken as the day itself.
 */
export function currentPeriod(s: StoredSubscription, now: Date): { start: DayNumber; end: DayNumber } {
  const today = toDay(now);
  const anchor = anchorDay(s);
  const start = toDay(s.startDate);
  if (s.term === 'OneTime') return { start: Math.min(start, today), end: today + 1 };
  if (today < anchor) return { start: Math.min(start, today), end: anchor };
  const p = periodContaining(anchor, s.term, today);
  return { start: p.start, end: p.end };
}

/** Next renewal instant (00:00 UTC) for a term counted from an anchor, or null for a one-time term. */
export function renewalFrom(anchor: DayNumber, term: BillingRenewalTerm, now: Date): Date | null {
  if (termMonths(term) === 0) return null;
  const today = toDay(now);
  if (today < anchor) return dayStart(anchor);
  return dayStart(periodContaining(anchor, term, today).end);
}

export { addMonths, dayToIso, termMonths, toDay };
