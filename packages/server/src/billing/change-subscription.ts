import { ErrorCode } from '@portico/core';
import { recordActivity } from '../webhooks/activity-events.ts';
import { addMonths, dayToIso, termMonths, toDay } from '@portico/core/billing/index';
import type { Repositories } from '../unit-of-work.ts';
import { AppError } from '../http/app-error.ts';
import type { Caller } from '../http/caller.ts';
import { requirePrimaryOrAdmin, SUBSCRIPTION_NOT_FOUND } from '../accounts/account-access.ts';
import { callerScope, requestHash, storedAnswer, withIdempotency } from '../http/idempotency.ts';
import { newUid } from '../ids/new-uid.ts';
import type { BillingDeps } from './billing-deps.ts';
import type { ChangeSubscriptionInput, WireSubscription } from './billing.schemas.ts';
import type { PaymentGateway } from '../payments/payment-gateway.ts';
import { authorizeChange, dueNowOf, type CollectLater, finishChangePayment, recordChangePayment } from './plan-change-payment.ts';
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

/** Whether write() changes anything (what it leaves alone writes no activity event). */
function changesSomething(p: PreparedChange): boolean {
  if (p.sameItemsAsBase) return p.scheduled !== null || p.couponChanged;
  return !(p.sameAsScheduled && p.scheduled);
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

export interface PlanChangeDeps extends BillingDeps {
  /** The payment gateway an upgrade is charged through (docs/payments.md "Plan change payment"). */
  gateway: PaymentGateway;
  /** After a commit that may have written an outbox message (the receipt, once the money is booked). */
  wakeOutbox: () => void;
}

/**
 * PUT /billing/subscriptions/{id}/changesubscription. An upgrade ends the current row now and starts
 * the new one (prorated by core's change rules); when that leaves an amount due today it writes a
 * plan_change invoice and charges it off-session on the account's saved method (plan-change-payment.ts:
 * authorized before the transaction, captured after it, released if it rolls back). A downgrade is
 * scheduled as a new row starting at the renewal and charges nothing. All writes happen in one
 * transaction with the account locked. A request that asks for what is already current (or already
 * scheduled) writes nothing, so a retry never changes twice; with an Idempotency-Key the first answer
 * is replayed as is, before anything is charged (withIdempotency, storedAnswer).
 * Declined: 402 Errors.CardDeclined with the provider's message, nothing changed. The bank asks for
 * authentication: 402 Errors.PaymentAuthenticationRequired with the intent's ClientSecret; the widget
 * authenticates and sends the same change again with PaymentClientSecret.
 */
export async function changeSubscription(
  deps: PlanChangeDeps, caller: Caller, subscriptionUid: string, input: ChangeSubscriptionInput, idempotencyKey?: string,
): Promise<WireSubscription> {
  const snapshot = await deps.snapshots.get();
  const { PaymentClientSecret: clientSecret, ...body } = input;
  const idempotency = { scope: callerScope(CHANGE_SCOPE, caller), key: idempotencyKey, requestHash: requestHash(subscriptionUid, input) };
  const replay = await storedAnswer<WireSubscription>(deps.uow, idempotency);
  if (replay) return replay.body;
  const target = await deps.uow.subscriptions.get(subscriptionUid);
  if (!target) throw new AppError(ErrorCode.SubscriptionNotFound);
  requirePrimaryOrAdmin(caller, target.accountUid, SUBSCRIPTION_NOT_FOUND);
  const currency = deps.config.company.currency;
  // The money first, outside any transaction (plan-change-payment.ts): nothing is written when it is refused.
  const draft = await prepareChange(deps, deps.uow, snapshot, subscriptionUid, body);
  const collectLater: CollectLater = deps.config.billing.paymentsMode === 'manual' ? 'always' : caller.kind === 'admin' ? 'withoutMethod' : 'never';
  const paid = await authorizeChange(deps, draft, { currency, clientSecret, idempotencyKey, requestHash: requestHash(subscriptionUid, body), collectLater });
  try {
    const answer = await withIdempotency(deps.uow, idempotency, async (repos) => {
      await repos.accounts.lock(target.accountUid);
      const prepared = await prepareChange(deps, repos, snapshot, subscriptionUid, body);
      const uid = await write(repos, prepared);
      const shown = await repos.subscriptions.get(uid);
      const wire = toWire(shown, snapshot, deps, prepared.now);
      if (changesSomething(prepared)) {
        // Activity webhook: the subscription the account now has or will have (Scheduled: it starts at the renewal).
        await recordActivity(repos, deps, {
          type: 'subscription.changed', occurredAt: prepared.now,
          data: { AccountUid: target.accountUid, Subscription: wire, Scheduled: shown !== null && shown.startDate.getTime() > prepared.now.getTime(), PreviousSubscriptionUid: prepared.base.uid },
        });
      }
      const personUid = caller.kind === 'person' ? caller.personUid : (await repos.accounts.get(target.accountUid))?.personAccounts.find((l) => l.isPrimary)?.person.uid ?? null;
      // Already current (a twin did it, or nothing changes): the authorization is not this change's and is released below.
      await recordChangePayment(repos, deps, prepared, { paid: dueNowOf(prepared) > 0 ? paid : null, subscriptionUid: uid, currency, personUid, collectLater: collectLater !== 'never' });
      return { statusCode: 200, body: wire };
    });
    return answer.body;
  } finally {
    // Captured and booked when the change committed with it (the receipt with it), released otherwise.
    await finishChangePayment({ gateway: deps.gateway, uow: deps.uow }, paid);
    if (paid) deps.wakeOutbox();
  }
}

function toWire(s: StoredSubscription | null, snapshot: CatalogSnapshot, deps: BillingDeps, now: Date): WireSubscription {
  if (!s) throw new AppError(ErrorCode.SystemError);
  return subscriptionToWire(s, snapshot, deps.config.company.currency, now);
}
