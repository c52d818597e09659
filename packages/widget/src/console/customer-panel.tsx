import { useEffect, useState } from 'react';
import type { ApiClient } from '../api/http.ts';
import type { Operation, ResponseBody } from '../api/api-types.ts';
import { formatAmount } from '../components/billing/format.ts';
import { formatMediumDate } from '../i18n/format-date.ts';
import { useTranslation } from '../i18n/use-translation.ts';

type Customer = ResponseBody<Operation<'get', '/api/v1/console/cases/{uid}/customer'>>;

/**
 * Beside every conversation (issue 20): the customer as Portico knows them — person, accounts with plan
 * and status, the last invoices with their PDFs (five-minute download links the server made), and their
 * past conversations and cases, each of which opens in the console.
 */
export function CustomerPanel({ api, caseUid, onOpen }: { api: ApiClient; caseUid: string; onOpen: (uid: string) => void }) {
  const { t, i18n } = useTranslation();
  const [customer, setCustomer] = useState<Customer | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    setCustomer(null);
    api.request('get', '/api/v1/console/cases/{uid}/customer', { path: { uid: caseUid }, signal: abort.signal }).then(setCustomer, () => undefined);
    return () => abort.abort();
  }, [api, caseUid]);

  return (
    <aside className="c-customer" aria-labelledby="c-customer-heading" aria-busy={customer ? undefined : 'true'}>
      <h2 id="c-customer-heading" className="c-panel-title">{t('console.customer.heading')}</h2>
      {customer && !customer.Person && <p className="p-muted">{t('console.customer.unknown')}</p>}
      {customer?.Person && (
        <section className="c-block" aria-label={t('console.customer.person')}>
          <p className="c-strong">{[customer.Person.FirstName, customer.Person.LastName].filter(Boolean).join(' ') || customer.Person.Email}</p>
          <p className="p-muted p-small">{customer.Person.Email}</p>
        </section>
      )}
      {customer?.Accounts.map((a) => (
        <section key={a.Uid} className="c-block" aria-label={t('console.customer.account', { name: a.Name ?? '' })}>
          <h3 className="c-block-title">{t('console.customer.account', { name: a.Name ?? '' })}{a.IsPrimary ? ` (${t('console.customer.primary')})` : ''}</h3>
          <dl className="c-facts">
            <dt>{t('console.customer.plan')}</dt>
            <dd>{a.Subscription ? `${a.Subscription.PlanName} · ${t(`console.customer.status_${a.Subscription.Status}`)}` : t('console.customer.noPlan')}</dd>
          </dl>
          <h4 className="c-block-sub">{t('console.customer.invoices')}</h4>
          {a.Invoices.length === 0 ? <p className="p-muted p-small">{t('console.customer.noInvoices')}</p> : (
            <ul className="c-invoices">
              {a.Invoices.map((inv) => (
                <li key={inv.Uid}>
                  <span>{t('console.customer.invoice', { number: inv.Number })} · {formatMediumDate(inv.Date, i18n.language)} · {formatAmount(inv.Total.Amount, inv.Total.Currency, i18n.language)} · {inv.Status}</span>
                  {' '}<a className="p-link" href={inv.PdfUrl} target="_blank" rel="noopener noreferrer" aria-label={t('console.customer.invoicePdf', { number: inv.Number })}>PDF</a>
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
      {customer && (
        <section className="c-block" aria-labelledby="c-past-heading">
          <h3 id="c-past-heading" className="c-block-title">{t('console.customer.past')}</h3>
          {customer.PastCases.filter((c) => c.Uid !== caseUid).length === 0 ? <p className="p-muted p-small">{t('console.customer.noPast')}</p> : (
            <ul className="c-past">
              {customer.PastCases.filter((c) => c.Uid !== caseUid).map((c) => (
                <li key={c.Uid}><button type="button" className="p-link" onClick={() => onOpen(c.Uid)}>#{c.Number} {c.Subject}</button> <span className="p-muted p-small">{formatMediumDate(c.Created, i18n.language)} · {c.Status}</span></li>
              ))}
            </ul>
          )}
        </section>
      )}
    </aside>
  );
}
