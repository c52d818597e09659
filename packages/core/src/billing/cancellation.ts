/**
 * Cancel and restore (spec 2 section 2 "Plan" and "Cancel subscription", section 4 "Plan changes",
 * section 7 "Cancellation"; docs/billing.md "Cancel and restore"). Pure rules the server and the
 * plan screens share; the clock is passed in.
 */

/** Spec 2 section 2: the reasons planCancel offers when the company configures none. Stored as written here. */
export const DEFAULT_CANCELLATION_REASONS = ['Too expensive', 'Lacks features', 'Too hard to use', 'No longer necessary', 'Poor support', 'Other'] as const;

export const CANCELLATION_REASON_MAX_LENGTH = 200;
export const CANCELLATION_COMMENT_MAX_LENGTH = 2000;
/** At most this many configured reasons (a radio list, not a catalogue). */
export const CANCELLATION_REASONS_MAX = 20;

/** The account stages of an account whose plan ends at the period end (spec 2 section 9). */
export const CANCELLING_STAGES = ['Cancelling', 'CancellingTrial'] as const;
export type CancellingStage = (typeof CANCELLING_STAGES)[number];

export function isCancellingStage(stage: string | null | undefined): stage is CancellingStage {
  return stage === 'Cancelling' || stage === 'CancellingTrial';
}

/** The reasons to offer: the company's list (init settings `CancellationReasons`) or the spec's default. */
export function cancellationReasons(configured: readonly string[] | null | undefined): readonly string[] {
  return configured && configured.length > 0 ? configured : DEFAULT_CANCELLATION_REASONS;
}

/** The stage a cancellation moves the account to: CancellingTrial while the subscription is in its trial. */
export function cancellingStageFor(inTrial: boolean): CancellingStage {
  return inTrial ? 'CancellingTrial' : 'Cancelling';
}

/** What the plan screen reads of a subscription (the wire's names). */
export interface PlanScreenSubscription {
  Uid: string;
  StartDate: string;
  EndDate: string | null;
  ExpirationDate: string | null;
  Plan: { Name: string };
}

export interface PlanScreenFacts {
  AccountStage: string | null;
  CurrentSubscription: PlanScreenSubscription | null;
  LatestSubscription: PlanScreenSubscription | null;
}

/**
 * What the plan screen shows (spec 2 section 2 "Plan", exactly):
 * - no current subscription: `expired` (the widget opens planChange with Errors.SubscriptionExpired);
 * - stage Cancelling / CancellingTrial: 'Your plan is scheduled to end on {date}' with 'Restore plan'
 *   only when the subscription has no ExpirationDate; no change, edit or cancel link;
 * - otherwise change and edit links only when current and latest are the same subscription, the cancel
 *   link only when the latest has no EndDate, and the scheduled change notice when they differ.
 */
export type PlanScreenView =
  | { kind: 'expired' }
  | { kind: 'cancelling'; endsOn: string | null; canRestore: boolean }
  | { kind: 'active'; canChange: boolean; canEditOptions: boolean; canCancel: boolean; scheduledChange: { uid: string; planName: string; startsOn: string } | null };

export function planScreenView(facts: PlanScreenFacts): PlanScreenView {
  const current = facts.CurrentSubscription;
  if (!current) return { kind: 'expired' };
  const latest = facts.LatestSubscription ?? current;
  if (isCancellingStage(facts.AccountStage)) {
    return { kind: 'cancelling', endsOn: current.EndDate ?? latest.EndDate, canRestore: !current.ExpirationDate && !latest.ExpirationDate };
  }
  const same = latest.Uid === current.Uid;
  return {
    kind: 'active',
    canChange: same,
    canEditOptions: same,
    canCancel: !latest.EndDate,
    scheduledChange: same ? null : { uid: latest.Uid, planName: latest.Plan.Name, startsOn: latest.StartDate },
  };
}

/** Spec 2 section 2: add-ons whose EndDate is in the past are hidden. */
export function visibleAddOns<A extends { EndDate: string | null }>(addOns: readonly A[], now: Date): A[] {
  const t = now.getTime();
  return addOns.filter((a) => a.EndDate === null || new Date(a.EndDate).getTime() > t);
}
