import { taxIdText, taxIdTypesOrDefault } from '@portico/core/geo/tax-id-types';
import type { InvoiceDisplayItem } from '@portico/core/billing/index';
import type { CompanyConfig } from '../config/company-config.schema.ts';
import type { StoredAddress } from '../accounts/accounts.repository.ts';
import type { StoredInvoice } from '../billing/invoices.repository.ts';
import type { Repositories } from '../unit-of-work.ts';
import { pdfDate, type InvoiceDocument } from './invoice-pdf.ts';

const DISCOUNT = 5;

/** An address as the lines of a letter: street lines, 'City, State Postal', country. */
export function addressLines(a: StoredAddress | null): string[] {
  if (!a) return [];
  const cityLine = [[a.city, a.state].filter(Boolean).join(', '), a.postalCode].filter(Boolean).join(' ');
  return [a.addressLine1, a.addressLine2, a.addressLine3, cityLine, a.country].filter((l): l is string => !!l && l.trim() !== '');
}

/**
 * A line as quantity × unit price. The stored lines are core's InvoiceDisplayItems (amounts, no
 * quantity), so the quantity is the subscription's for that plan or add-on when the amount divides
 * by it exactly (a per-seat plan's full period); a prorated or flat line is 1 × its amount, which
 * is what was charged. Never a price that does not multiply back to the billed amount.
 */
export function lineQuantity(amount: number, quantity: number | undefined): { quantity: number; unitPrice: number } {
  if (quantity && quantity > 1 && amount % quantity === 0) return { quantity, unitPrice: amount / quantity };
  return { quantity: 1, unitPrice: amount };
}

/** Everything the PDF of `invoice` states, read from the account, its subscription and the company config. */
export async function invoiceDocument(repos: Repositories, config: CompanyConfig, invoice: StoredInvoice): Promise<InvoiceDocument> {
  const [account, taxIds, subscription] = await Promise.all([
    repos.accounts.get(invoice.accountUid), repos.accounts.taxIds(invoice.accountUid),
    invoice.subscriptionUid ? repos.subscriptions.get(invoice.subscriptionUid) : Promise.resolve(null),
  ]);
  const quantities = new Map<string, number>();
  if (subscription) {
    quantities.set(subscription.planUid, subscription.quantity);
    for (const a of subscription.addOns) quantities.set(a.addOnUid, a.quantity);
  }
  const items = invoice.lines as InvoiceDisplayItem[];
  const types = taxIdTypesOrDefault(config.billing.taxIdTypes);
  const inclusive = invoice.taxBehavior === 'inclusive';
  // The lines' own amounts: before tax (exclusive) or the price with its tax inside (inclusive), as the widget shows them.
  const charges = items.filter((l) => l.LineItemType !== DISCOUNT);
  return {
    company: { name: config.company.name, addressLines: config.company.address ?? [] },
    customer: {
      name: account?.name ?? '',
      addressLines: addressLines(account?.billingAddress ?? null),
      taxIds: taxIds.map((t) => taxIdText(t, types)).filter(Boolean),
    },
    invoiceNumber: invoice.invoiceNumber,
    invoiceDate: invoice.invoiceDate.toISOString().slice(0, 10),
    status: invoice.status,
    paidDate: invoice.paidAt ? invoice.paidAt.toISOString().slice(0, 10) : null,
    currency: invoice.currency,
    taxBehavior: inclusive ? 'inclusive' : 'exclusive',
    lines: charges.map((l) => ({
      description: l.Description,
      period: l.StartDate && l.EndDate ? `${pdfDate(l.StartDate)} to ${pdfDate(l.EndDate)}` : null,
      amount: l.Amount,
      ...lineQuantity(l.Amount, l.LineItemEntityUid ? quantities.get(l.LineItemEntityUid) : undefined),
    })),
    discount: -items.filter((l) => l.LineItemType === DISCOUNT).reduce((n, l) => n + l.Amount, 0),
    subtotal: charges.reduce((n, l) => n + l.Amount, 0),
    tax: items.reduce((n, l) => n + l.Tax, 0),
    total: invoice.total,
    amountPaid: invoice.amountPaid,
  };
}
