import type { AddOn, BillingRenewalTerm, Plan } from '@portico/core';
import { rateFor, toDay, trialEndDay } from '@portico/core/billing/index';

export type TrialInfo = { kind: 'days'; count: number } | { kind: 'until'; date: string } | null;

/**
 * The trial the plan gives a subscription starting `now`, as core decides it
 * (trialEndDay: TrialUntilDate after the start wins over TrialPeriodDays).
 */
export function trialInfo(plan: Pick<Plan, 'TrialPeriodDays' | 'TrialUntilDate'>, now: Date): TrialInfo {
  const end = trialEndDay(plan as Plan, toDay(now));
  if (end === null) return null;
  if (plan.TrialUntilDate && toDay(plan.TrialUntilDate) === end) return { kind: 'until', date: plan.TrialUntilDate };
  return { kind: 'days', count: plan.TrialPeriodDays ?? 0 };
}

/** Unit of measure for a count: singular for 1, else the plural (falling back to the singular); null when none. */
export function unitFor(item: { UnitOfMeasure: string | null; UnitOfMeasurePlural?: string | null }, count: number): string | null {
  if (!item.UnitOfMeasure) return null;
  return count === 1 ? item.UnitOfMeasure : item.UnitOfMeasurePlural || item.UnitOfMeasure;
}

/** Spec 2: an 'Expires' date is shown for non-one-time renewal terms only. */
export function showsExpires(term: BillingRenewalTerm, expires: string | null | undefined): expires is string {
  return term !== 'OneTime' && !!expires;
}

/** The price to show for a term (core's rateFor, with the monthly fallback for OneTime); null = no price. */
export function detailPrice(item: Plan | AddOn, term: BillingRenewalTerm): { amount: number; perUnit: boolean } | null {
  const amount = rateFor(item, term);
  if (amount === null) return null;
  const perUnit = 'IsPerUser' in item ? item.IsPerUser || item.IsQuantityEditable : item.IsQuantityEditable;
  return { amount, perUnit };
}
