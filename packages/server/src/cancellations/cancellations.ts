import { ErrorCode, type DiscountCoupon } from '@portico/core';
import { couponRedeemError } from '@portico/core/billing/index';
import { cancellationReasons, cancellingStageFor, isCancellingStage } from '@portico/core/billing/cancellation';
import { requireMember, requirePrimary } from '../accounts/account-access.ts';
import { requireRecentAuthentication } from '../auth/reauthentication.ts';
import { applyCouponInTransaction } from '../billing/apply-discount.ts';
import type { BillingDeps } from '../billing/billing-deps.ts';
import { subscriptionToWire } from '../billing/billing.mappers.ts';
import type { CatalogSnapshot } from '../billing/catalog-snapshot.ts';
import { anchorDay, currentOf, currentPeriod, dayStart, isScheduled, toDay } from '../billing/subscription-timeline.ts';
import type { StoredSubscription } from '../billing/subscriptions.repository.ts';
import { couponToWire } from '../catalog/catalog.mappers.ts';
import { AppError, fieldError, validationError } from '../http/app-error.ts';
import type { Caller } from '../http/caller.ts';
import { callerScope, requestHash, storedAnswer, withIdempotency, type Answer } from '../http/idempotency.ts';
import { newUid } from '../ids/new-uid.ts';
import type { Repositories } from '../unit-of-work.ts';
import { recordActivity } from '../webhooks/activity-events.ts';
import type { AccountCancellationState, StoredCancellation } from './cancellations.repository.ts';
import type { CancellationInput, CancellationOut } from './cancellations.schemas.ts';

/**
 * Cancel and restore (spec 2 sections 2, 4 "Plan changes" and 7 "Cancellation"; docs/billing.md
 * "Cancel and restore"). Cancelling ends the plan at the current billing period's end: the current
 * subscription gets that EndDate (ExpirationDate is never set here: it is the company's hard end, and a
 * subscription that has one cannot be restored), the account's stage becomes Cancelling (CancellingTrial
 * in a trial) and the stage before is kept on the request. A scheduled change (a downgrade at the
 * renewal) is deleted: the plan ends before it would start, and restoring does not bring it back.
 * Restoring reopens exactly: the prior stage back, the EndDate cleared, the request marked restored.
 */
export type CancellationDeps = BillingDeps;

const NOT_FOUND = () => new AppError(ErrorCode.NotFound, 'Account not found.');

/** The account a write is for: the admin key names it; a person's is the token's (naming another is the same 404). */
function targetAccount(caller: Caller, named: string | undefined, field: string, primary: boolean): string {
  if (caller.kind === 'admin') {
    if (!named) throw validationError([fieldError(field, ErrorCode.Required, 'Name the account.')]);
    return named;
  }
  return (primary ? requirePrimary(caller, named) : requireMember(caller, named)).accountUid;
}

function toWire(c: StoredCancellation, stage: string | null): CancellationOut {
  return {
    Uid: c.uid, Account: { Uid: c.accountUid }, PriorAccountStage: c.priorAccountStage, CancelationReason: c.cancelationReason,
    Comment: c.comment, SubmittedDateTime: c.submittedDateTime.toISOString(), EndDate: c.endsAt?.toISOString() ?? null,
    Restored: c.restored?.toISOString() ?? null, AccountStage: stage,
  };
}

/**
 * The configured retention offer, when it applies to this account now: configured, not offered
 * before, not cancelling, a current renewing subscription, the coupon redeemable for its plan and not
 * on it already.
 */
function retentionOffer(
  deps: CancellationDeps, snapshot: CatalogSnapshot, state: AccountCancellationState, subs: StoredSubscription[], now: Date,
): { coupon: DiscountCoupon; current: StoredSubscription; message: string } | null {
  const offer = deps.config.billing.retentionOffer;
  if (!offer || state.retentionOfferedAt || isCancellingStage(state.accountStage)) return null;
  const coupon = snapshot.coupons.get(offer.couponUid);
  const current = currentOf(subs, now);
  if (!coupon || !current || current.term === 'OneTime') return null;
  if (couponRedeemError(coupon, current.planUid, now) || current.coupons.some((c) => c.couponUid === coupon.Uid)) return null;
  return { coupon, current, message: offer.message };
}

function reasonOf(deps: CancellationDeps, raw: string | null | undefined): string | null {
  const reason = raw?.trim() ? raw.trim() : null;
  if (reason !== null && !cancellationReasons(deps.config.billing.cancellationReasons).includes(reason)) {
    throw validationError([fieldError('CancelationReason', ErrorCode.InvalidValue, 'Choose one of the reasons offered.')]);
  }
  return reason;
}

