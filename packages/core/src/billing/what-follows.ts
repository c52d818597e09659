/**
 * What a new subscription costs after today, in plain sentences (issue 7: "then
 * one plain sentence for what follows ('Then $375.00 per month from 23 Feb 2027'),
 * trial end included"). Computed once here from the two charge summaries the
 * server priced (today's and the first renewal) so the widget only words it.
 *
 * Amounts are the summaries' own line totals (tax included, as they will be
 * charged): a recurring item's price is its first full-period line; a discount
 * running into later invoices is the renewal's own discount line, and the price
 * after it ends is the renewal without it. Dates are ISO days; the widget shows
 * them in medium style.
 */
import type { BillingRenewalTerm } from '../entities/billing-terms.ts';
import type { DiscountCoupon, Plan } from '../entities/catalog.ts';
import { resolveAddOnTerm } from './add-on-rules.ts';
import type { AddOnSelection, ChargeSummary, InvoiceDisplayItem } from './charge-summary.types.ts';
import { couponWindow } from './coupon.ts';
import { dayToIso, periodContaining, toDay, type DayNumber } from './days.ts';
import { trialEndDay } from './new-subscription-summary.ts';
import { usageItems } from './order-summary.ts';

export interface WhatFollowsInput {
  /** Today's charge summary and the first renewal's (null when nothing renews). */
  now: ChargeSummary;
  renewal: ChargeSummary | null;
  plan: Plan;
  term: BillingRenewalTerm;
  quantity: number;
  addOns: readonly AddOnSelection[];
  /** The coupon being redeemed today, when its details are known. */
  coupon: DiscountCoupon | null;
  /** The clock: the coupon is redeemed today. */
  clock: Date;
}

/** One sentence of what follows; the widget words it (`billing.follows.<key>`). Amounts in minor units. */
export type FollowingSentence =
  /** "Your free trial ends on {date}." */
  | { key: 'trialEnds'; date: string }
  /** "Then {amount} per {per} from {from}." (`names` when the subscription renews on several terms) */
  | { key: 'then'; amount: number; per: BillingRenewalTerm; from: string; names: string[]; beforeDiscount: boolean }
  /** "Then {amount} per {per} until {until} with the discount, and {fullAmount} per {per} from {until}." */
  | { key: 'thenUntil'; amount: number; per: BillingRenewalTerm; until: string; fullAmount: number; names: string[] }
  /** "Plus {amount} per {per} from {from} for {names}." (a part renewing on another term) */
  | { key: 'plus'; amount: number; per: BillingRenewalTerm; from: string; names: string[]; beforeDiscount: boolean }
  /** "Then {amount} once on {on}." (a one-time charge after the trial) */
  | { key: 'thenOnce'; amount: number; on: string }
  /** "{name} is billed by use: {unitAmount} per {unit}, each {per}." */
  | { key: 'usage'; name: string; unitAmount: number; unit: string | null; per: BillingRenewalTerm }
  /** "Nothing more is charged after today." */
  | { key: 'nothingRenews' }
  /** "Free: nothing is charged now or later." */
  | { key: 'staysFree' };

interface Group {
  per: BillingRenewalTerm;
  from: DayNumber;
  amount: number;
  names: string[];
  /** The lines priced by the renewal invoice (its discount applies to them). */
  fromRenewal: boolean;
}

const isCharge = (l: InvoiceDisplayItem) => l.LineItemType === 1 || l.LineItemType === 3;

function itemTerm(input: WhatFollowsInput, line: InvoiceDisplayItem): BillingRenewalTerm {
  if (line.LineItemType === 1) return input.term;
  const sel = input.addOns.find((a) => a.addOn.Uid === line.LineItemEntityUid);
  return sel ? resolveAddOnTerm(sel.addOn, input.term, sel.term) : input.term;
}

function nameOf(input: WhatFollowsInput, line: InvoiceDisplayItem): string {
  return line.LineItemType === 1 ? input.plan.Name : line.Description;
}

