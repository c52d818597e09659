/**
 * The order as a checkout presents it (issue 7 "a checkout people trust"): what is
 * bought, each line as quantity × unit price, the subtotal, the discount, tax and
 * the total due today, read from one charge summary. No amount is recomputed here:
 * every figure is the summary's own, split and summed.
 */
import type { BillingRenewalTerm } from '../entities/billing-terms.ts';
import type { DiscountCoupon, Plan } from '../entities/catalog.ts';
import { resolveAddOnTerm } from './add-on-rules.ts';
import type { AddOnSelection, ChargeSummary, InvoiceDisplayItem } from './charge-summary.types.ts';
import { toDay } from './days.ts';
import { trialEndDay } from './new-subscription-summary.ts';
import { planMultiplier } from './subscription-items.ts';
import { rateFor } from './terms.ts';
import { usageItems, type UsageItem } from './usage-items.ts';

export { usageItems, type UsageItem } from './usage-items.ts';

/** What the summary knows about the subscription besides the invoice. */
export interface OrderFacts {
  plan: Plan;
  term: BillingRenewalTerm;
  quantity: number;
  addOns: readonly AddOnSelection[];
}

export type OrderItemKind = 'plan' | 'addOn' | 'setupFee' | 'credit';

export interface OrderItem {
  kind: OrderItemKind;
  uid: string | null;
  /** The line's description ("Pro", "Pro (trial)", "Pro setup fee"). */
  name: string;
  /** Shown as "quantity × unitAmount" only when that product is the line's amount (not a prorated line). */
  quantity: number | null;
  unitAmount: number | null;
  /** The term the unit price is per (null for fees and one-time charges). */
  per: BillingRenewalTerm | null;
  /** Minor units: before tax when tax is added on top, the price with tax when prices include it. */
  amount: number;
  start: string | null;
  end: string | null;
  /** A plan line during its free trial. */
  trial: boolean;
}

export interface OrderDiscount {
  uid: string | null;
  name: string;
  /** Positive: what is taken off, before tax. */
  amount: number;
}

export interface OrderSummaryView {
  items: OrderItem[];
  usage: UsageItem[];
  /** Sum of the charge lines, before the discount (and before tax when tax is added on top). */
  subtotal: number;
  discount: OrderDiscount | null;
  /** All tax on the invoice (the discount's share taken off). */
  tax: number;
  inclusive: boolean;
  /** Account credit lines (changes only; a new subscription has none). */
  credits: OrderItem[];
  /** The summary's Total: due today. */
  total: number;
}

/** The plan's line covers exactly its trial (core's trialEndDay from the line's start). */
function isTrialLine(line: InvoiceDisplayItem, plan: Plan): boolean {
  if (!line.StartDate || !line.EndDate) return false;
  return trialEndDay(plan, toDay(line.StartDate)) === toDay(line.EndDate);
}

function addOnFor(facts: OrderFacts, uid: string | null): AddOnSelection | undefined {
  return facts.addOns.find((a) => a.addOn.Uid === uid);
}

/** Quantity and unit price of a line when quantity × unit is exactly its amount. */
function breakdown(line: InvoiceDisplayItem, facts: OrderFacts): { quantity: number; unitAmount: number; per: BillingRenewalTerm | null } | null {
  if (line.LineItemType === 1) {
    const unit = rateFor(facts.plan, facts.term);
    const quantity = planMultiplier(facts.plan, facts.quantity);
    const per = facts.term === 'OneTime' ? null : facts.term;
    return unit !== null && unit * quantity === line.Amount ? { quantity, unitAmount: unit, per } : null;
  }
  if (line.LineItemType === 3) {
    const sel = addOnFor(facts, line.LineItemEntityUid);
    if (!sel) return null;
    const term = resolveAddOnTerm(sel.addOn, facts.term, sel.term);
    const unit = rateFor(sel.addOn, term);
    const quantity = sel.addOn.IsQuantityEditable ? sel.quantity : 1;
    const per = term === 'OneTime' ? null : term;
    return unit !== null && unit * quantity === line.Amount ? { quantity, unitAmount: unit, per } : null;
  }
  if (line.LineItemType === 2 || line.LineItemType === 4) return { quantity: 1, unitAmount: line.Amount, per: null };
  return null;
}

const KIND: Record<number, OrderItemKind> = { 1: 'plan', 2: 'setupFee', 3: 'addOn', 4: 'setupFee', 6: 'credit', 7: 'credit', 8: 'credit' };

function toItem(line: InvoiceDisplayItem, facts: OrderFacts): OrderItem {
  const trial = line.LineItemType === 1 && line.Amount === 0 && isTrialLine(line, facts.plan);
  const parts = trial ? null : breakdown(line, facts);
  return {
    kind: KIND[line.LineItemType] ?? 'credit',
    uid: line.LineItemEntityUid,
    name: trial ? facts.plan.Name : line.Description,
    quantity: parts?.quantity ?? null,
    unitAmount: parts?.unitAmount ?? null,
    per: parts?.per ?? null,
    amount: line.Amount,
    start: line.StartDate,
    end: line.EndDate,
    trial,
  };
}

/** Today's invoice as an order: items, usage, subtotal, discount, tax, credits and total. */
export function orderSummary(summary: ChargeSummary, facts: OrderFacts): OrderSummaryView {
  const charges = summary.InvoiceDisplayItems.filter((l) => l.LineItemType !== 5 && l.LineItemType !== 6);
  const discounts = summary.InvoiceDisplayItems.filter((l) => l.LineItemType === 5);
  const credits = summary.InvoiceDisplayItems.filter((l) => l.LineItemType === 6);
  const items = charges.map((l) => toItem(l, facts));
  const discountAmount = -discounts.reduce((s, l) => s + l.Amount, 0);
  return {
    items: items.filter((i) => i.kind !== 'credit'),
    usage: usageItems(facts),
    subtotal: charges.filter((l) => KIND[l.LineItemType] !== 'credit').reduce((s, l) => s + l.Amount, 0),
    discount: discounts.length > 0 ? { uid: discounts[0]!.LineItemEntityUid, name: discounts[0]!.Description, amount: discountAmount } : null,
    tax: summary.InvoiceDisplayItems.reduce((s, l) => s + l.Tax, 0),
    inclusive: summary.TaxBehavior === 'inclusive',
    credits: [...items.filter((i) => i.kind === 'credit'), ...credits.map((l) => toItem(l, facts))],
    total: summary.Total,
  };
}

/** How a coupon reads next to its name: what it takes off and for how long. */
export interface CouponTerms {
  percentOff: number | null;
  amountOff: number | null;
  duration: DiscountCoupon['Duration'];
  months: number | null;
}

export function couponTerms(coupon: DiscountCoupon): CouponTerms {
  return {
    percentOff: coupon.PercentOff !== null && coupon.PercentOff > 0 ? coupon.PercentOff : null,
    amountOff: coupon.AmountOff !== null && coupon.AmountOff > 0 ? coupon.AmountOff : null,
    duration: coupon.Duration,
    months: coupon.Duration === 'Repeating' ? coupon.DurationInMonths ?? 0 : null,
  };
}
