import './provider-setup.ts';
import './setup.ts';
import { useEffect, useRef, useState } from 'react';
import { toMinor } from '@portico/core';
import { isCancellingStage } from '@portico/core/billing/cancellation';
import { useWidget } from '../../app/context.ts';
import { addLazySheet } from '../../app/styles/stylesheets.ts';
import { problemErrors } from '../../api/api-problem.ts';
import { useApi, useApiQuery } from '../../api/use-api-query.ts';
import { formatAmount } from '../../components/billing/format.ts';
import { ErrorList } from '../../components/error-list.tsx';
import { ScreenHeading } from '../../components/screen-heading.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useAction } from '../../components/use-action.ts';
import { formatLongDate, formatMediumDate } from '../../i18n/format-date.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useSession } from '../../session/use-session.ts';
import { billingPortalUrl, portalReturnPage } from '../../signin/billing-portal-calls.ts';
import { browser } from '../../signin/complete-sign-in.ts';
import type { ScreenProps } from '../../states.ts';
import { fetchAccount } from '../profile-view/profile-calls.ts';
import { useProfileKey } from '../profile-view/use-profile-key.ts';
import { billingKey, fetchPaymentInformation } from './billing-calls.ts';
import { PaymentInformationBlock } from './payment-information-block.tsx';
import {
  endDate, fetchProviderInvoices, fetchProviderSubscriptions, latestCancelAt, onServer, providerInvoicesKey, providerSubscriptionsKey,
  renewalDate, sortByStart, type ProviderInvoicePage, type ProviderSubscription,
} from './provider-billing-calls.ts';
import providerBillingCss from './provider-billing.css?inline';

function sheetRef(el: HTMLElement | null): void {
  const root = el?.getRootNode();
  if (root && root instanceof ShadowRoot) addLazySheet(root, 'provider-billing', providerBillingCss);
}

/**
 * Payment-provider billing (spec 2 section 2 "Billing" and "Subscriptions (payment-provider
 * billing)"; billing.system Stripe): the provider's subscriptions (Products, Status, Dates, Renewal
 * Date; newest start first; a renewal date only while active and not cancelling), 'Your subscription is
 * scheduled to end on {date}' while the account is Cancelling, the payment information, and the
 * provider's invoices 3 at a time with 'View more' and their PDF links. 'Manage subscriptions' opens
 * the provider's customer portal (the primary contact's; members are told who can).
 */
export function ProviderBilling(_props: ScreenProps<'billing'>) {
  const { t, i18n } = useTranslation();
  const { runtime } = useWidget();
  const api = useApi();
  const { claims } = useSession();
  const accountUid = claims?.accountUid ?? null;
  const isPrimary = claims?.isPrimary ?? false;
  const subs = useApiQuery(providerSubscriptionsKey(accountUid), fetchProviderSubscriptions);
  const account = useApiQuery(useProfileKey('account'), fetchAccount);
  const portal = useAction(async () => {
    if (!accountUid) return;
    browser.assign(await billingPortalUrl(api, accountUid, portalReturnPage(browser.href()), runtime.config.server));
  });
  // The same payment-information block as native billing: the card the provider charges.
  const method = useApiQuery(billingKey(accountUid, 'method'), (api) => (accountUid ? fetchPaymentInformation(api, accountUid) : Promise.resolve(null)));
  const endsOn = account.data && isCancellingStage(account.data.AccountStage) && subs.data ? latestCancelAt(subs.data) : null;

  return (
    <div className="p-pb" ref={sheetRef}>
      <ScreenHeading>{t('states.billing')}</ScreenHeading>
      {endsOn && <p className="p-pb-notice" role="status">{t('providerBilling.endsOn', { date: formatLongDate(endsOn, i18n.language) })}</p>}

      <section className="p-pb-section" aria-labelledby="p-pb-subs">
        <h3 id="p-pb-subs" className="p-pb-heading">{t('providerBilling.subscriptions.heading')}</h3>
        {subs.problem && <ErrorList errors={problemErrors(subs.problem)} />}
        {!subs.data && subs.loading && <Spinner />}
        {subs.data && (subs.data.length === 0
          ? <p className="p-muted">{t('providerBilling.subscriptions.empty')}</p>
          : <SubscriptionTable subs={sortByStart(subs.data)} />)}
        <ErrorList errors={portal.errors} />
        {/* Nothing to manage without a subscription (and no customer at the provider, the portal's 409). */}
        {subs.data && subs.data.length > 0 && <div className="p-pb-actions">
          {isPrimary
            ? (
              <button type="button" className="p-btn p-btn-primary" aria-disabled={portal.busy || !accountUid} aria-busy={portal.busy || undefined}
                onClick={() => void portal.run()}>
                {portal.busy ? t('providerBilling.opening') : t('providerBilling.manage')}
              </button>
            )
            : <p className="p-muted">{t('providerBilling.ownerOnly')}</p>}
        </div>}
      </section>

      {method.problem && <ErrorList errors={problemErrors(method.problem)} />}
      {method.data !== undefined && <PaymentInformationBlock method={method.data} owner={isPrimary} accountUid={accountUid} onSaved={() => method.refetch()} />}

      <Invoices accountUid={accountUid} />
    </div>
  );
}

