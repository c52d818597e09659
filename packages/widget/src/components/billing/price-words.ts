/**
 * The words for what a plan adds to its price (issue 15): usage add-ons, setup fees, minimum
 * quantities and included add-ons. One wording for the plan cards (first screen, so the strings
 * are in en.ts under `price.*`, not in the lazy billing chunk) and the order summary's sentences
 * after the total (order-summary-logic.ts): a card never states a price the checkout will not charge.
 */
import type { TFunction } from '../../i18n/translator.ts';
import type { BillingRenewalTerm } from '@portico/core';
import type { PlanExtras } from '@portico/core/billing/plan-extras';
import type { UsageItem } from '@portico/core/billing/usage-items';

export interface MoneyWords {
  t: TFunction;
  /** Minor units as money in the site's currency. */
  money(minor: number): string;
}

/** '/ month', '/ year', 'one time': the cards' own price suffix. */
const perTerm = (f: MoneyWords, term: BillingRenewalTerm) => f.t(`selectPlan.term.${term}`);

/** "API calls: billed by use at $0.25 per 1,000 calls, monthly." */
export function usageSentence(u: UsageItem, f: MoneyWords): string {
  return f.t('price.usage', { name: u.name, amount: f.money(u.unitAmount), unit: u.unit ?? f.t('price.usageUnit'), per: f.t(`price.termAdverb.${u.per}`) });
}

/** The lines a plan card states under its price, from core's planExtras, in the order checkout bills them (units: the plan's plural and singular unit). */
export function planExtrasText(extras: PlanExtras, f: MoneyWords, units: { one: string | null; other: string | null }): string[] {
  const out: string[] = [];
  if (extras.minimum) {
    const unit = units.other || units.one || f.t('price.units');
    out.push(f.t('price.minimum', { count: extras.minimum.quantity, unit, amount: f.money(extras.minimum.amount), per: perTerm(f, extras.minimum.per) }));
  }
  const fee = (amount: number | null) => { if (amount !== null) out.push(f.t('price.setupFee', { amount: f.money(amount) })); };
  fee(extras.setupFee);
  for (const a of extras.included) {
    if (a.amount > 0) out.push(f.t('price.included', { name: a.name, amount: f.money(a.amount), per: perTerm(f, a.per) }));
    fee(a.setupFee);
  }
  for (const u of extras.usage) out.push(usageSentence(u, f));
  return out;
}
