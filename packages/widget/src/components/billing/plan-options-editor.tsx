import { useTranslation } from '../../i18n/use-translation.ts';
import type { Plan } from '@portico/core';
import { canUncheckAddOn, resolveAddOnTerm, usageItems } from '@portico/core/billing/index';
import type { SelectableAddOn } from '@portico/core/billing/index';
import { IntegerInput } from '../integer-input.tsx';
import { billingSheetRef } from './setup.ts';
import { formatAmount } from './format.ts';
import { detailPrice, unitFor } from './plan-detail-logic.ts';
import { usageDetail } from './order-summary-logic.ts';
import {
  addOnQuantityBounds, addOnRows, hasPlanQuantity, planQuantityBounds, setDraftAddOnQuantity, setDraftQuantity, toggleDraftAddOn,
} from './subscription-draft.ts';
import type { SubscriptionDraft } from './subscription-draft.ts';

export interface PlanOptionsEditorProps {
  plan: Plan;
  draft: SubscriptionDraft;
  currency: string;
  now?: Date;
  newRequiredQuantity?: number | null;
  /** Receives an updater (the quantity inputs report 500 ms later, so never a stale draft). */
  onUpdate(update: (draft: SubscriptionDraft) => SubscriptionDraft): void;
}

/**
 * Add-on / quantity editor: the plan quantity (core quantityBounds, with the
 * 'maximum of N people' message) and the plan's add-ons (core setAddOnSelected /
 * canUncheckAddOn; ended add-ons hidden by visibleAddOns), each with its renewal
 * term (core resolveAddOnTerm, one of addOnRenewalTerms).
 */
export function PlanOptionsEditor({ plan, draft, currency, now = new Date(), newRequiredQuantity, onUpdate }: PlanOptionsEditorProps) {
  const { t } = useTranslation();
  const rows = addOnRows(draft, plan, now);
  const bounds = planQuantityBounds(plan, newRequiredQuantity);
  const unitPlural = unitFor(plan, 2);
  return (
    <div ref={billingSheetRef} className="p-bill-section">
      {hasPlanQuantity(plan) && (
        <IntegerInput
          label={t('billing.options.quantity', { unit: unitPlural ?? t('billing.unitFallback', { count: 2 }) })}
          value={draft.quantity}
          min={bounds.min}
          max={bounds.max}
          {...(bounds.limit === 'people' ? { help: t('billing.options.maxPeople', { count: bounds.max }) } : {})}
          onChange={(q) => onUpdate((d) => setDraftQuantity(d, plan, q))}
        />
      )}
      {rows.length > 0 && (
        <fieldset className="p-fieldset">
          <legend>{t('billing.options.addOns')}</legend>
          <ul className="p-addons">
            {rows.map((row) => (
              <AddOnRow key={row.AddOn.Uid} row={row} draft={draft} plan={plan} currency={currency} onUpdate={onUpdate} />
            ))}
          </ul>
        </fieldset>
      )}
    </div>
  );
}

function AddOnRow({ row, draft, plan, currency, onUpdate }: { row: SelectableAddOn; draft: SubscriptionDraft; plan: Plan; currency: string; onUpdate: PlanOptionsEditorProps['onUpdate'] }) {
  const { t, i18n } = useTranslation();
  const { AddOn: addOn } = row;
  const locked = row.selected && !canUncheckAddOn(row);
  const term = resolveAddOnTerm(addOn, draft.term);
  // Issue 15: a usage add-on has no price per month; it is billed by use, worded as the order summary words it.
  const usage = usageItems({ plan, term: draft.term, addOns: [{ addOn, quantity: 1 }] })[0] ?? null;
  const price = usage ? null : detailPrice(addOn, term);
  const money = (minor: number) => formatAmount(minor, currency, i18n.language);
  const id = `p-addon-${addOn.Uid}`;
  return (
    <li className="p-addon">
      <div className="p-addon-head">
        <div className="p-check">
          <input
            id={id}
            type="checkbox"
            checked={row.selected}
            aria-disabled={locked || undefined}
            aria-describedby={`${id}-meta`}
            onChange={(e) => {
              if (locked) return;
              const checked = e.target.checked;
              onUpdate((d) => toggleDraftAddOn(d, plan, addOn.Uid, checked));
            }}
          />
          <label htmlFor={id}>{addOn.Name}</label>
        </div>
        {usage && <span className="p-detail-price">{t('billing.order.usageAmount')}</span>}
        {price && (
          <span className="p-detail-price">
            {price.amount === 0 ? t('billing.detail.free') : money(price.amount)}
            {price.amount > 0 && <span className="p-detail-price-term">{t(`billing.termSuffix.${term}`)}</span>}
          </span>
        )}
      </div>
      <p id={`${id}-meta`} className="p-addon-meta">
        {locked ? `${t('billing.options.included')} · ` : ''}
        {usage ? usageDetail(usage, { t, money, date: (d) => d }) : t('billing.options.addOnTerm', { term: t(`billing.termAdverb.${term}`) })}
      </p>
      {row.selected && addOn.IsQuantityEditable && (
        <IntegerInput
          label={t('billing.options.addOnQuantity', { name: addOn.Name })}
          value={row.Quantity}
          min={addOnQuantityBounds(addOn).min}
          max={addOnQuantityBounds(addOn).max}
          {...(addOn.UnitOfMeasure ? { help: unitFor(addOn, row.Quantity) ?? undefined } : {})}
          onChange={(q) => onUpdate((d) => setDraftAddOnQuantity(d, plan, addOn.Uid, q))}
        />
      )}
    </li>
  );
}
