import { requireMember } from '../accounts/account-access.ts';
import type { Caller } from '../http/caller.ts';
import { listOf, type ListAnswer, type PageRequest } from '../http/list.ts';
import type { BillingDeps } from './billing-deps.ts';
import type { WireSubscription } from './billing.schemas.ts';
import { subscriptionToWire } from './billing.mappers.ts';

/**
 * GET /billing/subscriptions: by Account.Uid and/or Person.Uid (through
 * person_accounts); `current` keeps each account's current subscription only.
 * Paged by the database. A signed-in person sees only their own account's rows.
 */
export async function listSubscriptions(
  deps: BillingDeps, caller: Caller,
  filter: { accountUid?: string | undefined; personUid?: string | undefined; currentOnly: boolean }, page: PageRequest,
): Promise<ListAnswer<WireSubscription>> {
  // The admin lists any account (or all); a member only their own account, so a person who has
  // not chosen an account yet never falls through to the unfiltered list (account-access.ts).
  const accountUid = caller.kind === 'admin' ? filter.accountUid : requireMember(caller, filter.accountUid).accountUid;
  const now = deps.clock.now();
  const found = await deps.uow.subscriptions.page({ accountUid, personUid: filter.personUid, currentAt: filter.currentOnly ? now : undefined }, page);
  const snapshot = found.items.length ? await deps.snapshots.get() : null;
  return listOf(found, page, (s) => subscriptionToWire(s, snapshot!, deps.config.company.currency, now));
}
