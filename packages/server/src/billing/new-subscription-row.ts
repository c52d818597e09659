import { dayToIso, toDay, trialEndDay } from '@portico/core/billing/index';
import { newUid } from '../ids/new-uid.ts';
import type { ResolvedRequest } from './resolve-subscription-request.ts';
import { renewalFrom } from './subscription-timeline.ts';
import type { NewSubscription } from './subscriptions.repository.ts';

/**
 * The rows of a brand-new subscription (no earlier row to continue): sign-up starts it now, an
 * imported customer at their StartDate. Its periods, and its add-ons', are counted from the trial
 * end when the plan has a trial, else from the start day; the coupon counts from the start.
 * Changes to an existing subscription are written by change-subscription.ts instead.
 */
export function newSubscriptionRow(req: ResolvedRequest, at: { uid: string; accountUid: string; start: Date; now: Date }): NewSubscription {
  const { start, now } = at;
  const startDay = toDay(start);
  const anchor = trialEndDay(req.plan, startDay) ?? startDay;
  return {
    uid: at.uid, accountUid: at.accountUid, planUid: req.plan.Uid, quantity: req.quantity, term: req.term,
    startDate: start, endDate: null, renewalDate: renewalFrom(anchor, req.term, now), anchorDate: dayToIso(anchor),
    addOns: req.addOns.map((a) => ({
      uid: newUid(), addOnUid: a.addOn.Uid, quantity: a.quantity, term: a.term, startDate: start, endDate: null,
      renewalDate: a.term === 'OneTime' ? null : renewalFrom(anchor, a.term, now),
    })),
    coupons: req.coupon
      ? [{ uid: newUid(), couponUid: req.coupon.coupon.Uid, startDate: start, expireDate: req.coupon.expireDate ? new Date(req.coupon.expireDate) : null }]
      : [],
  };
}
