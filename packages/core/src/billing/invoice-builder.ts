/**
 * Turns charge and credit lines into a finished invoice. The fixed order:
 * 1. charge lines (Plan, AddOn, setup fees) and proration credits (PlanCredit, AddOnCredit), each already rounded;
 * 2. the discount, computed on the net of those lines (never below zero), as one Discount line;
 * 3. tax per line (discount line included), rounded half-up per line; the discount's tax never
 *    exceeds the tax of the lines it discounts;
 * 4. totals; a negative total becomes 0 with a Credit line carrying the remainder to the next invoice,
 *    and credit carried in is taken off (down to 0) as a Credit line.
 */
import type { Plan } from '../entities/catalog.ts';
import { dayToIso, type DayNumber } from './days.ts';
import { couponAppliesOn, couponDiscount, couponWindow, type CouponInput, type CouponWindow } from './coupon.ts';
import { findTaxRate, lineTax, type TaxBehavior, type TaxInput } from './tax.ts';
import type { ChargeSummary, InvoiceDisplayItem, LineItemType } from './charge-summary.types.ts';

export interface InvoiceContext {
  taxRate: number;
  behavior: TaxBehavior;
  coupon: CouponInput | null;
  window: CouponWindow | null;
}

export function invoiceContext(plan: Plan, now: Date, coupon: CouponInput | null | undefined, tax: TaxInput | null | undefined): InvoiceContext {
  return {
    taxRate: findTaxRate(tax),
    behavior: tax?.behavior ?? 'exclusive',
    coupon: coupon ?? null,
    window: coupon ? couponWindow(coupon, plan.Uid, now) : null,
  };
}

export function line(
  type: LineItemType,
  uid: string | null,
  description: string,
  amount: number,
  start: DayNumber | null,
  end: DayNumber | null,
): InvoiceDisplayItem {
  return {
    LineItemType: type,
    LineItemEntityUid: uid,
    Description: description,
    Amount: amount,
    Tax: 0,
    Total: amount,
    StartDate: start === null ? null : dayToIso(start),
    EndDate: end === null ? null : dayToIso(end),
  };
}

export interface FinalizedInvoice {
  summary: ChargeSummary;
  /** Account credit left over for the next invoice (>= 0). */
  creditOut: number;
}

export function emptyInvoice(invoiceDay: DayNumber, behavior: TaxBehavior): ChargeSummary {
  return { InvoiceDate: dayToIso(invoiceDay), Total: 0, TaxBehavior: behavior, InvoiceDisplayItems: [] };
}

export function finalizeInvoice(
  ctx: InvoiceContext,
  invoiceDay: DayNumber,
  items: InvoiceDisplayItem[],
  isFirstInvoice: boolean,
  creditIn: number,
): FinalizedInvoice {
  let base = 0;
  for (const item of items) base += item.Amount;
  let total = 0;
  let taxSoFar = 0;
  const exclusive = ctx.behavior === 'exclusive';
  const settle = (item: InvoiceDisplayItem, tax: number) => {
    item.Tax = tax;
    item.Total = exclusive ? item.Amount + tax : item.Amount;
    total += item.Total;
    taxSoFar += tax;
  };
  for (const item of items) settle(item, lineTax(item.Amount, ctx.taxRate, ctx.behavior));
  if (ctx.coupon && ctx.window && couponAppliesOn(ctx.window, invoiceDay, isFirstInvoice)) {
    const discount = couponDiscount(ctx.coupon.coupon, base);
    if (discount > 0) {
      const discountLine = line(5, ctx.coupon.coupon.Uid, ctx.coupon.coupon.Name, -discount, null, null);
      items.push(discountLine);
      // Rounded on its own, the discount's tax can exceed the per-line taxes it offsets by a
      // cent (a 100% coupon would then leave -1 cent as account credit): cap it at the tax charged.
      settle(discountLine, Math.max(lineTax(-discount, ctx.taxRate, ctx.behavior), -Math.max(0, taxSoFar)));
    }
  }
  let creditOut = creditIn;
  if (total < 0) {
    creditOut += -total;
    items.push(line(6, null, 'Unused time moved to account credit', -total, null, null));
    total = 0;
  } else if (creditIn > 0 && total > 0) {
    const used = Math.min(creditIn, total);
    items.push(line(6, null, 'Account credit applied', -used, null, null));
    total -= used;
    creditOut = creditIn - used;
  }
  return {
    summary: { InvoiceDate: dayToIso(invoiceDay), Total: total, TaxBehavior: ctx.behavior, InvoiceDisplayItems: items },
    creditOut,
  };
}
