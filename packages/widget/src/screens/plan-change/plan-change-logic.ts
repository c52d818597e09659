import type { BillingRenewalTerm, Plan } from '@portico/core';
import { changeAppliesNow, planChangeSentence, type PlanChangeSentence, type PlanChangeSide } from '@portico/core/billing/plan-change-sentence';
import type { ChargeSummary, SubscriptionDraft } from '@portico/core/billing/index';
import type { Catalog } from '../../components/billing/catalog.ts';
import { findPlan } from '../../components/billing/catalog.ts';
import type { Subscription } from './plan-change-calls.ts';

/** Where a plan change's flow draft came from: a draft with another source (a sign-up) is not a plan change. */
export const PLAN_CHANGE_SOURCES = new Set(['planChange', 'planOptionsChange']);

/** The current subscription as the draft the screens edit (ended add-ons kept with their end, so core hides them). */
export function draftFromSubscription(sub: Subscription): SubscriptionDraft {
  return {
    planUid: sub.Plan.Uid, term: sub.BillingRenewalTerm, quantity: sub.Quantity, coupon: null,
    addOns: sub.SubscriptionAddOns.map((a) => ({
      uid: a.AddOn.Uid, quantity: a.Quantity,
      // Spec 4 add-on rules: an add-on already purchased one-time cannot be unchecked.
      ...(a.BillingRenewalTerm === 'OneTime' ? { forceSelected: true } : {}),
      ...(a.EndDate ? { endDate: a.EndDate } : {}),
    })),
  };
}

const itemsKey = (d: SubscriptionDraft) =>
  JSON.stringify([d.planUid, d.term, d.quantity, d.addOns.filter((a) => !a.endDate).map((a) => [a.uid, a.quantity]).sort()]);

/** The draft asks for what the subscription already is: nothing to confirm. */
export const sameAsCurrent = (draft: SubscriptionDraft, sub: Subscription): boolean => itemsKey(draft) === itemsKey(draftFromSubscription(sub));

function sideOf(draft: SubscriptionDraft, plan: Plan): PlanChangeSide {
  return {
    plan, term: draft.term, quantity: draft.quantity,
    addOns: draft.addOns.filter((a) => !a.endDate).flatMap((a) => {
      const pa = plan.PlanAddOns.find((p) => p.AddOn.Uid === a.uid);
      return pa ? [{ addOn: pa.AddOn, quantity: a.quantity }] : [];
    }),
  };
}

/** The sentence before the button (core's planChangeSentence); null while something is missing. */
export function sentenceFor(catalog: Catalog, sub: Subscription, draft: SubscriptionDraft, now: ChargeSummary | null, renewal: ChargeSummary | null, today: Date): PlanChangeSentence | null {
  const current = findPlan(catalog, sub.Plan.Uid);
  const wanted = findPlan(catalog, draft.planUid ?? undefined);
  if (!current || !wanted || !now) return null;
  return planChangeSentence({
    now, renewal, appliesNow: changeAppliesNow(sideOf(draftFromSubscription(sub), current), sideOf(draft, wanted)),
    currentPlan: current.Name, currentTerm: sub.BillingRenewalTerm, newPlan: wanted.Name, newTerm: draft.term,
    periodEnd: (sub.RenewalDate ?? now.InvoiceDate).slice(0, 10), today,
  });
}

export interface SentenceWords {
  t(key: string, options?: Record<string, unknown>): string;
  money(minor: number): string;
  date(iso: string): string;
}

/** The sentence in words (en-plan-change.ts `sentence.*`); amounts and dates as the invoice preview shows them. */
export function sentenceText(s: PlanChangeSentence, w: SentenceWords): string {
  const per = (term: BillingRenewalTerm) => w.t(`planChange.per.${term}`);
  const then = 'then' in s && s.then ? s.then : null;
  switch (s.key) {
    case 'payToday':
      return w.t('planChange.sentence.payToday', { amount: w.money(s.amount), count: s.days, period: w.t(`planChange.period.${s.period}`) })
        + (then ? w.t('planChange.sentence.then', { amount: w.money(then.amount), per: per(then.per), date: w.date(then.from) }) : w.t('planChange.sentence.end'));
    case 'payTodayNewTerm':
      return w.t('planChange.sentence.payTodayNewTerm', { amount: w.money(s.amount), period: w.t(`planChange.first.${s.period}`) })
        + (then ? w.t('planChange.sentence.then', { amount: w.money(then.amount), per: per(then.per), date: w.date(then.from) }) : w.t('planChange.sentence.end'));
    case 'credit':
      return w.t('planChange.sentence.credit', { credit: w.money(s.credit), date: w.date(s.on) })
        + (then ? w.t('planChange.sentence.creditThen', { amount: w.money(then.amount), per: per(then.per) }) : w.t('planChange.sentence.end'));
    case 'nothingToday':
      return w.t('planChange.sentence.nothingToday', { plan: s.plan })
        + (then ? w.t('planChange.sentence.nothingTodayThen', { amount: w.money(then.amount), per: per(then.per), date: w.date(then.from) }) : w.t('planChange.sentence.end'));
    case 'scheduled':
      return w.t('planChange.sentence.scheduled', { plan: s.plan, current: s.current, date: w.date(s.on) });
  }
}
