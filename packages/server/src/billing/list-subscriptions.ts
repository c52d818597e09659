import { ErrorCode } from '@portico/core';
import { AppError } from '../http/app-error.ts';
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
  if (caller.kind === 'anonymous') throw new AppError(ErrorCode.Unauthorized);
  // A person who has not chosen an account yet must not fall through to the unfiltered list.
  if (caller.kind === 'person' && caller.accountUid === null) throw new AppError(ErrorCode.Forbidden);
  const accountUid = caller.kind === 'person' ? caller.accountUid ?? undefined : filter.accountUid;
  if (caller.kind === 'person' && filter.accountUid && filter.accountUid !== caller.accountUid) throw new AppError(ErrorCode.Forbidden);
  const now = deps.clock.now();
  const found = await deps.uow.subscriptions.page({ accountUid, personUid: filter.personUid, currentAt: filter.currentOnly ? now : undefined }, page);
  const snapshot = found.items.length ? await deps.snapshots.get() : null;
  return listOf(found, page, (s) => subscriptionToWire(s, snapshot!, deps.config.company.currency, now));
}