async function lockedState(repos: Repositories, accountUid: string): Promise<AccountCancellationState> {
  await repos.accounts.lock(accountUid);
  const state = await repos.cancellations.accountState(accountUid);
  if (!state) throw NOT_FOUND();
  return state;
}

/** POST /profile/account/cancellations (primary contact or admin key; a recent sign-in). 201 with the request. */
export async function cancelSubscription(
  deps: CancellationDeps, caller: Caller, body: CancellationInput, idempotencyKey: string | undefined,
): Promise<Answer<CancellationOut>> {
  const accountUid = targetAccount(caller, body.Account?.Uid, 'Account.Uid', true);
  const reason = reasonOf(deps, body.CancelationReason);
  const comment = body.Comment?.trim() ? body.Comment.trim() : null;
  const idem = {
    scope: `${callerScope('POST /profile/account/cancellations', caller)} account:${accountUid}`, key: idempotencyKey,
    requestHash: requestHash(reason, comment),
  };
  // A replay answers what the first request did, even once the re-authentication window has passed.
  const replay = await storedAnswer<CancellationOut>(deps.uow, idem);
  if (replay) return replay;
  // Ending the plan is a sensitive change: a recent sign-in or 'Confirm it's you' first (docs/auth.md).
  await requireRecentAuthentication(deps, caller);
  const snapshot = await deps.snapshots.get();
  return withIdempotency(deps.uow, idem, async (repos) => {
    const state = await lockedState(repos, accountUid);
    const now = deps.clock.now();
    if (await repos.cancellations.open(accountUid) || isCancellingStage(state.accountStage)) throw new AppError(ErrorCode.SubscriptionAlreadyCancelling);
    const subs = await repos.subscriptions.listForAccount(accountUid);
    const current = currentOf(subs, now);
    if (!current) throw new AppError(ErrorCode.SubscriptionExpired);
    if (current.term === 'OneTime') throw new AppError(ErrorCode.OneTimePlanCannotChange, 'A one-time plan does not renew: there is nothing to cancel.');
    const scheduled = subs.filter((s) => isScheduled(s, now));
    // An end that is not a scheduled change's start is an end already (the spec hides the link then).
    if (current.endDate && !scheduled.some((s) => s.startDate.getTime() === current.endDate!.getTime())) {
      throw new AppError(ErrorCode.SubscriptionAlreadyCancelling, 'This plan already has an end date.');
    }
    let endsAt = dayStart(currentPeriod(current, now).end);
    if (current.expirationDate && current.expirationDate.getTime() < endsAt.getTime()) endsAt = current.expirationDate;
    // The plan ends before a scheduled change would start: the change goes (restore does not bring it back).
    if (scheduled.length) await repos.subscriptions.deleteStartingAfter(accountUid, now);
    await repos.subscriptions.setEndDate(current.uid, endsAt);
    const stage = cancellingStageFor(toDay(now) < anchorDay(current));
    const request: StoredCancellation = {
      uid: newUid(), accountUid, personUid: caller.kind === 'person' ? caller.personUid : null, priorAccountStage: state.accountStage,
      cancelationReason: reason, comment, submittedDateTime: now, endsAt, restored: null,
    };
    await repos.cancellations.insert(request);
    await repos.cancellations.setAccountStage(accountUid, stage, now);
    // The offer was on the screen before the final button: going on declines it, once for good.
    if (retentionOffer(deps, snapshot, state, subs, now)) await repos.cancellations.markRetentionOffered(accountUid, now);
    await repos.auditLog.append({
      uid: newUid(), at: now, actor: caller.kind === 'person' ? caller.personUid : null, action: 'plan.cancel', target: accountUid, ip: caller.ip,
      detail: { cancellationUid: request.uid, subscriptionUid: current.uid, endsAt: endsAt.toISOString(), priorAccountStage: state.accountStage, scheduledChangesDeleted: scheduled.map((s) => s.uid) },
    });
    const body = toWire(request, stage);
    // Activity webhook: the cancellation as the API writes it (EndDate, CancelationReason) and the subscription that ends.
    await recordActivity(repos, deps, {
      type: 'subscription.cancelled', occurredAt: now,
      data: { AccountUid: accountUid, Cancellation: body, EndDate: body.EndDate, CancelationReason: reason, SubscriptionUid: current.uid },
    });
    return { statusCode: 201, body };
  });
}

