import type { DiscountCoupon } from '../entities/catalog.ts';
import { ErrorCode } from '../errors/error-codes.ts';
import { addMonths, toDay, type DayNumber } from './days.ts';
import { mulDivRound } from './rounding.ts';

/** A coupon on a subscription: appliedAt = redemption instant (absent = redeemed now). */
export interface CouponInput {
  coupon: DiscountCoupon;
  /** ISO date or timestamp of the redemption; absent when the code is being redeemed now. */
  appliedAt?: string | null;
  /** Spec 3 "On a subscription: ExpireDate": the coupon stops applying after this day. */
  expireDate?: string | null;
}

function instantMs(value: string): number {
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw new RangeError(`Invalid date: ${value}`);
  return ms;
}

/**
 * Why a code cannot be redeemed now for a plan, or null.
 * RedeemBy: "cannot redeem after" (now strictly after RedeemBy -> DiscountCodeExpired);
 * an inactive coupon is treated as expired; a PlanUids list not naming the plan -> DiscountCodeNotApplicable.
 */
export function couponRedeemError(coupon: DiscountCoupon, planUid: string, now: Date): ErrorCode | null {
  if (!coupon.IsActive) return ErrorCode.DiscountCodeExpired;
  if (coupon.RedeemBy && now.getTime() > instantMs(coupon.RedeemBy)) return ErrorCode.DiscountCodeExpired;
  if (coupon.PlanUids.length > 0 && !coupon.PlanUids.includes(planUid)) return ErrorCode.DiscountCodeNotApplicable;
  return null;
}

export interface CouponWindow {
  /** False when the coupon never applies (not redeemable, wrong plan). */
  usable: boolean;
  redemptionDay: DayNumber;
  /** Last day (inclusive) the coupon applies; Infinity when open-ended. */
  lastDay: number;
  once: boolean;
}

/**
 * When a coupon applies: from its redemption day until the earliest of
 * ExpireDate (inclusive) and, for Repeating, redemption + DurationInMonths
 * (exclusive, anchor-day rule). Once coupons apply to the first invoice only
 * (the caller says which invoice is first).
 */
export function couponWindow(input: CouponInput, planUid: string, now: Date): CouponWindow {
  const { coupon } = input;
  const redeemedAt = input.appliedAt ? instantMs(input.appliedAt) : now.getTime();
  const redemptionDay = toDay(redeemedAt);
  let usable = coupon.PlanUids.length === 0 || coupon.PlanUids.includes(planUid);
  if (coupon.RedeemBy && redeemedAt > instantMs(coupon.RedeemBy)) usable = false;
  if (!input.appliedAt && !coupon.IsActive) usable = false;
  let lastDay = Infinity;
  if (input.expireDate) lastDay = toDay(input.expireDate);
  if (coupon.Duration === 'Repeating') {
    lastDay = Math.min(lastDay, addMonths(redemptionDay, Math.max(0, coupon.DurationInMonths ?? 0)) - 1);
  }
  return { usable, redemptionDay, lastDay, once: coupon.Duration === 'Once' };
}

/** Does the coupon discount an invoice dated `invoiceDay`? */
export function couponAppliesOn(window: CouponWindow, invoiceDay: DayNumber, isFirstInvoice: boolean): boolean {
  if (!window.usable || invoiceDay > window.lastDay) return false;
  return window.once ? isFirstInvoice : true;
}

/**
 * The discount (a positive amount, to subtract) on a base in minor units:
 * percent rounded half-up, amount-off capped at the base (never below zero,
 * and the unused part of an amount-off does not carry over).
 */
export function couponDiscount(coupon: DiscountCoupon, base: number): number {
  if (base <= 0) return 0;
  if (coupon.PercentOff !== null && coupon.PercentOff > 0) {
    const hundredths = Math.round(coupon.PercentOff * 100);
    return Math.min(base, mulDivRound(base, hundredths, 10_000));
  }
  if (coupon.AmountOff !== null && coupon.AmountOff > 0) return Math.min(base, coupon.AmountOff);
  return 0;
}
