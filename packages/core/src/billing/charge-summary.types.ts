import type { BillingRenewalTerm } from '../entities/billing-terms.ts';
import type { AddOn, Plan } from '../entities/catalog.ts';
import type { CouponInput } from './coupon.ts';
import type { TaxBehavior, TaxInput } from './tax.ts';

/** Spec 3 line item types: Plan 1, PlanSetupFee 2, AddOn 3, AddOnSetupFee 4, Discount 5, Credit 6, PlanCredit 7, AddOnCredit 8. */
export type LineItemType = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

export interface InvoiceDisplayItem {
  LineItemType: LineItemType;
  /** Plan, add-on or coupon uid; null for account credit. */
  LineItemEntityUid: string | null;
  Description: string;
  /** Minor units. Exclusive tax: before tax. Inclusive tax: the price, tax included. */
  Amount: number;
  Tax: number;
  Total: number;
  /** ISO date the charged period starts (null for fees and credits). */
  StartDate: string | null;
  /** ISO date the period ends, exclusive = the renewal date (null when not periodic). */
  EndDate: string | null;
}

export interface ChargeSummary {
  /** ISO date (YYYY-MM-DD, UTC). */
  InvoiceDate: string;
  Total: number;
  TaxBehavior: TaxBehavior;
  InvoiceDisplayItems: InvoiceDisplayItem[];
}

export interface RenewalSummary {
  Total: number;
  InvoiceDate: string;
}

/** A selected add-on. Non-quantity-editable add-ons count as quantity 1; editable ones with 0 are skipped. */
export interface AddOnSelection {
  addOn: AddOn;
  quantity: number;
  /** Defaults: OneTime for one-time add-ons, else the subscription term when rated, else the first offered term. */
  term?: BillingRenewalTerm | null;
}

/** The subscription as it stands, for a change. */
export interface ExistingSubscription {
  plan: Plan;
  term: BillingRenewalTerm;
  quantity: number;
  addOns: readonly AddOnSelection[];
  /** Current plan period, ISO dates, half-open [periodStart, periodEnd). */
  periodStart: string;
  periodEnd: string;
  /** Billing anchor for add-ons on other terms; defaults to periodStart. */
  anchorDate?: string | null;
}

export interface ChargeSummaryInput {
  /** The clock. */
  now: Date;
  currency: string;
  plan: Plan;
  term: BillingRenewalTerm;
  quantity: number;
  addOns: readonly AddOnSelection[];
  coupon?: CouponInput | null;
  /** New subscription: its start (default today). Change: its effective day (default today). */
  startDate?: string | null;
  tax?: TaxInput | null;
  existing?: ExistingSubscription | null;
  asOf: 'now' | 'renewal';
}
