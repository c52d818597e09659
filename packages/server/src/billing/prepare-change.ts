import { ErrorCode, type BillingRenewalTerm } from '@portico/core';
import {
  changeSummaries, chargeSummary, dayToIso, emptyInvoice, toDay, type ChangeSummaries, type ChargeSummary, type ChargeSummaryInput, type ExistingSubscription,
} from '@portico/core/billing/index';
import { AppError, fieldError, validationError } from '../http/app-error.ts';
import type { BillingDeps } from './billing-deps.ts';
import type { Repositories } from '../unit-of-work.ts';
import type { Caller } from '../http/caller.ts';
import { requireMemberOrAdmin, SUBSCRIPTION_NOT_FOUND } from '../accounts/account-access.ts';
import type { SubscriptionInput } from './billing.schemas.ts';
import type { CatalogSnapshot } from './catalog-snapshot.ts';
import { resolveSubscriptionRequest, taxInput, type ResolvedRequest } from './resolve-subscription-request.ts';
import { anchorDay, currentOf, currentPeriod, isScheduled } from './subscription-timeline.ts';
import type { StoredSubscription } from './subscriptions.repository.ts';

/** A change of an account's current subscription, worked out but not written. */
export interface PreparedChange {
  now: Date;
  /** The current subscription being changed. */
  base: StoredSubscription;
  /** A change already scheduled for the renewal, if any. */
  scheduled: StoredSubscription | null;
  request: ResolvedRequest;
  existing: ExistingSubscription;
  summaries: ChangeSummaries;
  /** Plan, term, quantity and add-ons equal the base's / the scheduled row's. */
  sameItemsAsBase: boolean;
  sameAsScheduled: boolean;
  couponChanged: boolean;
  /** The base is in its trial: the change keeps the trial end as the first paid day. */
  inTrial: boolean;
}

type Items = { planUid: string; term: BillingRenewalTerm; quantity: number; addOns: { uid: string; quantity: number; term: BillingRenewalTerm }[] };

const itemsKey = (i: Items) =>
  JSON.stringify([i.planUid, i.term, i.quantity, [...i.addOns].sort((a, b) => a.uid.localeCompare(b.uid)).map((a) => [a.uid, a.quantity, a.term])]);

const storedItems = (s: StoredSubscription): Items => ({
  planUid: s.planUid, term: s.term, quantity: s.quantity,
  addOns: s.addOns.map((a) => ({ uid: a.addOnUid, quantity: a.quantity, term: a.term })),
});

const requestItems = (r: ResolvedRequest): Items => ({
  planUid: r.plan.Uid, term: r.term, quantity: r.quantity,
  addOns: r.addOns.map((a) => ({ uid: a.addOn.Uid, quantity: a.quantity, term: a.term })),
});

/** The base subscription as core's ExistingSubscription: its items and the billing period containing today. */
export function existingOf(base: StoredSubscription, snapshot: CatalogSnapshot, now: Date): ExistingSubscription {
  const plan = snapshot.plans.get(base.planUid);
  if (!plan) throw new AppError(ErrorCode.SystemError, `Missing plan '${base.planUid}'.`);
  const period = currentPeriod(base, now);
  return {
    plan, term: base.term, quantity: base.quantity,
    addOns: base.addOns.flatMap((a) => {
      const addOn = snapshot.addOns.get(a.addOnUid);
      return addOn ? [{ addOn, quantity: a.quantity, term: a.term }] : [];
    }),
    periodStart: dayToIso(period.start), periodEnd: dayToIso(period.end),
    anchorDate: base.anchorDate,
  };
}

/**
 * Loads the subscription {id}, finds its account's current subscription (the
 * base of the change) and any scheduled change, checks the request against the
 * billing rules and computes both charge summaries with core's change rules.
 * `repos` may be a transaction's repositories (the caller locks the account first).
 */
