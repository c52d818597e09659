import type { ChargeSummary, ChargeSummaryInput, RenewalSummary } from './charge-summary.types.ts';
import { changeSummaries } from './change-summary.ts';
import { needsRenewalSummary, newSubscriptionSummary } from './new-subscription-summary.ts';

/**
 * The charge summary (invoice preview) for a new subscription or, with
 * `existing`, for a change; `asOf` picks the due-now invoice or the renewal invoice.
 */
export function chargeSummary(input: ChargeSummaryInput): ChargeSummary {
  if (input.existing) {
    const both = changeSummaries(input);
    return input.asOf === 'now' ? both.now : both.renewal;
  }
  return newSubscriptionSummary(input);
}

export interface ChargeSummaries {
  now: ChargeSummary;
  /** Null for a new subscription that needs no renewal summary (spec 4). */
  renewal: ChargeSummary | null;
}

/** Spec 4: "A summary for 'now' is always computed", plus the renewal one when needed. */
export function chargeSummaries(input: Omit<ChargeSummaryInput, 'asOf'>): ChargeSummaries {
  if (input.existing) {
    const both = changeSummaries({ ...input, asOf: 'now' });
    return { now: both.now, renewal: both.renewal };
  }
  const now = newSubscriptionSummary({ ...input, asOf: 'now' });
  const renewal = needsRenewalSummary(input) ? newSubscriptionSummary({ ...input, asOf: 'renewal' }) : null;
  return { now, renewal };
}

/** Spec 3 "Renewal summary: Total, InvoiceDate"; null when nothing renews. */
export function renewalSummary(input: Omit<ChargeSummaryInput, 'asOf'>): RenewalSummary | null {
  const { renewal } = chargeSummaries(input);
  return renewal ? { Total: renewal.Total, InvoiceDate: renewal.InvoiceDate } : null;
}
