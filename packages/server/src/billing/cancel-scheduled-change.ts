import { ErrorCode } from '@portico/core';
import { AppError } from '../http/app-error.ts';
import type { Caller } from '../http/caller.ts';
import { requirePrimaryOrAdmin, SUBSCRIPTION_NOT_FOUND } from '../accounts/account-access.ts';
import type { BillingDeps } from './billing-deps.ts';
import type { WireSubscription } from './billing.schemas.ts';
import { subscriptionToWire } from './billing.mappers.ts';
import { currentOf, isScheduled } from './subscription-timeline.ts';
import { recordActivity } from '../webhooks/activity-events.ts';

/**
 * DELETE /billing/subscriptions/{id} ("Cancel plan change"): deletes a
 * scheduled subscription (one that has not started) and lets the current one
 * run on. A current or past subscription is refused (400
 * Errors.SubscriptionNotScheduled). Answers the account's current subscription.
 */
export async function cancelScheduledChange(deps: BillingDeps, caller: Caller, subscriptionUid: string): Promise<WireSubscription> {
  const snapshot = await deps.snapshots.get();
  const now = deps.clock.now();
  return deps.uow.transaction(async (repos) => {
    const sub = await repos.subscriptions.get(subscriptionUid);
    if (!sub) throw new AppError(ErrorCode.SubscriptionNotFound);
    requirePrimaryOrAdmin(caller, sub.accountUid, SUBSCRIPTION_NOT_FOUND);
    await repos.accounts.lock(sub.accountUid);
    if (!isScheduled(sub, now)) throw new AppError(ErrorCode.SubscriptionNotScheduled);
    await repos.subscriptions.delete(sub.uid);
    await repos.subscriptions.reopenEndingAt(sub.accountUid, sub.startDate);
    const current = currentOf(await repos.subscriptions.listForAccount(sub.accountUid), now);
    if (!current) throw new AppError(ErrorCode.SubscriptionExpired);
    const wire = subscriptionToWire(current, snapshot, deps.config.company.currency, now);
    // Activity webhook: the scheduled change is gone; the current subscription runs on.
    await recordActivity(repos, deps, {
      type: 'subscription.changed', occurredAt: now,
      data: { AccountUid: sub.accountUid, Subscription: wire, Scheduled: false, CancelledScheduledSubscriptionUid: sub.uid },
    });
    return wire;
  });
}
