import './setup.ts';
import { useState } from 'react';
import { toMinor } from '@portico/core';
import { useWidget } from '../../app/context.ts';
import { problemErrors } from '../../api/api-problem.ts';
import { useApi, useApiQuery } from '../../api/use-api-query.ts';
import { formatAmount } from '../../components/billing/format.ts';
import { ErrorList } from '../../components/error-list.tsx';
import { ScreenHeading } from '../../components/screen-heading.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useAction } from '../../components/use-action.ts';
import { formatMediumDate } from '../../i18n/format-date.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useSession } from '../../session/use-session.ts';
import { STATE_TABLE, type ScreenProps } from '../../states.ts';
import { billingKey, fetchInvoices, fetchNextPayment, fetchPaymentInformation, invoicePdfUrl, type Invoice } from './billing-calls.ts';
import { PaymentInformationBlock } from './payment-information-block.tsx';

/**
 * Native billing (spec 2 section 2): 'Next payment' (the renewal summary: amount and date), the
 * payment information (update / remove), the Discount block (the subscription's current coupons),
 * the invoices 3 at a time with 'View more', each with its PDF, 'Edit recipients' and 'Cancel
 * subscription' (planCancel, once that screen is built).
 */
export function NativeBilling(_props: ScreenProps<'billing'>) {
  const { t, i18n } = useTranslation();
  const { actions } = useWidget();
  const { claims } = useSession();
  const accountUid = claims?.accountUid ?? null;
  const owner = claims?.isPrimary ?? false;
  const next = useApiQuery(billingKey(accountUid, 'next'), (api) => fetchNextPayment(api));
  const method = useApiQuery(billingKey(accountUid, 'method'), (api) => (accountUid ? fetchPaymentInformation(api, accountUid) : Promise.resolve(null)));
  // 'View more' adds the next 3 under those shown (spec 2 section 9: invoices load 3 at a time).
  const [extra, setExtra] = useState<Invoice[]>([]);
  // While an invoice is unpaid its status can change behind the screen (a charge running after a card was saved, a
  // retry): each opening reads the list again instead of showing the cached one.
  const [watchOpen, setWatchOpen] = useState(false);
  const first = useApiQuery(billingKey(accountUid, 'invoices:0'), (api) => fetchInvoices(api, 0), watchOpen ? { maxAgeMs: 0 } : {});
  const anyOpen = first.data?.items.some((i) => i.BillingInvoiceStatus === 'Open') ?? false;
  if (anyOpen !== watchOpen) setWatchOpen(anyOpen);
  const api = useApi();
  const list = [...(first.data?.items ?? []), ...extra];
  const more = useAction(async () => {
    const page = await fetchInvoices(api, list.length);
    setExtra((shown) => [...shown, ...page.items]);
  });
  const total = first.data?.metadata.total ?? 0;
  const lang = i18n.language;
  const problems = [next.problem, method.problem, first.problem].filter((p) => p !== null && p !== undefined);

  return (
    <div className="p-billing">
      <ScreenHeading>{t('states.billing')}</ScreenHeading>
      {problems.map((p, i) => <ErrorList key={i} errors={problemErrors(p!)} />)}
      {(!next.data || !first.data) && !problems.length && <Spinner />}
      {next.data && (
        <section aria-labelledby="p-billing-next" className="p-billing-block" style={{ marginTop: 20 }}>
          <h3 id="p-billing-next" className="p-group-label">{t('billingScreen.nextPayment.heading')}</h3>
          <p className="p-lead" style={{ margin: 0 }}>
            {next.data.NextPayment && next.data.NextPayment.Total === 0
              ? t('billingScreen.nextPayment.free', { date: formatMediumDate(next.data.NextPayment.InvoiceDate, lang) })
              : next.data.NextPayment
              ? t('billingScreen.nextPayment.amountOn', {
                amount: formatAmount(toMinor(next.data.NextPayment.Total, next.data.NextPayment.Currency), next.data.NextPayment.Currency, lang),
                date: formatMediumDate(next.data.NextPayment.InvoiceDate, lang),
              })
              : t('billingScreen.nextPayment.none')}
          </p>
        </section>
      )}
      {method.data !== undefined && <PaymentInformationBlock method={method.data} owner={owner} accountUid={accountUid} onSaved={() => { method.refetch(); next.refetch(); }} />}
      <Discounts />
      {first.data && (
        <section aria-labelledby="p-billing-invoices" className="p-billing-block" style={{ marginTop: 20 }}>
          <h3 id="p-billing-invoices" className="p-group-label">{t('billingScreen.invoices.heading')}</h3>
          {list.length === 0
            ? <p className="p-muted">{t('billingScreen.invoices.none')}</p>
            : (
              <ul className="p-groups" aria-label={t('billingScreen.invoices.heading')}>
                {list.map((inv) => <InvoiceRow key={inv.Uid} invoice={inv} owner={owner} />)}
              </ul>
            )}
          {more.errors.length > 0 && <ErrorList errors={more.errors} />}
          <div className="p-form-actions" style={{ marginTop: 12, gap: 16, flexWrap: 'wrap' }}>
            {list.length < total && (
              <button type="button" className="p-btn p-btn-secondary" aria-busy={more.busy || undefined} disabled={more.busy} onClick={() => void more.run()}>
                {t('billingScreen.invoices.viewMore')}
              </button>
            )}
            {owner && (
              <button type="button" className="p-link" onClick={() => actions.goTo('billingInvoiceRecipients')}>{t('billingScreen.invoices.editRecipients')}</button>
            )}
          </div>
        </section>
      )}
      {owner && STATE_TABLE.planCancel.built && (
        <p style={{ marginTop: 24 }}>
          <button type="button" className="p-link" onClick={() => actions.goTo('planCancel')}>{t('billingScreen.cancel')}</button>
        </p>
      )}
    </div>
  );
}

