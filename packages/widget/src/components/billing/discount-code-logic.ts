import { ErrorCode } from '@portico/core';
import type { DiscountCoupon, ErrorBody } from '@portico/core';
import { couponRedeemError } from '@portico/core/billing/index';
import type { DisplayError } from '../error-list-logic.ts';

/** Spec 1 section 9: focus moves into the discount input after 100 ms. */
export const DISCOUNT_FOCUS_DELAY_MS = 100;

/** Spec 5: a non-empty value is needed before it can be applied. */
export const canApplyCode = (value: string): boolean => value.trim() !== '';

/**
 * Spec 8: a 400 takes the code from the first validation error (default
 * DiscountCodeNotFound); a 404 gives DiscountCodeNotFound; anything else SystemError.
 */
export function discountLookupErrors(status: number, body: Partial<ErrorBody> | null | undefined): DisplayError[] {
  if (status === 400) {
    const first = body?.FieldErrors?.[0];
    return [first?.ErrorCode ? { code: first.ErrorCode, ...(first.Message ? { message: first.Message } : {}) } : { code: ErrorCode.DiscountCodeNotFound }];
  }
  if (status === 404) return [{ code: ErrorCode.DiscountCodeNotFound }];
  return [{ code: ErrorCode.SystemError }];
}

/** Demo mode: the code among the demo coupons (case-insensitive), checked with core's couponRedeemError. */
export function demoCouponLookup(
  coupons: readonly DiscountCoupon[], code: string, planUid: string, now: Date,
): { coupon: DiscountCoupon } | { errors: DisplayError[] } {
  const wanted = code.trim().toUpperCase();
  const coupon = coupons.find((c) => c.UniqueIdentifier.toUpperCase() === wanted);
  if (!coupon) return { errors: [{ code: ErrorCode.DiscountCodeNotFound }] };
  const error = couponRedeemError(coupon, planUid, now);
  return error ? { errors: [{ code: error }] } : { coupon };
}