function SubscriptionTable({ subs }: { subs: ProviderSubscription[] }) {
  const { t, i18n } = useTranslation();
  const date = (iso: string) => formatMediumDate(iso, i18n.language);
  return (
    <table className="p-pb-table">
      <thead>
        <tr>
          <th scope="col">{t('providerBilling.subscriptions.products')}</th>
          <th scope="col">{t('providerBilling.subscriptions.status')}</th>
          <th scope="col">{t('providerBilling.subscriptions.dates')}</th>
          <th scope="col">{t('providerBilling.subscriptions.renewalDate')}</th>
        </tr>
      </thead>
      <tbody>
        {subs.map((s) => {
          const end = endDate(s);
          const renews = renewalDate(s);
          return (
            <tr key={s.Uid}>
              <th scope="row">
                {s.Items.map((item, n) => (
                  <span key={n} className="p-pb-product">
                    {item.Quantity > 1 ? t('providerBilling.subscriptions.quantity', { name: item.Product.Name, count: item.Quantity }) : item.Product.Name}
                  </span>
                ))}
              </th>
              <td>{t(`providerBilling.status.${s.Status}`)}</td>
              <td className="p-pb-nowrap">
                {end ? t('providerBilling.subscriptions.range', { start: date(s.StartDate), end: date(end) }) : t('providerBilling.subscriptions.since', { start: date(s.StartDate) })}
              </td>
              <td className="p-pb-nowrap">
                {/* Spec: only an active subscription shows a renewal date; one cancelling at its period's end says it will not renew. */}
                {renews ? date(renews) : s.Status === 'active' && s.CancelAt ? <span className="p-muted">{t('providerBilling.subscriptions.noRenewal')}</span> : null}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** The invoices 3 at a time: each 'View more' adds the next page (the provider pages by the last invoice's id). */
function Invoices({ accountUid }: { accountUid: string | null }) {
  const { t } = useTranslation();
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  // The last page read so far: its hasMore and last Uid drive 'View more' (kept while the next page loads).
  const [last, setLast] = useState<ProviderInvoicePage | null>(null);
  const [firstEmpty, setFirstEmpty] = useState(false);
  const lastUid = last?.items.at(-1)?.Uid ?? null;
  return (
    <section className="p-pb-section" aria-labelledby="p-pb-invoices">
      <h3 id="p-pb-invoices" className="p-pb-heading">{t('providerBilling.invoices.heading')}</h3>
      {firstEmpty
        ? <p className="p-muted">{t('providerBilling.invoices.empty')}</p>
        : (
          <table className="p-pb-table">
            <thead>
              <tr>
                <th scope="col">{t('providerBilling.invoices.date')}</th>
                <th scope="col" className="p-num">{t('providerBilling.invoices.amount')}</th>
                <th scope="col">{t('providerBilling.invoices.status')}</th>
                <th scope="col"><span className="p-sr-only">{t('providerBilling.invoices.invoice')}</span></th>
              </tr>
            </thead>
            {cursors.map((after, n) => (
              <InvoiceRows key={after ?? '-'} accountUid={accountUid} after={after} focusFirst={n > 0}
                onPage={n === cursors.length - 1 ? setLast : undefined} onEmpty={n === 0 ? setFirstEmpty : undefined} />
            ))}
          </table>
        )}
      {last?.metadata.hasMore && lastUid && (
        <button type="button" className="p-btn p-btn-secondary p-pb-more"
          onClick={() => setCursors((c) => (c.includes(lastUid) ? c : [...c, lastUid]))}>
          {t('providerBilling.invoices.viewMore')}
        </button>
      )}
    </section>
  );
}

function InvoiceRows({ accountUid, after, focusFirst, onPage, onEmpty }: {
  accountUid: string | null; after: string | null;
  /** A page 'View more' added: its first invoice takes the focus when it arrives (the button may be gone by then). */
  focusFirst: boolean;
  onPage?: ((page: ProviderInvoicePage) => void) | undefined;
  onEmpty?: ((empty: boolean) => void) | undefined;
}) {
  const { t, i18n } = useTranslation();
  const { runtime } = useWidget();
  const query = useApiQuery(providerInvoicesKey(accountUid, after), (api) => fetchProviderInvoices(api, after));
  const page = query.data;
  useEffect(() => { if (page) onPage?.(page); }, [page, onPage]);
  useEffect(() => { onEmpty?.(page !== undefined && page.items.length === 0); }, [page, onEmpty]);
  const firstCell = useRef<HTMLTableCellElement>(null);
  const focused = useRef(false);
  useEffect(() => {
    if (!focusFirst || !page || focused.current) return;
    focused.current = true;
    firstCell.current?.focus();
  }, [focusFirst, page]);
  if (query.problem) {
    return <tbody><tr><td colSpan={4}><ErrorList errors={problemErrors(query.problem)} /></td></tr></tbody>;
  }
  if (!page) return <tbody aria-busy="true"><tr><td colSpan={4}><Spinner /></td></tr></tbody>;
  return (
    <tbody>
      {page.items.map((inv, n) => {
        const date = formatMediumDate(inv.PeriodStart, i18n.language);
        return (
          <tr key={inv.Uid}>
            <td className="p-pb-nowrap" ref={n === 0 ? firstCell : undefined} tabIndex={n === 0 && focusFirst ? -1 : undefined}>{date}</td>
            <td className="p-num">{formatAmount(toMinor(inv.Total, inv.Currency), inv.Currency, i18n.language)}</td>
            <td>{t(`providerBilling.invoiceStatus.${inv.Status}`)}</td>
            <td>
              {inv.InvoicePdf
                ? <a href={onServer(inv.InvoicePdf, runtime.config.server)} target="_blank" rel="noopener noreferrer" aria-label={t('providerBilling.invoices.pdfNamed', { date })}>{t('providerBilling.invoices.pdf')}</a>
                : <span className="p-muted">{t('providerBilling.invoices.none')}</span>}
            </td>
          </tr>
        );
      })}
    </tbody>
  );
}
