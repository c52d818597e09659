import type { SubscriptionDraft } from '@portico/core/billing/draft-plan-change';
import type { ApiClient } from '../../api/http.ts';
import type { QueryCache } from '../../api/query-cache.ts';
import type { Runtime } from '../../shared/runtime-types.ts';
import { reissueToken } from '../../signin/signin-calls.ts';
import type { ChangeBody, Subscription } from './plan-change-calls.ts';

/**
 * What finishes a plan change, shared by planOptionsChange and processing's changePlan return. Kept apart
 * from the screens' logic so processing (on the sign-up path) takes no billing engine with it.
 */

/** Spec 1 section 9 / spec 2 section 4: the token is reissued when the change started within these windows (options path 5 days, redirect return 5 minutes). */
export const REISSUE_WINDOW_OPTIONS_MS = 5 * 24 * 60 * 60 * 1000;

/** The body of a change: the draft's items; no coupon field, so the subscription keeps its coupon. */
export function changeBody(draft: SubscriptionDraft): ChangeBody | null {
  if (!draft.planUid) return null;
  return {
    Plan: { Uid: draft.planUid }, Quantity: draft.quantity, BillingRenewalTerm: draft.term,
    SubscriptionAddOns: draft.addOns.filter((a) => !a.endDate).map((a) => ({ AddOn: { Uid: a.uid }, Quantity: a.quantity })),
  };
}

/** Spec 2 section 4 "Plan changes": the subscription or an add-on started within the window (then subscription.update and a new token). */
export function startedWithin(starts: readonly (string | null | undefined)[], now: Date, windowMs: number): boolean {
  return starts.some((s) => {
    const at = s ? Date.parse(s) : Number.NaN;
    return !Number.isNaN(at) && Math.abs(now.getTime() - at) <= windowMs;
  });
}

/**
 * Spec 1 section 4 "Plan options change completion" after a change the server accepted: the account is
 * read again (every cached read), and when the subscription or an add-on started within the window a
 * subscription.update event is raised and the access token reissued (its plan claims are stale).
 */
export async function completeChange(ctx: { api: ApiClient; cache: QueryCache; runtime: Runtime }, answer: Subscription, windowMs: number): Promise<void> {
  ctx.cache.invalidate();
  if (startedWithin([answer.StartDate, ...answer.SubscriptionAddOns.map((a) => a.StartDate)], new Date(), windowMs)) {
    ctx.runtime.events.emit('subscription.update', { subscriptionUid: answer.Uid });
    ctx.runtime.token.set(await reissueToken(ctx.api));
  }
}