/** The current coupons of the subscription in force (CurrentDiscountCouponSubscriptions). */
function Discounts() {
  const { t, i18n } = useTranslation();
  const { claims } = useSession();
  const accountUid = claims?.accountUid ?? null;
  const subs = useApiQuery(billingKey(accountUid, 'subscription'), (api) => (accountUid
    ? api.request('get', '/api/v1/billing/subscriptions', { query: { 'Account.Uid': accountUid, current: 'true', limit: 1 } })
    : Promise.resolve(null)));
  const coupons = subs.data?.items[0]?.CurrentDiscountCouponSubscriptions ?? [];
  if (coupons.length === 0) return null;
  return (
    <section aria-labelledby="p-billing-discount" className="p-billing-block" style={{ marginTop: 20 }}>
      <h3 id="p-billing-discount" className="p-group-label">{t('billingScreen.discount.heading')}</h3>
      {coupons.map((c) => (
        <p key={c.Uid} className="p-lead" style={{ margin: 0 }}>
          {c.ExpireDate
            ? t('billingScreen.discount.until', { code: c.DiscountCoupon.Name || c.DiscountCoupon.UniqueIdentifier, date: formatMediumDate(c.ExpireDate, i18n.language) })
            : c.DiscountCoupon.Name || c.DiscountCoupon.UniqueIdentifier}
        </p>
      ))}
    </section>
  );
}

function InvoiceRow({ invoice, owner }: { invoice: Invoice; owner: boolean }) {
  const { t, i18n } = useTranslation();
  const { runtime, actions } = useWidget();
  const api = useApi();
  const download = useAction(async () => {
    const url = await invoicePdfUrl(api, invoice.Uid, runtime.config.server);
    const a = document.createElement('a');
    a.href = url;
    a.rel = 'noopener';
    a.download = `invoice-${invoice.InvoiceNumber}.pdf`;
    document.body.append(a);
    a.click();
    a.remove();
  });
  return (
    <li className="p-group" style={{ flexWrap: 'wrap' }}>
      <div>
        <div className="p-group-value">{t('billingScreen.invoices.number', { number: invoice.InvoiceNumber })}</div>
        <div className="p-muted" style={{ fontSize: 13 }}>
          {formatMediumDate(invoice.InvoiceDate, i18n.language)} · {t(`billingScreen.invoices.status.${invoice.BillingInvoiceStatus}`)}
        </div>
        {download.errors.length > 0 && <ErrorList errors={download.errors} />}
      </div>
      <div className="p-row-actions">
        <span className="p-group-value">{formatAmount(toMinor(invoice.Amount, invoice.Currency), invoice.Currency, i18n.language)}</span>
        {/* The owner pays an unpaid invoice with a card: updatePaymentInformation says what it charges, and saving collects it. */}
        {owner && invoice.BillingInvoiceStatus === 'Open' && invoice.Amount > 0 && (
          <button type="button" className="p-link" aria-label={t('billingScreen.invoices.payNowNamed', { number: invoice.InvoiceNumber })}
            onClick={() => actions.goTo('updatePaymentInformation', { nextState: 'billing' })}>
            {t('billingScreen.invoices.payNow')}
          </button>
        )}
        <button type="button" className="p-link" aria-label={t('billingScreen.invoices.downloadNamed', { number: invoice.InvoiceNumber })}
          aria-busy={download.busy || undefined} disabled={download.busy} onClick={() => void download.run()}>
          {t('billingScreen.invoices.download')}
        </button>
      </div>
    </li>
  );
}