/** The recurring parts grouped by term, each from its first renewal, and the one-time charges after a trial. */
function recurringGroups(input: WhatFollowsInput, trialEnd: DayNumber | null): { groups: Group[]; once: number } {
  const groups = new Map<BillingRenewalTerm, Group>();
  const seen = new Set<string>();
  let once = 0;
  const add = (line: InvoiceDisplayItem, from: DayNumber, fromRenewal: boolean) => {
    const per = itemTerm(input, line);
    const g = groups.get(per) ?? { per, from, amount: 0, names: [], fromRenewal };
    g.from = Math.min(g.from, from);
    g.amount += line.Total;
    g.fromRenewal &&= fromRenewal;
    const name = nameOf(input, line);
    if (!g.names.includes(name)) g.names.push(name);
    groups.set(per, g);
  };
  for (const line of input.renewal?.InvoiceDisplayItems ?? []) {
    if (!isCharge(line)) continue;
    if (line.EndDate === null) {
      once += line.Total;
      continue;
    }
    seen.add(`${line.LineItemType}:${line.LineItemEntityUid}`);
    add(line, toDay(input.renewal!.InvoiceDate), true);
  }
  // Parts on a longer term than the first renewal's renew at the end of their first period.
  if (trialEnd === null) {
    for (const line of input.now.InvoiceDisplayItems) {
      if (!isCharge(line) || line.EndDate === null || seen.has(`${line.LineItemType}:${line.LineItemEntityUid}`)) continue;
      add(line, toDay(line.EndDate), false);
    }
  }
  const order: BillingRenewalTerm[] = ['Monthly', 'Quarterly', 'Yearly', 'OneTime'];
  return { groups: [...groups.values()].sort((a, b) => a.from - b.from || order.indexOf(a.per) - order.indexOf(b.per)), once };
}

/** The sentences of what follows today's payment, in reading order. */
export function whatFollows(input: WhatFollowsInput): FollowingSentence[] {
  const out: FollowingSentence[] = [];
  const start = toDay(input.now.InvoiceDate);
  const trialEnd = trialEndDay(input.plan, start);
  if (trialEnd !== null) out.push({ key: 'trialEnds', date: dayToIso(trialEnd) });

  const { groups, once } = recurringGroups(input, trialEnd);
  const renewalDiscount = (input.renewal?.InvoiceDisplayItems ?? []).filter((l) => l.LineItemType === 5).reduce((s, l) => s + l.Total, 0);
  const window = input.coupon ? couponWindow({ coupon: input.coupon }, input.plan.Uid, input.clock) : null;
  const anchor = trialEnd ?? start;
  // Does the coupon still discount an invoice dated `day` (today's invoice being the first)?
  const discounted = (day: DayNumber) => !!window && window.usable && !window.once && day <= window.lastDay;

  const single = groups.length === 1 && groups[0]!.fromRenewal && once === 0;
  groups.forEach((g, n) => {
    const key = n === 0 ? 'then' : 'plus';
    const from = dayToIso(g.from);
    if (single && renewalDiscount !== 0) {
      // One term, priced exactly by the renewal: its discount is the renewal's own line.
      const ends = window && Number.isFinite(window.lastDay) ? periodContaining(anchor, g.per, window.lastDay).end : null;
      if (ends !== null && g.per !== 'OneTime' && ends > g.from) {
        out.push({ key: 'thenUntil', amount: g.amount + renewalDiscount, per: g.per, until: dayToIso(ends), fullAmount: g.amount, names: [] });
      } else {
        out.push({ key, amount: g.amount + renewalDiscount, per: g.per, from, names: [], beforeDiscount: false });
      }
      return;
    }
    out.push({ key, amount: g.amount, per: g.per, from, names: groups.length > 1 ? g.names : [], beforeDiscount: discounted(g.from) });
  });
  if (once > 0 && input.renewal) out.push({ key: 'thenOnce', amount: once, on: input.renewal.InvoiceDate });

  const usage = usageItems(input);
  for (const u of usage) out.push({ key: 'usage', name: u.name, unitAmount: u.unitAmount, unit: u.unit, per: u.per });

  const future = out.filter((s) => s.key === 'then' || s.key === 'thenUntil' || s.key === 'plus' || s.key === 'thenOnce');
  const charged = future.some((s) => ('amount' in s && s.amount > 0) || ('fullAmount' in s && s.fullAmount > 0));
  if (!charged && usage.length === 0) {
    const kept = out.filter((s) => s.key === 'trialEnds');
    return input.now.Total === 0 ? [...kept, { key: 'staysFree' }] : [...kept, { key: 'nothingRenews' }];
  }
  return out;
}
