import { ErrorCode, type AddOn, type BillingRenewalTerm, type DiscountCoupon, type FieldError, type Plan } from '@portico/core';
import {
  addOnRenewalTerms, couponRedeemError, resolveAddOnTerm, validateSubscriptionRequest, type AddOnSelection, type CouponInput, type TaxInput,
} from '@portico/core/billing/index';
import type { CompanyConfig } from '../config/company-config.schema.ts';
import { AppError, fieldError, validationError } from '../http/app-error.ts';
import type { CatalogSnapshot } from './catalog-snapshot.ts';
import type { SubscriptionInput } from './billing.schemas.ts';
import type { StoredSubscription } from './subscriptions.repository.ts';

/** A subscription request checked against the catalogue and the billing rules, in domain terms (minor units). */
export interface ResolvedRequest {
  plan: Plan;
  term: BillingRenewalTerm;
  quantity: number;
  addOns: (AddOnSelection & { term: BillingRenewalTerm })[];
  /** The coupon to apply, with when it was redeemed (null = redeemed with this request). */
  coupon: (CouponInput & { appliedAt: string | null; expireDate: string | null }) | null;
  startDate: string | null;
}

export interface ResolveContext {
  now: Date;
  /** The subscription being changed, when there is one. */
  base?: StoredSubscription | null;
  /** Import of existing customers may use plans no longer offered. */
  allowInactivePlan?: boolean;
  /** When a new coupon counts as redeemed (import: the StartDate); default now. */
  redeemAt?: Date;
}

/** The tax part of a charge summary input, from the company config and the account's address. */
export function taxInput(config: CompanyConfig, address: { Country?: string | null; State?: string | null } | null | undefined, status: string | null | undefined): TaxInput {
  return {
    rates: config.billing.taxEnabled ? config.billing.taxRates : [],
    country: address?.Country ?? null,
    state: address?.State ?? null,
    status: status && /^exempt$/i.test(status.trim()) ? 'Exempt' : 'Taxable',
    behavior: config.billing.taxBehavior,
  };
}

function resolveCoupon(body: SubscriptionInput, plan: Plan, snapshot: CatalogSnapshot, ctx: ResolveContext, errors: FieldError[]): ResolvedRequest['coupon'] {
  const kept = ctx.base?.coupons[0];
  if (body.DiscountCouponSubscriptions === undefined) {
    const coupon = kept ? snapshot.coupons.get(kept.couponUid) : undefined;
    return coupon && kept ? { coupon, appliedAt: kept.startDate.toISOString(), expireDate: kept.expireDate?.toISOString() ?? null } : null;
  }
  const [first, ...more] = body.DiscountCouponSubscriptions;
  if (!first) return null;
  if (more.length) {
    errors.push(fieldError('DiscountCouponSubscriptions', ErrorCode.InvalidValue, 'Only one discount code can be used.'));
    return null;
  }
  const ref = first.DiscountCoupon;
  const field = 'DiscountCouponSubscriptions.0.DiscountCoupon';
  const coupon: DiscountCoupon | null | undefined = ref.Uid ? snapshot.coupons.get(ref.Uid) : snapshot.couponByCode(ref.UniqueIdentifier ?? '');
  if (!coupon) {
    errors.push(fieldError(field, ErrorCode.DiscountCodeNotFound));
    return null;
  }
  if (kept && kept.couponUid === coupon.Uid) {
    // Already redeemed on this subscription: not a new redemption (RedeemBy was checked then).
    return { coupon, appliedAt: kept.startDate.toISOString(), expireDate: kept.expireDate?.toISOString() ?? null };
  }
  const why = couponRedeemError(coupon, plan.Uid, ctx.redeemAt ?? ctx.now);
  if (why) errors.push(fieldError(field, why));
  return { coupon, appliedAt: ctx.redeemAt ? ctx.redeemAt.toISOString() : null, expireDate: null };
}

