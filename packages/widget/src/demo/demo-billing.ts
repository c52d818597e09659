/**
 * The demo answers of the billing calls, with the rules a server applies
 * (core's validateSubscriptionRequest, couponRedeemError, chargeSummary).
 * Its own chunk: the billing engine loads on the first preview, not with the demo settings.
 */
import { ErrorCode } from '@portico/core';
import { defaultMessages } from '@portico/core/errors/default-messages';
import type { DiscountCoupon, FieldError, Plan } from '@portico/core';
import { chargeSummary, couponFromWire, couponRedeemError, planFamilyFromWire, summaryToWire, validateSubscriptionRequest } from '@portico/core/billing/index';
import type { WireChargeSummary } from '@portico/core/billing/index';
import type { Operation, RequestBody } from '../api/api-types.ts';
import { DEMO_COUPONS, DEMO_SETTINGS } from './demo-settings.ts';
import { DemoRefusal } from './demo-transport.ts';

type ChargeBody = RequestBody<Operation<'post', '/api/v1/billing/subscriptions/compute-charge-summary'>>;

const currency = DEMO_SETTINGS.PaymentSettings.Currency;
const plans: Plan[] = DEMO_SETTINGS.PlanFamilies.flatMap((f) => planFamilyFromWire(f, currency).plans);
const coupons: DiscountCoupon[] = DEMO_COUPONS.map((c) => couponFromWire(c, currency));

const fieldError = (Field: string, code: ErrorCode): FieldError => ({ Field, ErrorCode: code, Message: defaultMessages[code] });
const findCoupon = (code: string) => coupons.find((c) => c.UniqueIdentifier.toUpperCase() === code.trim().toUpperCase());

/** GET /public/billing/discountcoupons/{code}: 404 unknown, 400 expired or not for the plan (spec 8). */
export function lookUpCoupon(code: string, planUid: string | null, now: Date) {
  const coupon = findCoupon(code);
  if (!coupon) throw new DemoRefusal(404, ErrorCode.DiscountCodeNotFound);
  const why = couponRedeemError(coupon, planUid ?? coupon.PlanUids[0] ?? '', now);
  if (why) throw new DemoRefusal(400, why, [fieldError('DiscountCode', why)]);
  return DEMO_COUPONS.find((c) => c.Uid === coupon.Uid)!;
}

/** POST /billing/subscriptions/compute-charge-summary for a new subscription, without tax (the demo site has none). */
export function computeChargeSummary(body: ChargeBody, asOf: 'now' | 'renewal', now: Date): WireChargeSummary {
  const plan = plans.find((p) => p.Uid === body.Plan.Uid);
  if (!plan) throw new DemoRefusal(404, ErrorCode.PlanNotFound);
  const selected = (body.SubscriptionAddOns ?? []).filter((s) => s.selected !== false && s.Quantity !== 0);
  const quantity = body.Quantity ?? 0;
  const errors = validateSubscriptionRequest({
    plan, term: body.BillingRenewalTerm, quantity, addOns: selected.map((s) => ({ addOnUid: s.AddOn.Uid, quantity: s.Quantity ?? 1 })),
  });
  const ref = body.DiscountCouponSubscriptions?.[0]?.DiscountCoupon;
  const coupon = ref ? coupons.find((c) => c.Uid === ref.Uid) ?? findCoupon(ref.UniqueIdentifier ?? '') : null;
  if (ref && !coupon) errors.push(fieldError('DiscountCouponSubscriptions.0.DiscountCoupon', ErrorCode.DiscountCodeNotFound));
  const why = coupon ? couponRedeemError(coupon, plan.Uid, now) : null;
  if (why) errors.push(fieldError('DiscountCouponSubscriptions.0.DiscountCoupon', why));
  if (errors.length) throw new DemoRefusal(400, errors[0]!.ErrorCode as ErrorCode, errors);
  const addOns = selected.flatMap((s) => {
    const offered = plan.PlanAddOns.find((pa) => pa.AddOn.Uid === s.AddOn.Uid);
    return offered ? [{ addOn: offered.AddOn, quantity: offered.AddOn.IsQuantityEditable ? (s.Quantity ?? 1) : 1 }] : [];
  });
  const summary = chargeSummary({ now, currency, plan, term: body.BillingRenewalTerm, quantity, addOns, coupon: coupon ? { coupon } : null, asOf });
  return summaryToWire(summary, currency);
}
