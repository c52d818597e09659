import { ErrorCode } from '@portico/core';
import { addMonths, dayToIso, toDay } from '@portico/core/billing/index';
import type { DemoPersonaName } from '../shared/personas.ts';
import { DEMO_PERSONA_DATA } from './personas.ts';
import { DemoRefusal } from './demo-transport.ts';

/**
 * Native billing in demo mode (issue 16): each persona with a paid plan has five monthly invoices
 * and a Visa ending in 4242; nothing is downloaded or removed (the only card of a paying plan is
 * refused as the server refuses it; a PDF needs the server).
 */
const PRICES: Record<string, number> = { 'plan-free': 0, 'plan-team': 990, 'plan-pro': 79 };

/** Months between two invoices of the persona's term. */
const STEP: Record<string, number> = { Monthly: 1, Quarterly: 3, Yearly: 12 };

function accountOf(persona: DemoPersonaName) {
  const { account } = DEMO_PERSONA_DATA[persona];
  if (!account) throw new DemoRefusal(401, ErrorCode.Unauthorized);
  return account;
}

export function demoInvoices(persona: DemoPersonaName, query: { limit?: unknown; offset?: unknown }, now: Date) {
  const account = accountOf(persona);
  const price = PRICES[account.planUid] ?? 0;
  const today = toDay(now);
  const all = price === 0 ? [] : [0, 1, 2, 3, 4].map((i) => ({
    Uid: `demo-invoice-${i}`, InvoiceNumber: 1040 - i, InvoiceDate: dayToIso(addMonths(today, -(i + 1) * (STEP[account.term] ?? 1))),
    BillingInvoiceStatus: 'Paid' as const, Amount: price, Currency: 'USD',
  }));
  const limit = Number(query.limit ?? 3);
  const offset = Number(query.offset ?? 0);
  return { metadata: { limit, offset, total: all.length }, items: all.slice(offset, offset + limit) };
}

export function demoNextPayment(persona: DemoPersonaName, now: Date) {
  const account = accountOf(persona);
  const price = PRICES[account.planUid] ?? 0;
  return { NextPayment: price === 0 ? null : { Total: price, InvoiceDate: dayToIso(addMonths(toDay(now), STEP[account.term] ?? 1)), Currency: 'USD' } };
}

/** The card's tokens as the server answers them (an 'Authenticate your payment' confirms with PaymentToken; the plan change's demoSavedCard has the same). */
export function demoPaymentInformation(persona: DemoPersonaName, now: Date) {
  const account = accountOf(persona);
  const items = (PRICES[account.planUid] ?? 0) === 0 ? [] : [{
    Uid: 'demo-card', Updated: now.toISOString(), LatestFailureDateTime: null, PaymentMethodType: 'card', CardType: 'visa', LastFourDigits: '4242',
    ExpirationMonth: 12, ExpirationYear: 2034, BankName: null, BankAccountType: null, NameOnCard: null, PaymentToken: 'pm_demo_4242', CustomerToken: 'cus_demo', Gateway: 'sandbox',
  }];
  return { metadata: { limit: 100, offset: 0, total: items.length }, items };
}

export function demoRemoveCard(persona: DemoPersonaName): never {
  accountOf(persona);
  throw new DemoRefusal(409, ErrorCode.PaymentInformationInUse);
}

export function demoInvoiceDownload(persona: DemoPersonaName): never {
  accountOf(persona);
  throw new DemoRefusal(409, ErrorCode.Conflict);
}
