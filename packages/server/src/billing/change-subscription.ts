import { ErrorCode } from '@portico/core';
import { addMonths, dayToIso, termMonths, toDay } from '@portico/core/billing/index';
import type { Repositories } from '../unit-of-work.ts';
import { AppError } from '../http/app-error.ts';
import type { Caller } from '../http/caller.ts';
import { requirePrimaryOrAdmin, SUBSCRIPTION_NOT_FOUND } from '../accounts/account-access.ts';
import { callerScope, requestHash, withIdempotency } from '../http/idempotency.ts';
import { newUid } from '../ids/new-uid.ts';
import type { BillingDeps } from './billing-deps.ts';
import type { SubscriptionInput, WireSubscription } from './billing.schemas.ts';
import { subscriptionToWire } from './billing.mappers.ts';
import type { CatalogSnapshot } from './catalog-snapshot.ts';
import { prepareChange, type PreparedChange } from './prepare-change.ts';
import { anchorDay, dayStart, renewalFrom } from './subscription-timeline.ts';
import type { NewSubscription, StoredCoupon, StoredSubscription } from './subscriptions.repository.ts';

export const CHANGE_SCOPE = 'PUT /billing/subscriptions/{id}/changesubscription';

function couponRows(p: PreparedChange, startDefault: Date): StoredCoupon[] {
  const c = p.request.coupon;
  if (!c) return [];
  return [{
    uid: newUid(), couponUid: c.coupon.Uid, startDate: c.appliedAt ? new Date(c.appliedAt) : startDefault,
    expireDate: c.expireDate ? new Date(c.expireDate) : null,
  }];
}

/** The new subscription row of a change: now (upgrade) or at the renewal (downgrade). */
function nextRow(p: PreparedChange): NewSubscription {
  const { base, request, now } = p;
  const immediate = p.summaries.immediate;
  const periodEnd = toDay(p.existing.periodEnd);
  const start = immediate ? now : dayStart(periodEnd);
  const termChanged = request.term !== base.term;
  const anchor = !immediate ? periodEnd : termChanged && !p.inTrial ? toDay(now) : anchorDay(base);
  const renewal = immediate
    ? renewalFrom(anchor, request.term, now)
    : termMonths(request.term) === 0 ? null : dayStart(addMonths(periodEnd, termMonths(request.term)));
  const unchanged = new Map(base.addOns.map((a) => [a.addOnUid, a]));
  return {
    uid: newUid(), accountUid: base.accountUid, planUid: request.plan.Uid, quantity: request.quantity, term: request.term,
    startDate: start, endDate: null, renewalDate: renewal, anchorDate: dayToIso(anchor),
    addOns: request.addOns.map((a) => {
      const old = unchanged.get(a.addOn.Uid);
      const same = old && old.quantity === a.quantity && old.term === a.term && !termChanged;
      return {
        uid: newUid(), addOnUid: a.addOn.Uid, quantity: a.quantity, term: a.term,
        // An add-on kept as it was keeps its start (spec 4: "any add-on started within the last 5 minutes").
        startDate: same && immediate ? old.startDate : start, endDate: null,
        renewalDate: a.term === 'OneTime' ? null : immediate ? renewalFrom(anchor, a.term, now) : renewalFrom(anchor, a.term, start),
      };
    }),
    coupons: couponRows(p, start),
  };
}

/** Writes a prepared change; returns the subscription the caller should show. */
async function write(repos: Repositories, p: PreparedChange): Promise<string> {
  const { base, scheduled } = p;
  if (p.sameItemsAsBase) {
    // Back to the current plan: a scheduled change is cancelled; only the coupon may change in place.
    if (scheduled) {
      await repos.subscriptions.deleteStartingAfter(base.accountUid, p.now);
      await repos.subscriptions.setEndDate(base.uid, null);
    }
    if (p.couponChanged) await repos.subscriptions.replaceCoupons(base.uid, couponRows(p, p.now));
    return base.uid;
  }
  if (p.sameAsScheduled && scheduled) return scheduled.uid; // the same downgrade again: nothing to do
  await repos.subscriptions.deleteStartingAfter(base.accountUid, p.now);
  const row = nextRow(p);
  await repos.subscriptions.setEndDate(base.uid, row.startDate);
  await repos.subscriptions.insert(row);
  return row.uid;
}

/**
 * PUT /billing/subscriptions/{id}/changesubscription. In one transaction, with
 * the account locked: an upgrade ends the current row now and starts the new
 * one (prorated by core's change rules); a downgrade is scheduled as a new row
 * starting at the renewal. A request that asks for what is already current (or
 * already scheduled) writes nothing, so a retry never changes twice; with an
 * Idempotency-Key the first answer is replayed as is (withIdempotency).
 */
export async function changeSubscription(
  deps: BillingDeps, caller: Caller, subscriptionUid: string, body: SubscriptionInput, idempotencyKey?: string,
): Promise<WireSubscription> {
  const snapshot = await deps.snapshots.get();
  const idempotency = { scope: callerScope(CHANGE_SCOPE, caller), key: idempotencyKey, requestHash: requestHash(subscriptionUid, body) };
  const answer = await withIdempotency(deps.uow, idempotency, async (repos) => {
    const target = await repos.subscriptions.get(subscriptionUid);
    if (!target) throw new AppError(ErrorCode.SubscriptionNotFound);
    requirePrimaryOrAdmin(caller, target.accountUid, SUBSCRIPTION_NOT_FOUND);
    await repos.accounts.lock(target.accountUid);
    const prepared = await prepareChange(deps, repos, snapshot, subscriptionUid, body);
    const uid = await write(repos, prepared);
    return { statusCode: 200, body: toWire(await repos.subscriptions.get(uid), snapshot, deps, prepared.now) };
  });
  return answer.body;
}

function toWire(s: StoredSubscription | null, snapshot: CatalogSnapshot, deps: BillingDeps, now: Date): WireSubscription {
  if (!s) throw new AppError(ErrorCode.SystemError);
  return subscriptionToWire(s, snapshot, deps.config.company.currency, now);
}
