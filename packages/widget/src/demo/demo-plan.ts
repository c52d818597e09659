import { ErrorCode } from '@portico/core';
import { cancellationReasons, cancellingStageFor, isCancellingStage } from '@portico/core/billing/cancellation';
import type { Operation, RequestBody, ResponseBody } from '../api/api-types.ts';
import type { DemoPersonaName } from '../shared/personas.ts';
import { DEMO_SETTINGS } from './demo-settings.ts';
import { demoSubscription } from './demo-subscription.ts';
import { DemoRefusal } from './demo-transport.ts';
import { DEMO_PERSONA_DATA } from './personas.ts';

type Account = ResponseBody<Operation<'get', '/api/v1/profile/account'>>;
type Subscription = NonNullable<Account['CurrentSubscription']>;
type Cancellation = ResponseBody<Operation<'post', '/api/v1/profile/account/cancellations'>>;
type CancellationState = ResponseBody<Operation<'get', '/api/v1/profile/account/cancellations'>>;

/**
 * Demo answers of the plan screens (issue 16), per persona and kept in memory for the page: the
 * persona's subscription (the team owner's Team plan with an add-on, and one that ended, which the
 * screen hides), cancel and restore with the server's rules (core billing/cancellation.ts), and
 * 'Cancel plan change'. The demo company configures no retention offer, so none is offered.
 */
interface PlanState {
  stage: string | null;
  current: Subscription | null;
  latest: Subscription | null;
  cancellation: Cancellation | null;
}

const DAY = 86_400_000;
const states = new Map<DemoPersonaName, PlanState>();

function initial(name: DemoPersonaName, now: Date): PlanState {
  const { person, account } = DEMO_PERSONA_DATA[name];
  if (!person || !account) throw new DemoRefusal(401, ErrorCode.Unauthorized);
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - 90 * DAY);
  const team = name === 'teamOwner';
  const sub = demoSubscription({
    uid: `sub_${person.Uid}`, accountUid: `acc_${person.Uid}`, planUid: account.planUid, term: account.term, quantity: account.quantity, start,
    addOns: team ? [{ addOnUid: 'addon-priority-support', quantity: 1, uid: 'sao_support' }, { addOnUid: 'addon-onboarding', quantity: 1, uid: 'sao_onboarding' }] : [],
  });
  if (sub) {
    const months = { Monthly: 1, Quarterly: 3, Yearly: 12, OneTime: 0 }[sub.BillingRenewalTerm];
    if (months) {
      const renewal = new Date(start);
      while (renewal.getTime() <= now.getTime()) renewal.setUTCMonth(renewal.getUTCMonth() + months);
      sub.RenewalDate = renewal.toISOString();
    }
    // The onboarding session was a one-time add-on that ended: the plan screen hides it.
    sub.SubscriptionAddOns = sub.SubscriptionAddOns.map((a) => (a.AddOn.Uid === 'addon-onboarding' ? { ...a, EndDate: new Date(start.getTime() + 30 * DAY).toISOString() } : a));
  }
  return { stage: account.AccountStage, current: sub, latest: sub, cancellation: null };
}

function stateOf(name: DemoPersonaName, now: Date): PlanState {
  if (!states.has(name)) states.set(name, initial(name, now));
  return states.get(name)!;
}

function ownerOf(name: DemoPersonaName): void {
  if (!DEMO_PERSONA_DATA[name].account?.IsPrimary) throw new DemoRefusal(403, ErrorCode.Forbidden);
}

/** Starts over (tests; a page reload does the same). */
export function resetDemoPlans(): void {
  states.clear();
}

/** What GET /profile/account adds for the plan screen: the stage and the subscriptions. */
export function demoPlanFacts(name: DemoPersonaName, now: Date): Pick<Account, 'AccountStage' | 'CurrentSubscription' | 'LatestSubscription'> {
  const s = stateOf(name, now);
  return { AccountStage: s.stage, CurrentSubscription: s.current, LatestSubscription: s.latest };
}

