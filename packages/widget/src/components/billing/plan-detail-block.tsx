import { useTranslation } from '../../i18n/use-translation.ts';
import type { AddOn, BillingRenewalTerm, Plan } from '@portico/core';
import { billingSheetRef } from './setup.ts';
import { formatAmount, formatDate } from './format.ts';
import { detailPrice, showsExpires, trialInfo, unitFor } from './plan-detail-logic.ts';

export interface PlanDetailBlockProps {
  item: Plan | AddOn;
  term: BillingRenewalTerm;
  currency: string;
  /** Shows the quantity badge (with the unit, singular or plural) when set. */
  quantity?: number | null;
  /** Shows the 'Change plan' link (a button styled as a link) when given. */
  onChangePlan?: () => void;
  /** End of the current period, for the 'Expires' date (not shown for one-time terms). */
  expires?: string | null;
  /** Trial text is computed for this instant. */
  now?: Date;
}

/** Spec 2 "Plan detail block": name, quantity badge, 'Change plan', trial, 'Expires', price; dates in medium style. */
export function PlanDetailBlock({ item, term, currency, quantity, onChangePlan, expires, now = new Date() }: PlanDetailBlockProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const isPlan = 'PlanAddOns' in item;
  const trial = isPlan ? trialInfo(item, now) : null;
  const price = detailPrice(item, term);
  const unit = quantity != null ? unitFor(item, quantity) ?? t('billing.unitFallback', { count: quantity }) : null;
  const singleUnit = unitFor(item, 1);
  const nameId = `p-detail-${item.Uid}`;
  return (
    <section ref={billingSheetRef} className="p-detail" aria-labelledby={nameId}>
      <div className="p-detail-head">
        <h3 id={nameId} className="p-detail-name">{item.Name}</h3>
        {quantity != null && unit && (
          <span className="p-detail-badge">{t('billing.detail.quantityBadge', { count: quantity, unit })}</span>
        )}
      </div>
      {price && (
        <p className="p-detail-price">
          {price.amount === 0 ? t('billing.detail.free') : formatAmount(price.amount, currency, locale)}
          {price.amount > 0 && (
            <span className="p-detail-price-term">
              {price.perUnit && singleUnit ? `${t('selectPlan.perUnit', { unit: singleUnit })} ` : ''}
              {t(`billing.termSuffix.${term}`)}
            </span>
          )}
        </p>
      )}
      {(trial || showsExpires(term, expires)) && (
        <p className="p-detail-meta">
          {trial && (
            <span className="p-detail-trial">
              {trial.kind === 'days'
                ? t('billing.detail.trialDays', { count: trial.count })
                : t('billing.detail.trialUntil', { date: formatDate(trial.date, locale) })}
            </span>
          )}
          {showsExpires(term, expires) && <span>{t('billing.detail.expires', { date: formatDate(expires, locale) })}</span>}
        </p>
      )}
      {onChangePlan && (
        <button type="button" className="p-link p-detail-change" onClick={onChangePlan}>
          {t('billing.detail.changePlan')}
        </button>
      )}
    </section>
  );
}
