import { useId } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { ChargeSummary, DueLabel } from '@portico/core/billing/index';
import { billingSheetRef } from './setup.ts';
import { formatAmount, formatDate } from './format.ts';
import { dueLabelText, invoiceTable } from './invoice-preview-logic.ts';

export interface InvoicePreviewProps {
  now: ChargeSummary;
  renewal: ChargeSummary | null;
  due: DueLabel;
  currency: string;
  /** A recompute is under way (announced politely). */
  busy?: boolean;
}

/** Invoice preview: the line items of the due-now summary, the total with core's due label, and the renewal summary. */
export function InvoicePreview({ now, renewal, due, currency, busy }: InvoicePreviewProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const captionId = useId();
  const { rows, showTax, inclusive } = invoiceTable(now);
  const money = (minor: number) => formatAmount(minor, currency, locale);
  const dueText = dueLabelText(due);
  const period = (start: string | null, end: string | null) =>
    start && end
      ? t('billing.invoice.range', { start: formatDate(start, locale), end: formatDate(end, locale) })
      : start ? formatDate(start, locale) : null;
  return (
    <div ref={billingSheetRef} className="p-bill-section" aria-busy={busy || undefined}>
      <table className="p-invoice" aria-describedby={captionId}>
        <caption>{t('billing.invoice.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('billing.invoice.item')}</th>
            {showTax && <th scope="col" className="p-num">{t('billing.invoice.amount')}</th>}
            {showTax && <th scope="col" className="p-num">{t('billing.invoice.tax')}</th>}
            <th scope="col" className="p-num">{t('billing.invoice.total')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && (
            <tr>
              <td colSpan={showTax ? 4 : 2} className="p-muted">{t('billing.invoice.empty')}</td>
            </tr>
          )}
          {rows.map((r) => {
            const p = period(r.start, r.end);
            return (
              <tr key={r.key}>
                <th scope="row">
                  {r.description}
                  {p && <span className="p-invoice-period">{p}</span>}
                </th>
                {showTax && <td className="p-num">{money(r.amount)}</td>}
                {showTax && <td className="p-num">{money(r.tax)}</td>}
                <td className="p-num">{money(r.total)}</td>
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={showTax ? 3 : 1}>{t('billing.invoice.total')}</th>
            <td className="p-num">{money(now.Total)}</td>
          </tr>
        </tfoot>
      </table>
      <div id={captionId}>
        <p className="p-due">
          <span>{t(dueText.key, dueText.date ? { date: formatDate(dueText.date, locale) } : {})}</span>
          <span className="p-due-amount">{money(due === 'dueAtRenewal' && renewal ? renewal.Total : now.Total)}</span>
        </p>
        {renewal && due !== 'dueNowAndAtRenewal' && (
          <p className="p-help">{t('billing.invoice.renewal', { amount: money(renewal.Total), date: formatDate(renewal.InvoiceDate, locale) })}</p>
        )}
        {inclusive && <p className="p-help">{t('billing.invoice.taxIncluded')}</p>}
      </div>
      <p className="p-invoice-busy" role="status">{busy ? t('billing.invoice.updating') : ''}</p>
    </div>
  );
}
