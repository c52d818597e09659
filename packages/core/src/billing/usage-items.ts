/**
 * Usage add-ons as people read them (issue 7 order summary, issue 15 plan cards): never on
 * today's invoice, billed afterwards for what is used, at a price per unit. One function for the
 * order summary, what follows it, and the plan cards, so the three never word a different price.
 */
import type { BillingRenewalTerm } from '../entities/billing-terms.ts';
import type { AddOn, Plan } from '../entities/catalog.ts';
import { resolveAddOnTerm } from './add-on-terms.ts';
import type { AddOnSelection } from './charge-summary.types.ts';
import { rateFor } from './terms.ts';

/** A usage add-on: never on today's invoice, billed afterwards for what is used. */
export interface UsageItem {
  uid: string;
  name: string;
  /** Price per unit of use, minor units. */
  unitAmount: number;
  unit: string | null;
  per: BillingRenewalTerm;
}

/** The usage add-ons of the subscription, with the price per unit they will be billed at. */
export function usageItems(facts: { plan: Plan; term: BillingRenewalTerm; addOns: readonly AddOnSelection[] }): UsageItem[] {
  return facts.addOns.flatMap((sel) => {
    const a: AddOn = sel.addOn;
    if (a.BillingAddOnType !== 'Usage') return [];
    const per = resolveAddOnTerm(a, facts.term === 'OneTime' ? 'Monthly' : facts.term, sel.term);
    const unitAmount = rateFor(a, per);
    return unitAmount === null ? [] : [{ uid: a.Uid, name: a.Name, unitAmount, unit: a.UnitOfMeasure, per: per === 'OneTime' ? 'Monthly' : per }];
  });
}
