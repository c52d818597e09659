import { useId, useMemo } from 'react';
import type { ReactNode } from 'react';
import type { DiscountCoupon, Plan } from '@portico/core';
import { useTranslation } from '../../i18n/use-translation.ts';
import { ErrorList } from '../error-list.tsx';
import { retryOf } from '../error-list-logic.ts';
import { billingSheetRef } from './setup.ts';
import { formatAmount, formatDate } from './format.ts';
import { couponDurationText, headline, itemDetail, orderView, usageDetail, whatFollowsText } from './order-summary-logic.ts';
import type { Formatters } from './order-summary-logic.ts';
import type { ChargeSummaryState } from './use-charge-summary.ts';
import type { SubscriptionDraft } from './subscription-draft.ts';

export interface OrderSummaryProps {
  plan: Plan;
  draft: SubscriptionDraft;
  currency: string;
  summary: ChargeSummaryState;
  /** The applied code's coupon (for how long it lasts), when known. */
  coupon: DiscountCoupon | null;
  /** The discount-code entry, shown in the summary under the lines. */
  discount?: ReactNode;
  clock?: Date;
}

/**
 * The order as the best hosted checkouts show it: what is bought and its price at
 * the top; each line as quantity × unit price; subtotal, the discount with its name
 * and how long it lasts, tax and the total due today; then what follows, in one
 * plain sentence computed by core (whatFollows). While a recompute runs the
 * amounts say so; a failure offers Retry when trying again can help.
 */
export function OrderSummary({ plan, draft, currency, summary, coupon, discount, clock }: OrderSummaryProps) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const locale = i18n.language;
  const today = useMemo(() => clock ?? new Date(), [clock]);
  const f: Formatters = { t, money: (minor) => formatAmount(minor, currency, locale), date: (iso) => formatDate(iso, locale) };
  const top = headline(plan, draft, f, today);
  const now = summary.now;
  const view = now ? orderView(now, draft, plan) : null;
  const follows = now ? whatFollowsText({ now, renewal: summary.renewal, draft, plan, coupon, clock: today }, f) : [];
  const pending = summary.busy ? ' p-pending' : '';

  return (
    <section ref={billingSheetRef} className="p-order" aria-labelledby={headingId} aria-busy={summary.busy || undefined}>
      <h3 id={headingId} className="p-sr-only">{t('billing.order.heading')}</h3>
      <div className="p-order-top">
        <p className="p-order-product">
          {top.product}
          {top.quantity && <span className="p-detail-badge">{top.quantity}</span>}
        </p>
        <p className="p-order-price">
          <span className="p-order-price-amount">{top.price}</span>
          {top.priceTerm && <span className="p-order-price-term"> {top.priceTerm}</span>}
        </p>
      </div>
      {summary.errors.length > 0 && (
        <div className="p-order-problem">
          <ErrorList errors={summary.errors} />
          {/* No answer already offers 'Try again' in the list (issue 15); a 5xx or a rate limit gets it here. */}
          {summary.problem?.retryable && !retryOf(summary.errors) && (
            <button type="button" className="p-btn p-btn-secondary" onClick={summary.retry}>{t('common.retry')}</button>
          )}
        </div>
      )}
      {view ? (
        <table className="p-order-table">
          <caption className="p-sr-only">{t('billing.order.caption')}</caption>
          <thead className="p-sr-only">
            <tr>
              <th scope="col">{t('billing.order.item')}</th>
              <th scope="col">{t('billing.order.amount')}</th>
            </tr>
          </thead>
          <tbody>
            {view.items.map((item, n) => {
              const detail = itemDetail(item, f);
              return (
                <tr key={`${n}-${item.uid ?? ''}-${item.kind}`}>
                  <th scope="row">
                    <span className="p-order-name">{item.name}</span>
                    {detail && <span className="p-order-detail">{detail}</span>}
                  </th>
                  <td className={`p-num${pending}`}>{f.money(item.amount)}</td>
                </tr>
              );
            })}
            {view.usage.map((u) => (
              <tr key={`usage-${u.uid}`}>
                <th scope="row">
                  <span className="p-order-name">{u.name}</span>
                  <span className="p-order-detail">{usageDetail(u, f)}</span>
                </th>
                <td className="p-num p-order-muted">{t('billing.order.usageAmount')}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="p-order-sub">
              <th scope="row">{t('billing.order.subtotal')}</th>
              <td className={`p-num${pending}`}>{f.money(view.subtotal)}</td>
            </tr>
            {view.discount && (
              <tr className="p-order-sub">
                <th scope="row">
                  <span className="p-order-name">{t('billing.order.discount', { name: view.discount.name })}</span>
                  {coupon && <span className="p-order-detail">{couponDurationText(coupon, f)}</span>}
                </th>
                <td className={`p-num p-order-discount${pending}`}>{f.money(-view.discount.amount)}</td>
              </tr>
            )}
            {(view.tax !== 0 || view.inclusive) && (
              <tr className="p-order-sub">
                <th scope="row">{t(view.inclusive ? 'billing.order.taxIncluded' : 'billing.order.tax')}</th>
                <td className={`p-num${pending}`}>{f.money(view.tax)}</td>
              </tr>
            )}
            {view.credits.map((c, n) => (
              <tr key={`credit-${n}`} className="p-order-sub">
                <th scope="row">{c.name}</th>
                <td className={`p-num${pending}`}>{f.money(c.amount)}</td>
              </tr>
            ))}
            <tr className="p-order-total">
              <th scope="row">{t('billing.order.total')}</th>
              <td className={`p-num${pending}`}>{f.money(view.total)}</td>
            </tr>
          </tfoot>
        </table>
      ) : summary.errors.length === 0 ? (
        <p className="p-order-calculating" role="status">{t('billing.order.calculating')}</p>
      ) : null}
      {discount}
      {follows.length > 0 && (
        <p className={`p-order-follows${pending}`}>{follows.join(' ')}</p>
      )}
      <p className="p-sr-only" role="status">{summary.busy && view ? t('billing.order.updating') : ''}</p>
    </section>
  );
}
