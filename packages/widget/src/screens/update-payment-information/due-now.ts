import { toMinor } from '@portico/core';
import type { Invoice } from '../billing/billing-calls.ts';

/** What saving a card collects at once: the account's Open invoices (the server claims a charge attempt for each, docs/billing.md "Collection and dunning"). */
export interface DueNow {
  count: number;
  amountMinor: number;
  currency: string;
  /** The invoice's number when there is one. */
  invoiceNumber: number;
}

/** The Open invoices among the newest page (an account in dunning has its open renewal there); null when none is due. */
export function dueNow(items: readonly Invoice[]): DueNow | null {
  const open = items.filter((i) => i.BillingInvoiceStatus === 'Open' && i.Amount > 0);
  if (open.length === 0) return null;
  const currency = open[0]!.Currency;
  const same = open.filter((i) => i.Currency === currency);
  return { count: same.length, amountMinor: same.reduce((n, i) => n + toMinor(i.Amount, currency), 0), currency, invoiceNumber: same[0]!.InvoiceNumber };
}
