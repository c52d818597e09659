import { useTranslation } from '../../i18n/use-translation.ts';
import type { BillingRenewalTerm, Plan } from '@portico/core';
import type { Rated } from '@portico/core/billing/index';
import { planExtras } from '@portico/core/billing/plan-extras';
import { htmlToPlainText as plainText } from '../plain-text.ts';
import { formatAmount } from './format.ts';
import { planOptions } from './plan-picker-logic.ts';
import { planExtrasText } from './price-words.ts';
import type { PlanOption } from './plan-picker-logic.ts';

export interface PlanPickerProps {
  /** The plans to list (sorted here with core's sortPlans). */
  plans: readonly Plan[];
  term: BillingRenewalTerm;
  currency: string;
  chosenUid?: string | null;
  /** The plan being upgraded from: cheaper plans are unavailable. */
  upgradeFrom?: Rated | null;
  /** Called for every pick, unavailable ones included (the caller applies core's choosePlan, which clears then). */
  onChoose(option: PlanOption): void;
  /** A change of an existing subscription (planChange): core's change rules charge no plan setup fee, so the cards do not state one. */
  forChange?: boolean;
}

/**
 * Plan list with availability (spec 4): one card per plan; an unavailable plan
 * (core's isPlanUnavailable for the term or the upgraded-from plan) is shown
 * disabled (aria-disabled, so it stays focusable) with its reason.
 * Uses the selectPlan strings of en.ts so the first screen needs no billing chunk.
 */
export function PlanPicker({ plans, term, currency, chosenUid, upgradeFrom, onChoose, forChange = false }: PlanPickerProps) {
  const options = planOptions(plans, term, upgradeFrom);
  // One card stands out: the chosen plan once there is one listed, else the featured (default) plan.
  const anyChosen = !!chosenUid && options.some((o) => o.plan.Uid === chosenUid);
  return (
    <ul className="p-plans">
      {options.map((o) => (
        <PlanCard key={o.plan.Uid} option={o} currency={currency} chosen={chosenUid === o.plan.Uid} highlighted={anyChosen ? chosenUid === o.plan.Uid : o.plan.IsDefault} forChange={forChange} onChoose={() => onChoose(o)} />
      ))}
    </ul>
  );
}

function PlanCard({ option, currency, chosen, highlighted, forChange, onChoose }: { option: PlanOption; currency: string; chosen: boolean; highlighted: boolean; forChange: boolean; onChoose(): void }) {
  const { t, i18n } = useTranslation();
  const { plan, price, unavailable } = option;
  const disabled = unavailable !== null || price === null;
  const nameId = `plan-${plan.Uid}-name`;
  const reasonId = `plan-${plan.Uid}-reason`;
  const classes = ['p-plan', highlighted ? 'p-plan-featured' : '', chosen ? 'p-plan-chosen' : '', disabled ? 'p-plan-unavailable' : '']
    .filter(Boolean)
    .join(' ');
  // Issue 15: what checkout adds to the price (setup fee, minimum quantity, usage add-ons), in the order summary's words.
  const money = (minor: number) => formatAmount(minor, currency, i18n.language);
  const facts = price ? planExtras(plan, price.term) : null;
  const extras = facts ? planExtrasText(forChange ? { ...facts, setupFee: null } : facts, { t, money }, { one: plan.UnitOfMeasure, other: plan.UnitOfMeasurePlural }) : [];
  return (
    <li className={classes} aria-labelledby={nameId}>
      {plan.IsDefault && <span className="p-plan-badge">{t('selectPlan.popular')}</span>}
      <h3 id={nameId} className="p-plan-name">{plan.Name}</h3>
      {price && (
        <p className="p-price">
          <span className="p-price-amount">{price.rate === 0 ? t('selectPlan.free') : formatAmount(price.rate, currency, i18n.language)}</span>
          {price.rate > 0 && (
            <span className="p-price-term">
              {plan.IsPerUser && plan.UnitOfMeasure ? `${t('selectPlan.perUnit', { unit: plan.UnitOfMeasure })} ` : ''}
              {t(`selectPlan.term.${price.term}`)}
            </span>
          )}
        </p>
      )}
      {extras.length > 0 && (
        <ul className="p-plan-extras">
          {extras.map((line) => <li key={line}>{line}</li>)}
        </ul>
      )}
      {plan.TrialPeriodDays ? <p className="p-plan-trial">{t('selectPlan.trial', { count: plan.TrialPeriodDays })}</p> : null}
      {/* Description is HTML on the wire; rendered as plain text until the sanitizer lands. */}
      {plan.Description && <p className="p-plan-desc">{plainText(plan.Description)}</p>}
      {unavailable && (
        <p id={reasonId} className="p-plan-reason">
          {t(unavailable === 'term' ? 'selectPlan.unavailableTerm' : 'selectPlan.unavailableLower')}
        </p>
      )}
      <button
        type="button"
        className={`p-btn p-btn-block ${highlighted ? 'p-btn-primary' : 'p-btn-secondary'}`}
        aria-disabled={disabled || undefined}
        aria-describedby={unavailable ? reasonId : undefined}
        // The name holds the visible word ('Choose' / 'Selected') and the plan's name (WCAG 2.5.3 label in name).
        aria-label={t(chosen ? 'selectPlan.selectedNamed' : 'selectPlan.chooseNamed', { name: plan.Name })}
        onClick={onChoose}
      >
        {chosen ? t('selectPlan.selected') : t('selectPlan.choose')}
      </button>
    </li>
  );
}
