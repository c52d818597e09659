import { toDay } from './days.ts';
import { NOT_DUE_NOW_AFTER_DAYS } from './change-summary.ts';
import type { RenewalSummary } from './charge-summary.types.ts';

/** Spec 4 due label: 'Due now', due now and at renewal, due at renewal, or 'Due on {date}'. */
export type DueLabel = 'dueNow' | 'dueNowAndAtRenewal' | 'dueAtRenewal' | { kind: 'dueOn'; date: string };

/**
 * Picks the due label, first match wins:
 * 1. the due-now invoice date is more than 60 days after `now` -> { kind: 'dueOn', date };
 * 2. a renewal exists, nothing is due now and the renewal total is above 0 -> 'dueAtRenewal';
 * 3. a renewal exists and both totals are equal -> 'dueNowAndAtRenewal';
 * 4. otherwise 'dueNow'.
 */
export function dueLabel(now: RenewalSummary, renewal: RenewalSummary | null, clock: Date): DueLabel {
  if (toDay(now.InvoiceDate) - toDay(clock) > NOT_DUE_NOW_AFTER_DAYS) return { kind: 'dueOn', date: now.InvoiceDate };
  if (renewal && now.Total === 0 && renewal.Total > 0) return 'dueAtRenewal';
  if (renewal && now.Total === renewal.Total) return 'dueNowAndAtRenewal';
  return 'dueNow';
}
