import type { z } from 'zod';
import type { BillingDeps } from './billing-deps.ts';
import type { accountOut } from './accounts.schemas.ts';
import { accountToWire, subscriptionToWire } from './billing.mappers.ts';
import { currentOf, latestOf } from './subscription-timeline.ts';

export type WireAccount = z.infer<typeof accountOut>;

/** GET /admin/accounts/{uid}: the account with its people, CurrentSubscription and LatestSubscription expanded. */
export async function getAccount(deps: BillingDeps, uid: string): Promise<WireAccount | null> {
  const account = await deps.repos.accounts.get(uid);
  if (!account) return null;
  const now = deps.clock.now();
  const snapshot = await deps.snapshots.get();
  const subs = await deps.repos.subscriptions.listForAccount(uid);
  const currency = deps.config.company.currency;
  const current = currentOf(subs, now);
  const latest = latestOf(subs, now);
  return accountToWire(
    account,
    current ? subscriptionToWire(current, snapshot, currency, now) : null,
    latest ? subscriptionToWire(latest, snapshot, currency, now) : null,
  );
}
