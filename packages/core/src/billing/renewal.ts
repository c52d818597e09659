/**
 * A subscription's renewal at its period end (issue 17; docs/billing.md "Renewals"): what happens on
 * the renewal day `r` and the invoice for the new period [r, next). Pure: the server reads the rows,
 * the usage totals and the account's credit, and writes what this returns.
 *
 * Outcomes:
 * - `end`: the row ends on r (a cancellation's EndDate, or the company's ExpirationDate): no invoice.
 * - `change`: a scheduled change (a downgrade) starts on r: the new row is billed for its first period.
 * - `renew`: the same row is billed for its next period.
 * - `none`: a one-time term never renews.
 * Lines follow the engine's renewal invoice (new-subscription-summary.ts): the plan and each recurring
 * add-on whose anchored period starts on r; at a trial's end, the one-time add-ons the trial did not
 * bill; never a setup fee. Usage add-ons are billed for the period that just ended from reported
 * totals (a line of 0 when nothing was reported). Coupons: a Once coupon never discounts a renewal;
 * Repeating until redemption + DurationInMonths; Forever; a subscription's ExpireDate ends any.
 * Account credit is taken off, and what is left is returned. The plan's IsActive is not looked at: a
 * deactivated plan keeps renewing for its subscribers at their price (grandfathered).
 */
import type { BillingRenewalTerm } from '../entities/billing-terms.ts';
import type { AddOn, Plan } from '../entities/catalog.ts';
import type { CouponInput } from './coupon.ts';
import { addMonths, termMonths, type DayNumber } from './days.ts';
import { emptyInvoice, finalizeInvoice, invoiceContext, line } from './invoice-builder.ts';
import { billedAddOns, periodStartingOn, planAmount } from './subscription-items.ts';
import type { AddOnSelection, ChargeSummary, InvoiceDisplayItem } from './charge-summary.types.ts';
import type { TaxInput } from './tax.ts';
import { usageItems } from './usage-items.ts';

/** One subscription row as the renewal reads it. */
export interface RenewingRow {
  plan: Plan;
  term: BillingRenewalTerm;
  quantity: number;
  addOns: readonly AddOnSelection[];
  /** The day periods are counted from (the trial end when there was a trial). */
  anchor: DayNumber;
  /** The row's first day. */
  start: DayNumber;
  coupon: CouponInput | null;
}

export interface RenewalInput {
  /** The clock (coupon redemption checks). */
  now: Date;
  /** The renewal day: the row's renewal date (the end of the period that just ended). */
  renewalDay: DayNumber;
  current: RenewingRow;
  /** The row that starts on the renewal day (a scheduled change), if any. */
  scheduled: RenewingRow | null;
  /** The current row ends on (or before) the renewal day with nothing after it: cancelled or expired. */
  ends: boolean;
  tax: TaxInput | null;
  /** The account's credit before this invoice (minor units, >= 0). */
  creditIn: number;
  /** Reported use per usage add-on uid in the period that just ended (units of use, e.g. calls). */
  usage: ReadonlyMap<string, number>;
}

export type RenewalKind = 'renew' | 'change' | 'end' | 'none';

export interface RenewalOutcome {
  kind: RenewalKind;
  /** The new period's invoice (null for end and none). */
  invoice: ChargeSummary | null;
  /** The new period [periodStart, periodEnd) the invoice covers. */
  periodStart: DayNumber | null;
  periodEnd: DayNumber | null;
  /** The row that keeps renewing: its next renewal day (= periodEnd), null when nothing renews. */
  nextRenewal: DayNumber | null;
  /** The usage period billed [usageFrom, usageTo) (the period that just ended). */
  usageFrom: DayNumber | null;
  usageTo: DayNumber | null;
  /** Account credit left after this invoice. */
  creditOut: number;
  /** This renewal is the trial's end (the first paid invoice). */
  endsTrial: boolean;
}

/**
 * How many units of use one price unit counts: the number leading the unit of measure ("1,000 calls"
 * → 1000, "GB" → 1). Usage is priced per unit of measure, as the order summary words it ("$0.25 per
 * 1,000 calls"); reports count single units of use (calls).
 */
