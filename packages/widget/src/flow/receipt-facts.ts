import { BILLING_RENEWAL_TERMS } from '@portico/core';
import type { BillingRenewalTerm } from '@portico/core';

/**
 * What a sign-up paid and what follows, as registerConfirmation states it (issue 13 section 3 item 4):
 * read from the registration's answer where the sign-up ends (checkout, register, processing) and
 * carried to the confirmation as its `receipt` param. Amounts in minor units, dates as ISO days.
 */
export interface ReceiptFacts {
  plan: string;
  term: BillingRenewalTerm;
  currency: string;
  /** The sign-up's invoice: its number, total, what was charged of it, its tax and discount; null when nothing was billed today (a trial, a free plan). */
  invoice: { number: number; total: number; paid: number; tax: number; discount: number } | null;
  /** The card given at sign-up ('Visa', '4242'); null when none was. */
  card: { brand: string | null; last4: string | null } | null;
  /** The first renewal; null when nothing renews. */
  next: { date: string; amount: number; endsTrial: boolean; automatic: boolean } | null;
}

type Raw = Record<string, unknown>;
const obj = (v: unknown): v is Raw => typeof v === 'object' && v !== null;
const int = (v: unknown): v is number => Number.isSafeInteger(v);
const str = (v: unknown): v is string => typeof v === 'string';
const strOrNull = (v: unknown) => v === null || str(v);

/** The `receipt` param checked (a host page may pass params too): undefined unless every part has its shape. */
export function readReceiptFacts(v: unknown): ReceiptFacts | undefined {
  if (!obj(v) || !str(v.plan) || !str(v.currency) || !(BILLING_RENEWAL_TERMS as readonly unknown[]).includes(v.term)) return undefined;
  const { invoice: i, card: c, next: n } = v;
  const ok = (i === null || (obj(i) && int(i.number) && int(i.total) && int(i.paid) && int(i.tax) && int(i.discount)))
    && (c === null || (obj(c) && strOrNull(c.brand) && strOrNull(c.last4)))
    && (n === null || (obj(n) && str(n.date) && int(n.amount) && typeof n.endsTrial === 'boolean' && typeof n.automatic === 'boolean'));
  return ok ? v as unknown as ReceiptFacts : undefined;
}
