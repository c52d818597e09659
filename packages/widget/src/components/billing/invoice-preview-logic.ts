import type { DueLabel } from '@portico/core/billing/index';
import type { ChargeSummary } from '@portico/core/billing/index';

/** i18n key and values of core's due label. */
export function dueLabelText(label: DueLabel): { key: string; date?: string } {
  if (typeof label === 'object') return { key: 'billing.invoice.dueOn', date: label.date };
  return { key: `billing.invoice.${label}` };
}

export interface InvoiceRow {
  key: string;
  description: string;
  start: string | null;
  end: string | null;
  amount: number;
  tax: number;
  total: number;
}

/** Table rows of a charge summary; the Tax column shows only when some line carries tax. */
export function invoiceTable(summary: ChargeSummary): { rows: InvoiceRow[]; showTax: boolean; inclusive: boolean } {
  const rows = summary.InvoiceDisplayItems.map((i, n) => ({
    key: `${n}-${i.LineItemType}-${i.LineItemEntityUid ?? ''}`,
    description: i.Description,
    start: i.StartDate,
    end: i.EndDate,
    amount: i.Amount,
    tax: i.Tax,
    total: i.Total,
  }));
  const showTax = rows.some((r) => r.tax !== 0);
  return { rows, showTax, inclusive: showTax && summary.TaxBehavior === 'inclusive' };
}
