import { ErrorCode } from '@portico/core';
import { couponRedeemError } from '@portico/core/billing/index';
import { AppError, fieldError, validationError } from '../http/app-error.ts';
import type { Caller } from '../http/caller.ts';
import { requirePrimaryOrAdmin, SUBSCRIPTION_NOT_FOUND } from '../accounts/account-access.ts';
import { newUid } from '../ids/new-uid.ts';
import type { BillingDeps } from './billing-deps.ts';
import type { WireSubscription } from './billing.schemas.ts';
import { subscriptionToWire } from './billing.mappers.ts';
import { currentOf } from './subscription-timeline.ts';
import type { StoredSubscription } from './subscriptions.repository.ts';
import type { Repositories } from '../unit-of-work.ts';
import type { DiscountCoupon } from '@portico/core';

/**
 * A coupon goes on the account's current row only: on an ended row it would
 * discount nothing anyone pays (or rewrite history), and a scheduled row gets
 * its coupon from the change that creates it. No current row at all is the
 * spec's "subscription expired"; another row being current is a 409.
 */
function assertCurrent(sub: StoredSubscription, all: StoredSubscription[], now: Date): void {
  const current = currentOf(all, now);
  if (!current) throw new AppError(ErrorCode.SubscriptionExpired);
  if (current.uid !== sub.uid) {
    throw new AppError(ErrorCode.Conflict, 'A discount code can only be added to the current subscription.', [
      fieldError('params.id', ErrorCode.Conflict, `Subscription '${sub.uid}' is not the account's current subscription.`),
    ]);
  }
}

/**
 * POST /billing/subscriptions/{id}/discounts/{discountId}: spec 4 "A valid code
 * replaces the subscription's discount coupons with that one coupon".
 * {discountId} is the coupon's Uid or its code. Applying the coupon the
 * subscription already has writes nothing (idempotent).
 */
export async function applyDiscount(deps: BillingDeps, caller: Caller, subscriptionUid: string, discountId: string): Promise<WireSubscription> {
  const snapshot = await deps.snapshots.get();
  const coupon = snapshot.coupons.get(discountId) ?? snapshot.couponByCode(discountId);
  if (!coupon) throw new AppError(ErrorCode.DiscountCodeNotFound);
  const now = deps.clock.now();
  return deps.uow.transaction(async (repos) => {
    const sub = await repos.subscriptions.get(subscriptionUid);
    if (!sub) throw new AppError(ErrorCode.SubscriptionNotFound);
    requirePrimaryOrAdmin(caller, sub.accountUid, SUBSCRIPTION_NOT_FOUND);
    await repos.accounts.lock(sub.accountUid);
    const saved = await applyCouponInTransaction(repos, sub, coupon, now);
    return subscriptionToWire(saved, snapshot, deps.config.company.currency, now);
  });
}

/**
 * The rule of a discount added to a subscription, inside the caller's transaction (the account locked):
 * the current row only, the coupon redeemable for its plan, the one coupon replacing the others. Also
 * the retention offer's (cancellations/retention-offer.ts). Answers the saved row.
 */
export async function applyCouponInTransaction(
  repos: Pick<Repositories, 'subscriptions'>, sub: StoredSubscription, coupon: DiscountCoupon, now: Date,
): Promise<StoredSubscription> {
  assertCurrent(sub, await repos.subscriptions.listForAccount(sub.accountUid), now);
  const already = sub.coupons.length === 1 && sub.coupons[0]!.couponUid === coupon.Uid;
  if (!already) {
    const why = couponRedeemError(coupon, sub.planUid, now);
    if (why) throw validationError([fieldError('DiscountCode', why)], why);
    await repos.subscriptions.replaceCoupons(sub.uid, [{ uid: newUid(), couponUid: coupon.Uid, startDate: now, expireDate: null }]);
  }
  return (await repos.subscriptions.get(sub.uid))!;
}
