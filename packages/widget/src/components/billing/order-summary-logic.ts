import type { TFunction } from '../../i18n/translator.ts';
import type { BillingRenewalTerm, DiscountCoupon, Plan } from '@portico/core';
import { couponTerms, orderSummary, planMultiplier, rateFor, trialEndDay, toDay, whatFollows } from '@portico/core/billing/index';
import type { AddOnSelection, ChargeSummary, FollowingSentence, OrderItem, OrderSummaryView, UsageItem } from '@portico/core/billing/index';
import type { SubscriptionDraft } from './subscription-draft.ts';
import { usageSentence } from './price-words.ts';

/** Formatting the words need: money from minor units (core's currency formatting) and medium dates. */
export interface Formatters {
  t: TFunction;
  money(minor: number): string;
  date(iso: string): string;
}

/** The draft's add-ons as core's selections (the plan's own add-on objects). */
export function draftSelections(draft: SubscriptionDraft, plan: Plan): AddOnSelection[] {
  return draft.addOns.flatMap((a) => {
    const pa = plan.PlanAddOns.find((p) => p.AddOn.Uid === a.uid);
    return pa ? [{ addOn: pa.AddOn, quantity: a.quantity }] : [];
  });
}

export function orderView(now: ChargeSummary, draft: SubscriptionDraft, plan: Plan): OrderSummaryView {
  return orderSummary(now, { plan, term: draft.term, quantity: draft.quantity, addOns: draftSelections(draft, plan) });
}

/** The sentences after the total, worded. */
export function followingText(sentences: readonly FollowingSentence[], f: Formatters): string[] {
  const per = (term: BillingRenewalTerm) => f.t(`billing.order.priceTerm.${term}`);
  const list = (names: readonly string[]) => names.join(', ');
  return sentences.map((s) => {
    switch (s.key) {
      case 'trialEnds':
        return f.t('billing.follows.trialEnds', { date: f.date(s.date) });
      case 'then': {
        const key = s.names.length ? (s.beforeDiscount ? 'thenNamedBeforeDiscount' : 'thenNamed') : s.beforeDiscount ? 'thenBeforeDiscount' : 'then';
        return f.t(`billing.follows.${key}`, { amount: f.money(s.amount), per: per(s.per), from: f.date(s.from), names: list(s.names) });
      }
      case 'thenUntil':
        return f.t('billing.follows.thenUntil', { amount: f.money(s.amount), per: per(s.per), until: f.date(s.until), fullAmount: f.money(s.fullAmount) });
      case 'plus':
        return f.t(`billing.follows.${s.beforeDiscount ? 'plusBeforeDiscount' : 'plus'}`, { amount: f.money(s.amount), per: per(s.per), from: f.date(s.from), names: list(s.names) });
      case 'thenOnce':
        return f.t('billing.follows.thenOnce', { amount: f.money(s.amount), on: f.date(s.on) });
      case 'usage':
        return usageSentence({ uid: '', name: s.name, unitAmount: s.unitAmount, unit: s.unit, per: s.per }, f);
      case 'nothingRenews':
        return f.t('billing.follows.nothingRenews');
      case 'staysFree':
        return f.t('billing.follows.staysFree');
    }
  });
}

/** What follows today, worded once from core's whatFollows. */
export function whatFollowsText(input: { now: ChargeSummary; renewal: ChargeSummary | null; draft: SubscriptionDraft; plan: Plan; coupon: DiscountCoupon | null; clock: Date }, f: Formatters): string[] {
  const { draft, plan } = input;
  return followingText(whatFollows({
    now: input.now, renewal: input.renewal, plan, term: draft.term, quantity: draft.quantity,
    addOns: draftSelections(draft, plan), coupon: input.coupon, clock: input.clock,
  }), f);
}

/** The second line of an item: quantity × unit price, the trial, the fee, or the period it covers. */
export function itemDetail(item: OrderItem, f: Formatters): string | null {
  if (item.trial && item.end) return f.t('billing.order.lineTrial', { date: f.date(item.end) });
  if (item.kind === 'setupFee') return f.t('billing.order.setupFee');
  if (item.quantity !== null && item.unitAmount !== null) {
    return item.per
      ? f.t('billing.order.lineQuantity', { quantity: item.quantity, amount: f.money(item.unitAmount), per: f.t(`billing.order.priceTerm.${item.per}`) })
      : f.t('billing.order.lineQuantityOnce', { quantity: item.quantity, amount: f.money(item.unitAmount) });
  }
  if (item.start && item.end) return f.t('billing.order.period', { start: f.date(item.start), end: f.date(item.end) });
  return null;
}

export function usageDetail(u: UsageItem, f: Formatters): string {
  return f.t('billing.order.usageDetail', { amount: f.money(u.unitAmount), unit: u.unit ?? f.t('price.usageUnit'), per: f.t(`price.termAdverb.${u.per}`) });
}

/** "25% off for 3 months", "$10.00 off once", "10% off forever". */
export function couponDurationText(coupon: DiscountCoupon, f: Formatters): string | null {
  const c = couponTerms(coupon);
  const off = c.percentOff !== null
    ? f.t('billing.order.percentOff', { percent: c.percentOff })
    : c.amountOff !== null ? f.t('billing.order.amountOff', { amount: f.money(c.amountOff) }) : null;
  if (!off) return null;
  if (c.duration === 'Once') return f.t('billing.order.durationOnce', { off });
  if (c.duration === 'Forever') return f.t('billing.order.durationForever', { off });
  return f.t('billing.order.durationMonths', { off, count: c.months ?? 0 });
}

/** What is bought and its price, for the top of the summary. */
export function headline(plan: Plan, draft: SubscriptionDraft, f: Formatters, clock: Date): { product: string; quantity: string | null; price: string; priceTerm: string | null } {
  const multiplier = planMultiplier(plan, draft.quantity);
  const quantity = plan.IsQuantityEditable || plan.IsPerUser
    ? f.t('billing.order.quantityUnit', { count: draft.quantity, unit: (draft.quantity === 1 ? plan.UnitOfMeasure : plan.UnitOfMeasurePlural || plan.UnitOfMeasure) ?? f.t('billing.unitFallback', { count: draft.quantity }) })
    : null;
  const trialEnd = trialEndDay(plan, toDay(clock));
  if (trialEnd !== null) {
    const days = plan.TrialUntilDate && toDay(plan.TrialUntilDate) === trialEnd ? null : plan.TrialPeriodDays;
    return { product: plan.Name, quantity, price: days ? f.t('billing.order.trialDays', { count: days }) : f.t('billing.order.trialUntil', { date: f.date(plan.TrialUntilDate!) }), priceTerm: null };
  }
  const rate = rateFor(plan, draft.term);
  if (!rate) return { product: plan.Name, quantity, price: f.t('billing.order.free'), priceTerm: null };
  return { product: plan.Name, quantity, price: f.money(rate * multiplier), priceTerm: f.t(`billing.order.priceTerm.${draft.term}`) };
}
