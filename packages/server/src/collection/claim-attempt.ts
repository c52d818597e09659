import type { Repositories } from '../unit-of-work.ts';
import type { ChargeInvoicePayload, ClaimFilter } from './collection.repository.ts';

/**
 * The one way a charge attempt of an Open invoice starts (docs/billing.md "Collection and dunning"):
 * the collector's pass, saving a new card and the operator's retry all call it, inside their own
 * transaction. It sets `attempt_in_flight = attempt_count + 1` on each Open invoice the filter takes
 * that has no attempt in flight, and writes the `billing.charge-invoice` message for it in the same
 * transaction: the attempt exists exactly when its message does. The caller wakes the outbox after
 * its commit. An invoice with an attempt in flight is skipped (never two attempts at once).
 */
export function claimAttempt(repos: Pick<Repositories, 'collection'>, filter: ClaimFilter): Promise<ChargeInvoicePayload[]> {
  return repos.collection.claim(filter);
}