/** DELETE /profile/account/cancellations ('Restore plan'; primary contact or admin key). 200 with the restored request. */
export async function restoreSubscription(
  deps: CancellationDeps, caller: Caller, named: string | undefined, idempotencyKey: string | undefined,
): Promise<Answer<CancellationOut>> {
  const accountUid = targetAccount(caller, named, 'querystring.accountUid', true);
  const idem = { scope: `${callerScope('DELETE /profile/account/cancellations', caller)} account:${accountUid}`, key: idempotencyKey, requestHash: requestHash(accountUid) };
  return withIdempotency(deps.uow, idem, async (repos) => {
    await lockedState(repos, accountUid);
    const now = deps.clock.now();
    const open = await repos.cancellations.open(accountUid);
    if (!open) throw new AppError(ErrorCode.SubscriptionNotCancelling);
    const ending = (await repos.subscriptions.listForAccount(accountUid))
      .find((s) => open.endsAt !== null && s.endDate?.getTime() === open.endsAt.getTime());
    // Past the end the plan has ended: choosing a plan again is a new subscription, not a restore.
    if (!ending || !open.endsAt || open.endsAt.getTime() <= now.getTime()) throw new AppError(ErrorCode.SubscriptionExpired);
    if (ending.expirationDate) throw new AppError(ErrorCode.SubscriptionNotCancelling, 'This plan has an expiration date: it cannot be restored.');
    await repos.subscriptions.setEndDate(ending.uid, null);
    await repos.cancellations.markRestored(open.uid, now);
    await repos.cancellations.setAccountStage(accountUid, open.priorAccountStage, now);
    await repos.auditLog.append({
      uid: newUid(), at: now, actor: caller.kind === 'person' ? caller.personUid : null, action: 'plan.restore', target: accountUid, ip: caller.ip,
      detail: { cancellationUid: open.uid, subscriptionUid: ending.uid, accountStage: open.priorAccountStage },
    });
    const body = toWire({ ...open, restored: now }, open.priorAccountStage);
    await recordActivity(repos, deps, {
      type: 'subscription.restored', occurredAt: now, data: { AccountUid: accountUid, Cancellation: body, SubscriptionUid: ending.uid },
    });
    return { statusCode: 200, body };
  });
}

/** GET /profile/account/cancellations: the open request and whether the retention offer applies (offer: primary contact only). */
export async function cancellationState(deps: CancellationDeps, caller: Caller, named: string | undefined) {
  const accountUid = targetAccount(caller, named, 'querystring.accountUid', false);
  const snapshot = await deps.snapshots.get();
  const state = await deps.uow.cancellations.accountState(accountUid);
  if (!state) throw NOT_FOUND();
  const open = await deps.uow.cancellations.open(accountUid);
  const may = caller.kind === 'admin' || (caller.kind === 'person' && caller.isPrimary === true);
  const offer = may ? retentionOffer(deps, snapshot, state, await deps.uow.subscriptions.listForAccount(accountUid), deps.clock.now()) : null;
  return {
    Cancellation: open ? toWire(open, state.accountStage) : null,
    RetentionOffer: offer ? { Message: offer.message, DiscountCoupon: couponToWire(offer.coupon, deps.config.company.currency) } : null,
  };
}

/**
 * POST /profile/account/cancellations/retention-offer: the primary contact takes the offer instead of
 * cancelling; the coupon goes on the current subscription (billing/apply-discount.ts's rule) and the
 * offer is spent. 409 Errors.RetentionOfferUnavailable when it does not apply (none, offered before, cancelling).
 */
export async function acceptRetentionOffer(deps: CancellationDeps, caller: Caller, named: string | undefined, idempotencyKey: string | undefined) {
  const accountUid = targetAccount(caller, named, 'querystring.accountUid', true);
  const snapshot = await deps.snapshots.get();
  const idem = { scope: `${callerScope('POST /profile/account/cancellations/retention-offer', caller)} account:${accountUid}`, key: idempotencyKey, requestHash: requestHash(accountUid) };
  return withIdempotency(deps.uow, idem, async (repos) => {
    const state = await lockedState(repos, accountUid);
    const now = deps.clock.now();
    const offer = retentionOffer(deps, snapshot, state, await repos.subscriptions.listForAccount(accountUid), now);
    if (!offer) throw new AppError(ErrorCode.RetentionOfferUnavailable);
    const saved = await applyCouponInTransaction(repos, offer.current, offer.coupon, now);
    await repos.cancellations.markRetentionOffered(accountUid, now);
    await repos.auditLog.append({
      uid: newUid(), at: now, actor: caller.kind === 'person' ? caller.personUid : null, action: 'plan.retention-offer.accept', target: accountUid, ip: caller.ip,
      detail: { subscriptionUid: saved.uid, couponUid: offer.coupon.Uid },
    });
    return { statusCode: 200, body: { Subscription: subscriptionToWire(saved, snapshot, deps.config.company.currency, now) } };
  });
}
