import type { z } from 'zod';
import type { BillingDeps } from '../billing/billing-deps.ts';
import { subscriptionToWire } from '../billing/billing.mappers.ts';
import type { CatalogSnapshot } from '../billing/catalog-snapshot.ts';
import { currentOf, latestOf } from '../billing/subscription-timeline.ts';
import type { Caller } from '../http/caller.ts';
import { requireMemberOrAdmin } from './account-access.ts';
import type { Repositories } from '../unit-of-work.ts';
import type { accountOut } from './accounts.schemas.ts';
import { accountToWire } from './accounts.mappers.ts';

export type WireAccount = z.infer<typeof accountOut>;

/**
 * GET /admin/accounts/{uid}: the account with its people, CurrentSubscription and LatestSubscription expanded.
 * `within` reads inside a transaction (a registration answers with the account it just wrote),
 * with a snapshot taken before it: the catalogue is never read inside a write transaction.
 */
export async function getAccount(
  deps: BillingDeps, caller: Caller, uid: string, within?: { repos: Repositories; snapshot: CatalogSnapshot },
): Promise<WireAccount | null> {
  requireMemberOrAdmin(caller, uid);
  const repos = within?.repos ?? deps.uow;
  const account = await repos.accounts.get(uid);
  if (!account) return null;
  const now = deps.clock.now();
  const snapshot = within?.snapshot ?? await deps.snapshots.get();
  const subs = await repos.subscriptions.listForAccount(uid);
  const currency = deps.config.company.currency;
  const current = currentOf(subs, now);
  const latest = latestOf(subs, now);
  return accountToWire(
    account,
    current ? subscriptionToWire(current, snapshot, currency, now) : null,
    latest ? subscriptionToWire(latest, snapshot, currency, now) : null,
  );
}