function resolveAddOns(body: SubscriptionInput, plan: Plan, ctx: ResolveContext, errors: FieldError[]): ResolvedRequest['addOns'] {
  const offered = new Map<string, AddOn>(plan.PlanAddOns.map((pa) => [pa.AddOn.Uid, pa.AddOn]));
  const seen = new Set<string>();
  const out: ResolvedRequest['addOns'] = [];
  body.SubscriptionAddOns.forEach((sel, i) => {
    // Spec 4 "Unselecting sets it to 0": unselected add-ons are not part of the subscription.
    if (sel.selected === false || sel.Quantity === 0) return;
    const uid = sel.AddOn.Uid;
    const field = `SubscriptionAddOns.${i}`;
    if (seen.has(uid)) errors.push(fieldError(`${field}.AddOn`, ErrorCode.InvalidValue, 'An add-on is listed twice.'));
    seen.add(uid);
    const addOn = offered.get(uid);
    if (!addOn) return; // reported by validateSubscriptionRequest
    // A deactivated add-on stays on subscriptions that have it, but cannot be newly chosen.
    if (!addOn.IsActive && !ctx.allowInactivePlan && !ctx.base?.addOns.some((a) => a.addOnUid === uid)) {
      errors.push(fieldError(`${field}.AddOn`, ErrorCode.AddOnNotAvailable));
    }
    const requested = sel.BillingRenewalTerm ?? null;
    if (requested && addOn.BillingAddOnType !== 'OneTime' && !addOnRenewalTerms(addOn).includes(requested)) {
      errors.push(fieldError(`${field}.BillingRenewalTerm`, ErrorCode.TermNotOffered));
    }
    if (addOn.IsQuantityEditable && Number.isInteger(sel.Quantity) && sel.Quantity < addOn.MinimumQuantity) {
      errors.push(fieldError(`${field}.Quantity`, ErrorCode.QuantityBelowMinimum, `Quantity must be at least ${addOn.MinimumQuantity}.`));
    }
    out.push({ addOn, quantity: addOn.IsQuantityEditable ? sel.Quantity : 1, term: resolveAddOnTerm(addOn, body.BillingRenewalTerm, requested) });
  });
  return out;
}

/**
 * Checks a subscription request (new, change or import) and resolves it:
 * unknown plan -> 404 Errors.PlanNotFound; every other rule -> one 400 whose
 * ErrorCode is the first field error's code (spec 8: "a 400 takes the code
 * from the first validation error").
 */
export function resolveSubscriptionRequest(body: SubscriptionInput, snapshot: CatalogSnapshot, ctx: ResolveContext): ResolvedRequest {
  const plan = snapshot.plans.get(body.Plan.Uid);
  if (!plan) throw new AppError(ErrorCode.PlanNotFound);
  const errors: FieldError[] = [];
  if (!plan.IsActive && !ctx.allowInactivePlan && plan.Uid !== ctx.base?.planUid) errors.push(fieldError('Plan', ErrorCode.PlanNotAvailable));
  const kept = body.SubscriptionAddOns.filter((s) => s.selected !== false && s.Quantity !== 0);
  errors.push(...validateSubscriptionRequest({
    plan, term: body.BillingRenewalTerm, quantity: body.Quantity,
    addOns: kept.map((s) => ({ addOnUid: s.AddOn.Uid, quantity: s.Quantity })),
    newRequiredQuantity: ctx.base?.newRequiredQuantity ?? null,
    dates: { StartDate: body.StartDate },
    existingTerm: ctx.base?.term ?? null,
    existingPlanUid: ctx.base?.planUid ?? null,
  }).map((e) => remapAddOnField(e, body, kept)));
  const addOns = resolveAddOns(body, plan, ctx, errors);
  const coupon = resolveCoupon(body, plan, snapshot, ctx, errors);
  if (errors.length) throw validationError(errors, errors[0]!.ErrorCode);
  return { plan, term: body.BillingRenewalTerm, quantity: body.Quantity, addOns, coupon, startDate: body.StartDate ?? null };
}

/** Core numbers add-ons among the kept ones; the field path should point into the body as sent. */
function remapAddOnField(e: FieldError, body: SubscriptionInput, kept: SubscriptionInput['SubscriptionAddOns']): FieldError {
  const m = /^SubscriptionAddOns\.(\d+)(\..*)?$/.exec(e.Field);
  if (!m) return e;
  const index = body.SubscriptionAddOns.indexOf(kept[Number(m[1])]!);
  return { ...e, Field: `SubscriptionAddOns.${index}${m[2] ?? ''}` };
}