export function usageBlockSize(unitOfMeasure: string | null): number {
  const m = unitOfMeasure ? /^\s*(\d[\d,_ ]*)/.exec(unitOfMeasure) : null;
  const n = m ? Number(m[1]!.replace(/[,_ ]/g, '')) : 1;
  return Number.isSafeInteger(n) && n > 0 ? n : 1;
}

/** The amount for `used` units of use at `unitAmount` per block: every block begun is billed (like a metered provider's round up). */
export function usageAmount(used: number, unitAmount: number, blockSize: number): number {
  if (used <= 0) return 0;
  return Math.ceil(used / blockSize) * unitAmount;
}

/** The start of the period that ends on `r` for a row (its start at the latest: a first period, or a trial). */
export function periodEndingOn(row: Pick<RenewingRow, 'anchor' | 'start' | 'term'>, r: DayNumber): DayNumber {
  const months = termMonths(row.term);
  if (r <= row.anchor || months === 0) return row.start;
  return Math.max(row.start, addMonths(r, -months));
}

function usageLines(row: RenewingRow, usage: ReadonlyMap<string, number>, from: DayNumber, to: DayNumber): InvoiceDisplayItem[] {
  const byUid = new Map<string, AddOn>(row.addOns.map((s) => [s.addOn.Uid, s.addOn]));
  return usageItems(row).map((u) => {
    const used = usage.get(u.uid) ?? 0;
    const block = usageBlockSize(byUid.get(u.uid)?.UnitOfMeasure ?? null);
    return line(3, u.uid, `${u.name} (usage: ${used.toLocaleString('en-US')})`, usageAmount(used, u.unitAmount, block), from, to);
  });
}

/** The billed lines of `row` for the period starting on r (not the usage). */
function periodLines(row: RenewingRow, r: DayNumber, endsTrial: boolean): { items: InvoiceDisplayItem[]; end: DayNumber } {
  const items: InvoiceDisplayItem[] = [];
  const { plan, term } = row;
  const p = periodStartingOn(row.anchor, term, r);
  const end = p ? p.end : addMonths(r, termMonths(term));
  if (p) items.push(line(1, plan.Uid, plan.Name, planAmount(plan, term, row.quantity), p.start, p.end));
  for (const a of billedAddOns(row.addOns, term)) {
    if (a.term === 'OneTime') {
      if (endsTrial && !a.billedDuringTrial) items.push(line(3, a.uid, a.name, a.amount, r, null));
      continue;
    }
    const ap = periodStartingOn(row.anchor, a.term, r);
    if (ap) items.push(line(3, a.uid, a.name, a.amount, ap.start, ap.end));
  }
  return { items, end };
}

/** What the renewal on `input.renewalDay` is (see the file comment). */
export function renewal(input: RenewalInput): RenewalOutcome {
  const r = input.renewalDay;
  const { current } = input;
  const nothing = (kind: RenewalKind): RenewalOutcome => ({
    kind, invoice: null, periodStart: null, periodEnd: null, nextRenewal: null, usageFrom: null, usageTo: null, creditOut: input.creditIn, endsTrial: false,
  });
  const billed = input.scheduled ?? current;
  if (!input.scheduled && input.ends) return nothing('end');
  if (billed.term === 'OneTime') return nothing('none');
  const endsTrial = !input.scheduled && r === current.anchor && current.start < current.anchor;
  const { items, end } = periodLines(billed, r, endsTrial);
  const usageFrom = periodEndingOn(current, r);
  items.push(...usageLines(current, input.usage, usageFrom, r));
  const ctx = invoiceContext(billed.plan, input.now, billed.coupon, input.tax);
  const done = items.length === 0
    ? { summary: emptyInvoice(r, ctx.behavior), creditOut: input.creditIn }
    : finalizeInvoice(ctx, r, items, false, input.creditIn);
  return {
    kind: input.scheduled ? 'change' : 'renew', invoice: done.summary, periodStart: r, periodEnd: end, nextRenewal: end,
    usageFrom, usageTo: r, creditOut: done.creditOut, endsTrial,
  };
}

/** Subtotal (before tax) and tax of an invoice's lines, as the invoice row stores them. */
export function invoiceTotals(summary: ChargeSummary): { subtotal: number; tax: number } {
  let subtotal = 0;
  let tax = 0;
  for (const l of summary.InvoiceDisplayItems) { subtotal += l.Amount; tax += l.Tax; }
  return { subtotal, tax };
}
