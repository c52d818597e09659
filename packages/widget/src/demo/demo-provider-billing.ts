import { ErrorCode } from '@portico/core';
import type { DemoPersonaName } from '../shared/personas.ts';
import type { Operation, ResponseBody } from '../api/api-types.ts';
import { DEMO_PERSONA_DATA } from './personas.ts';
import { DEMO_PLANS } from './demo-settings.ts';
import { DemoRefusal } from './demo-transport.ts';

type Invoices = ResponseBody<Operation<'get', '/api/v1/profile/account/stripe/invoices'>>;
type Subscriptions = ResponseBody<Operation<'get', '/api/v1/profile/account/stripe/subscriptions'>>;

const INVOICES = 5;

/** The persona's plan as the provider bills it: its rate for the persona's term. */
function planOf(name: DemoPersonaName) {
  const { person, account } = DEMO_PERSONA_DATA[name];
  if (!person || !account) throw new DemoRefusal(401, ErrorCode.Unauthorized);
  const plan = DEMO_PLANS.find((p) => p.Uid === account.planUid);
  const price = (account.term === 'Yearly' ? plan?.AnnualRate : plan?.MonthlyRate) ?? 0;
  return { person, account, name: plan?.Name ?? account.planUid, price, interval: account.term === 'Yearly' ? 'year' : 'month' };
}

/** Whole months back from `now` (the provider's periods), at noon UTC. */
function monthsBack(now: Date, n: number): Date {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), Math.min(now.getUTCDate(), 28), 12));
  d.setUTCMonth(d.getUTCMonth() - n);
  return d;
}

/** The provider's invoices of the demo persona: one a month for five months, the newest first, 3 a page like a server. */
export function demoProviderInvoices(name: DemoPersonaName, query: { limit?: number | undefined; startingAfter?: string | undefined }, now: Date): Invoices {
  const { person, price } = planOf(name);
  const all = Array.from({ length: INVOICES }, (_, n) => ({
    Uid: `in_demo_${person.Uid}_${n}`, Currency: 'USD', Total: price, CurrencyTotal: `$${price.toFixed(2)}`,
    Status: 'paid' as const, PeriodStart: monthsBack(now, n).toISOString(), InvoicePdf: null,
  }));
  const limit = query.limit ?? 3;
  const from = query.startingAfter ? all.findIndex((i) => i.Uid === query.startingAfter) + 1 : 0;
  return { metadata: { limit, hasMore: from + limit < all.length }, items: all.slice(from, from + limit) };
}

/** The persona's one subscription at the provider; a cancelling account's ends at the period's end. */
export function demoProviderSubscriptions(name: DemoPersonaName, now: Date): Subscriptions {
  const { person, account, name: product, price, interval } = planOf(name);
  const periodEnd = monthsBack(now, -1);
  const cancelling = account.AccountStage === 'Cancelling' || account.AccountStage === 'CancellingTrial';
  return {
    items: [{
      Uid: `sub_demo_${person.Uid}`, Status: 'active', StartDate: monthsBack(now, INVOICES - 1).toISOString(),
      EndDate: null, CurrentPeriodEnd: periodEnd.toISOString(), CancelAt: cancelling ? periodEnd.toISOString() : null,
      Items: [{ Product: { Name: product }, Price: { UnitAmount: price, Currency: 'USD', Interval: interval }, Quantity: account.quantity }],
    }],
  };
}
