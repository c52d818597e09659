import { useId } from 'react';
import { getI18n } from '../../app/i18n.ts';
import { addLazySheet } from '../../app/styles/stylesheets.ts';
import { formatAmount, formatDate } from '../../components/billing/format.ts';
import { readReceiptFacts } from '../../flow/receipt-facts.ts';
import { registerLazyStrings } from '../../i18n/register-lazy-strings.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { enReceipt } from './en-receipt.ts';
import { receiptView } from './payment-receipt-logic.ts';
import receiptCss from './payment-receipt.css?inline';

registerLazyStrings(getI18n(), 'receipt', enReceipt);

function receiptSheetRef(el: HTMLElement | null): void {
  const root = el?.getRootNode();
  if (root && root instanceof ShadowRoot) addLazySheet(root, 'receipt', receiptCss);
}

/**
 * The payment summary of a paid sign-up on registerConfirmation: what was charged today, the plan
 * and its term, the card, the invoice, and what follows and when (payment-receipt-logic.ts words it).
 */
export function PaymentReceipt({ receipt: raw }: { receipt: object }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const locale = i18n.language;
  // The `receipt` param checked in full here (a host page may pass params too): nothing shows unless every part has its shape.
  const receipt = readReceiptFacts(raw);
  if (!receipt) return null;
  const view = receiptView(receipt, { t, money: (minor) => formatAmount(minor, receipt.currency, locale), date: (iso) => formatDate(iso, locale) });
  return (
    <section ref={receiptSheetRef} className="p-receipt" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('receipt.heading')}</h3>
      <dl>
        {view.rows.map((row) => (
          <div key={row.key} className={`p-receipt-row p-receipt-${row.key}`}>
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
      {view.note && <p className="p-muted">{view.note}</p>}
    </section>
  );
}
