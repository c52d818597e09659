import { ErrorCode } from '@portico/core';
import { couponRedeemError } from '@portico/core/billing/index';
import { AppError, fieldError, validationError } from '../http/app-error.ts';
import { newUid } from '../ids/new-uid.ts';
import type { BillingDeps } from './billing-deps.ts';
import type { WireSubscription } from './billing.schemas.ts';
import { subscriptionToWire } from './billing.mappers.ts';

/**
 * POST /billing/subscriptions/{id}/discounts/{discountId}: spec 4 "A valid code
 * replaces the subscription's discount coupons with that one coupon".
 * {discountId} is the coupon's Uid or its code. Applying the coupon the
 * subscription already has writes nothing (idempotent).
 */
export async function applyDiscount(deps: BillingDeps, subscriptionUid: string, discountId: string): Promise<WireSubscription> {
  const snapshot = await deps.snapshots.get();
  const coupon = snapshot.coupons.get(discountId) ?? snapshot.couponByCode(discountId);
  if (!coupon) throw new AppError(ErrorCode.DiscountCodeNotFound);
  const now = deps.clock.now();
  return deps.repos.transaction(async (repos) => {
    const sub = await repos.subscriptions.get(subscriptionUid);
    if (!sub) throw new AppError(ErrorCode.SubscriptionNotFound);
    await repos.subscriptions.lockAccount(sub.accountUid);
    const already = sub.coupons.length === 1 && sub.coupons[0]!.couponUid === coupon.Uid;
    if (!already) {
      const why = couponRedeemError(coupon, sub.planUid, now);
      if (why) throw validationError([fieldError('DiscountCode', why)], why);
      const startDate = sub.startDate.getTime() > now.getTime() ? sub.startDate : now;
      await repos.subscriptions.replaceCoupons(sub.uid, [{ uid: newUid(), couponUid: coupon.Uid, startDate, expireDate: null }]);
    }
    const saved = await repos.subscriptions.get(sub.uid);
    return subscriptionToWire(saved!, snapshot, deps.config.company.currency, now);
  });
}