export async function prepareChange(
  deps: BillingDeps, repos: Repositories, snapshot: CatalogSnapshot, subscriptionUid: string, body: SubscriptionInput,
): Promise<PreparedChange> {
  const now = deps.clock.now();
  const target = await repos.subscriptions.get(subscriptionUid);
  if (!target) throw new AppError(ErrorCode.SubscriptionNotFound);
  const all = await repos.subscriptions.listForAccount(target.accountUid);
  const base = currentOf(all, now);
  if (!base) throw new AppError(ErrorCode.SubscriptionExpired);
  const scheduled = all.find((s) => isScheduled(s, now)) ?? null;
  const request = resolveSubscriptionRequest(body, snapshot, { now, base });
  if (request.plan.IsPerUser) {
    // A per-user plan pays a unit per person: never fewer units than the people on the team (pending invitations hold theirs too).
    const inUse = (await repos.team.counts(base.accountUid)).members;
    if (request.quantity < inUse) {
      const message = `Your team has ${inUse} ${inUse === 1 ? 'person' : 'people'}: choose at least ${inUse} units, or remove people first.`;
      throw validationError([fieldError('Quantity', ErrorCode.QuantityBelowMinimum, message)], ErrorCode.QuantityBelowMinimum);
    }
  }
  // Tax follows the stored account only: a body saying "Exempt" (or another address) must not take the tax off a change.
  const account = await repos.accounts.get(base.accountUid);
  const address = account?.billingAddress ? { Country: account.billingAddress.country, State: account.billingAddress.state } : null;
  const tax = taxInput(deps.config, address, account?.taxStatus);
  const existing = existingOf(base, snapshot, now);
  const input: ChargeSummaryInput = {
    now, currency: deps.config.company.currency, plan: request.plan, term: request.term, quantity: request.quantity,
    addOns: request.addOns, coupon: request.coupon, tax, existing, asOf: 'now',
  };
  const inTrial = base.term !== 'OneTime' && toDay(now) < anchorDay(base);
  const summaries = inTrial ? trialChangeSummaries(input, base) : changeSummaries(input);
  const wanted = itemsKey(requestItems(request));
  const couponUid = request.coupon?.coupon.Uid ?? null;
  return {
    now, base, scheduled, request, existing, summaries,
    sameItemsAsBase: wanted === itemsKey(storedItems(base)),
    sameAsScheduled: scheduled !== null && wanted === itemsKey(storedItems(scheduled)) && couponUid === (scheduled.coupons[0]?.couponUid ?? null),
    couponChanged: couponUid !== (base.coupons[0]?.couponUid ?? null),
    inTrial,
  };
}

/**
 * A change during the trial: nothing was paid for the plan, so nothing is
 * credited or due now; the trial goes on and the first paid invoice, at the
 * trial end, is the new subscription's (core's new-subscription summary from
 * that day, without a second trial, without the plan's setup fee, and without
 * setup fees of add-ons already held).
 */
function trialChangeSummaries(input: ChargeSummaryInput, base: StoredSubscription): ChangeSummaries {
  const held = new Set(base.addOns.map((a) => a.addOnUid));
  const renewal = chargeSummary({
    ...input, existing: null, startDate: dayToIso(anchorDay(base)),
    plan: { ...input.plan, TrialPeriodDays: null, TrialUntilDate: null, SetupFee: null },
    addOns: input.addOns.map((a) => (held.has(a.addOn.Uid) ? { ...a, addOn: { ...a.addOn, SetupFee: null } } : a)),
  });
  return { now: emptyInvoice(toDay(input.now), renewal.TaxBehavior), renewal, immediate: true };
}

/** PUT /billing/subscriptions/{id}/changesubscriptionpreview: the due-now or renewal invoice of the change; writes nothing. */
export async function previewChange(
  deps: BillingDeps, caller: Caller, subscriptionUid: string, body: SubscriptionInput, asOf: 'now' | 'renewal',
): Promise<ChargeSummary> {
  const snapshot = await deps.snapshots.get();
  const target = await deps.uow.subscriptions.get(subscriptionUid);
  if (!target) throw new AppError(ErrorCode.SubscriptionNotFound);
  requireMemberOrAdmin(caller, target.accountUid, SUBSCRIPTION_NOT_FOUND);
  const prepared = await prepareChange(deps, deps.uow, snapshot, subscriptionUid, body);
  return asOf === 'now' ? prepared.summaries.now : prepared.summaries.renewal;
}