export function demoCancellationState(name: DemoPersonaName, now: Date): CancellationState {
  return { Cancellation: stateOf(name, now).cancellation, RetentionOffer: null };
}

export function demoCancel(name: DemoPersonaName, body: RequestBody<Operation<'post', '/api/v1/profile/account/cancellations'>>, now: Date): Cancellation {
  ownerOf(name);
  const s = stateOf(name, now);
  const reason = body.CancelationReason?.trim() || null;
  if (reason && !cancellationReasons(DEMO_SETTINGS.CancellationReasons).includes(reason)) {
    throw new DemoRefusal(400, ErrorCode.ValidationFailed, [{ Field: 'CancelationReason', ErrorCode: ErrorCode.InvalidValue, Message: 'Choose one of the reasons offered.' }]);
  }
  if (s.cancellation || isCancellingStage(s.stage)) throw new DemoRefusal(409, ErrorCode.SubscriptionAlreadyCancelling);
  if (!s.current) throw new DemoRefusal(400, ErrorCode.SubscriptionExpired);
  if (s.current.BillingRenewalTerm === 'OneTime') throw new DemoRefusal(400, ErrorCode.OneTimePlanCannotChange);
  const endsAt = s.current.RenewalDate ?? new Date(now.getTime() + 30 * DAY).toISOString();
  const stage = cancellingStageFor(false);
  const cancellation: Cancellation = {
    Uid: `can_${now.getTime()}`, Account: { Uid: s.current.Account.Uid }, PriorAccountStage: s.stage, CancelationReason: reason,
    Comment: body.Comment?.trim() || null, SubmittedDateTime: now.toISOString(), EndDate: endsAt, Restored: null, AccountStage: stage,
  };
  // As the server: a scheduled change goes, the current subscription ends at the period end.
  const current = { ...s.current, EndDate: endsAt };
  states.set(name, { stage, current, latest: current, cancellation });
  return cancellation;
}

export function demoRestore(name: DemoPersonaName, now: Date): Cancellation {
  ownerOf(name);
  const s = stateOf(name, now);
  if (!s.cancellation || !s.current) throw new DemoRefusal(409, ErrorCode.SubscriptionNotCancelling);
  const current = { ...s.current, EndDate: null };
  const restored = { ...s.cancellation, Restored: now.toISOString(), AccountStage: s.cancellation.PriorAccountStage };
  states.set(name, { stage: s.cancellation.PriorAccountStage, current, latest: current, cancellation: null });
  return restored;
}

/** 'Cancel plan change': the scheduled (latest) subscription goes; the current one runs on. */
export function demoCancelScheduledChange(name: DemoPersonaName, uid: string, now: Date): Subscription {
  ownerOf(name);
  const s = stateOf(name, now);
  if (!s.current || !s.latest || s.latest.Uid !== uid) throw new DemoRefusal(404, ErrorCode.SubscriptionNotFound);
  if (s.latest.Uid === s.current.Uid) throw new DemoRefusal(400, ErrorCode.SubscriptionNotScheduled);
  const current = { ...s.current, EndDate: null };
  states.set(name, { ...s, current, latest: current });
  return current;
}

/** For the demo page and tests: a downgrade scheduled for the renewal, as PUT changesubscription would make one. */
export function demoScheduleChange(name: DemoPersonaName, planUid: string, now: Date): void {
  const s = stateOf(name, now);
  if (!s.current?.RenewalDate) return;
  const next = demoSubscription({
    uid: `sub_next_${now.getTime()}`, accountUid: s.current.Account.Uid, planUid, term: s.current.BillingRenewalTerm,
    quantity: s.current.Quantity, start: new Date(s.current.RenewalDate),
  });
  if (!next) return;
  const current = { ...s.current, EndDate: s.current.RenewalDate };
  states.set(name, { ...s, current, latest: next });
}
