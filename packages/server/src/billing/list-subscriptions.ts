import type { BillingDeps } from './billing-deps.ts';
import type { WireSubscription } from './billing.schemas.ts';
import { subscriptionToWire } from './billing.mappers.ts';
import { currentOf } from './subscription-timeline.ts';
import type { StoredSubscription } from './subscriptions.repository.ts';

/**
 * GET /billing/subscriptions: by Account.Uid and/or Person.Uid (through
 * person_accounts); `current` keeps each account's current subscription only.
 */
export async function listSubscriptions(
  deps: BillingDeps, filter: { accountUid?: string | undefined; personUid?: string | undefined; currentOnly: boolean },
): Promise<WireSubscription[]> {
  const now = deps.clock.now();
  const subs = await deps.repos.subscriptions.list(filter);
  let chosen: StoredSubscription[] = subs;
  if (filter.currentOnly) {
    const byAccount = new Map<string, StoredSubscription[]>();
    for (const s of subs) byAccount.set(s.accountUid, [...(byAccount.get(s.accountUid) ?? []), s]);
    chosen = [...byAccount.values()].flatMap((list) => {
      const current = currentOf(list, now);
      return current ? [current] : [];
    });
  }
  if (chosen.length === 0) return [];
  const snapshot = await deps.snapshots.get();
  return chosen.map((s) => subscriptionToWire(s, snapshot, deps.config.company.currency, now));
}
